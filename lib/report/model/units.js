// Units for reading: every figure auto-scaled the same way in every table (ns/µs/ms/s, SI
// prefixes on a base unit), and one mark for a figure that does not apply.

/** What a cell shows where a figure does not apply or was not measured. */
export const NA = '—';

/** 1234567 → "1.23M", 0.00116 → "1.16m"; three significant digits, SI prefixes from n to T. */
export function si(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return NA;
  if (x === 0) return '0';
  /** @type {[number, string][]} */
  const units = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
    [1, ''],
    [1e-3, 'm'],
    [1e-6, 'µ'],
    [1e-9, 'n'],
  ];
  for (const [v, s] of units) {
    // 999.95k rounds to "1.00e+3k" at three digits: step up a prefix instead.
    if (Math.abs(x) >= v * 0.9995) return `${(x / v).toPrecision(3)}${s}`;
  }
  return x.toExponential(2);
}

/** A duration in ms as "850 ms", "1.23 s", "34.5 µs", "12.0 ns". */
export function fmtTime(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NA;
  const abs = Math.abs(ms);
  if (abs >= 999.5) return `${(ms / 1000).toPrecision(3)} s`;
  if (abs >= 0.9995 || abs === 0) return `${ms.toPrecision(3)} ms`;
  if (abs >= 0.0009995) return `${(ms * 1e3).toPrecision(3)} µs`;
  return `${(ms * 1e6).toPrecision(3)} ns`;
}

/** A number with a unit after its SI prefix: (5e7, 'B') → "50.0 MB", (12, 'B/s') → "12.0 B/s". */
export function withUnit(x, unit) {
  const t = si(x);
  if (t === NA) return NA;
  const [, num, prefix] = /** @type {RegExpMatchArray} */ (t.match(/^(.*?)([kMGTmµn]?)$/));
  return `${num} ${prefix}${unit}`;
}

/** Bytes as "50.0 MB" (decimal, as throughput is). */
export const fmtBytes = (b) => withUnit(b, 'B');

/** Units whose cells carry their own (auto-scaled) unit; any other unit is named once, in the unit column. */
export const SCALED_UNITS = ['bytes', 'ms', 'ns', 'µs', 'us', 'x'];

/** A value in a metric's unit, scaled for reading. */
export function fmtValue(value, unit) {
  if (!Number.isFinite(value)) return NA;
  if (unit === 'bytes') return fmtBytes(value);
  if (unit === 'ms') return fmtTime(value);
  if (unit === 'ns') return fmtTime(value / 1e6);
  if (unit === 'µs' || unit === 'us') return fmtTime(value / 1e3);
  if (unit === 'x') return `${value.toFixed(2)}×`;
  return `${si(value)}${unit ? ` ${unit}` : ''}`;
}
