// The job's result record: the one object a job reports, whoever measured it (the in-process
// harness's stdout line, workerd's served batch timed by its driver, an HTTP load), and the one
// mapping from it to a row's fields (lib/runtimes/rows.js toRow). Every rule about the record's
// figures lives here: the median and its interval, the rate, the thinned samples, min and max,
// the no-op baseline and the CPU window's precision note. A new field is this module plus the
// results schema (test/record.test.js adds one in a copy of the repo and follows it to a row).
// No `node:` import and no timing code: runners of every kind, workerd's bundle included, load it.
import { medianCI, quantileSorted, sorted, thinSamples } from './stats/stats.js';

/**
 * The no-op baseline, one rule for every shape that times calls of a workload: a no-op of the
 * same loop is measured only when the median call is under this. The guard flags a median within
 * NOOP_FACTOR of the no-op, and the slowest no-op measured here (an async one on node 22 in the
 * harness; workerd's per-call no-op after subtracting the empty request is smaller) read ~410 ns,
 * so a 100 µs call cannot be flagged whatever its no-op reads. Measuring it anyway cost ~25 ms of
 * every harness job (mitata's loop compile, warm-up and 10 ms of samples) and five requests of
 * every workerd job. Before, workerd measured it always; its rows of ≥ 100 µs calls now have
 * `noop_ns: null`, as the harness's had.
 */
export const NOOP_MATTERS_NS = 100e3;

/** A median within this factor of the no-op's is marked `suspect`: likely optimised away. */
export const NOOP_FACTOR = 1.5;

/** A CPU window whose error bound exceeds this share of its CPU figure carries a `note`. */
export const PRECISION = 0.05;

/** Rates per unit: decimal MB/s for bytes, req/s for requests, starts/s for process starts, ops/s for anything else. */
const RATES = {
  bytes: { unit: 'MB/s', scale: 1e-6 },
  requests: { unit: 'req/s', scale: 1 },
  starts: { unit: 'starts/s', scale: 1 },
};

/**
 * A CPU window as the row carries it: with a note when its error bound is over PRECISION of it.
 * @template {{cpu_ms: number, error_ms: number}} W
 * @param {W | null} w
 * @returns {W & {note?: string} | null}
 */
export function withPrecision(w) {
  if (!w) return null;
  const of = Math.max(w.cpu_ms, 1e-9);
  if (w.error_ms <= PRECISION * of) return w;
  const pct = Math.round((w.error_ms / of) * 100);
  return { ...w, note: `low precision: ${w.cpu_ms.toFixed(1)} ms of CPU read ±${w.error_ms} ms (±${pct}%)` };
}

/**
 * The record of a job that ended ok, from its per-call samples (ns). `noop` measures the no-op
 * baseline and is called only when the rule above wants it (after everything else the caller
 * timed, so it takes nothing from the samples); a shape with no no-op (a server's request) leaves
 * it out. `rest` (the runtime's facts, report, metrics, inproc, unmeasured) is kept as given.
 * @param {number[]} samples
 * @param {{unit: string, units: number, timer: string, gc?: string | null, calls?: number,
 *   noop?: (() => Promise<number>) | null, cpu_window?: any} & Record<string, any>} o
 */
export async function summarise(samples, { unit, units, timer, gc = null, calls, noop = null, cpu_window, ...rest }) {
  const s = sorted(samples);
  const median_ns = quantileSorted(s, 0.5);
  const noop_ns = noop && median_ns < NOOP_MATTERS_NS ? await noop() : null;
  const rate = RATES[unit] ?? { unit: 'ops/s', scale: 1 };
  return {
    status: 'ok',
    unit,
    units_per_call: units,
    calls: calls ?? s.length,
    samples_total: s.length,
    samples_ns: thinSamples(s),
    median_ns,
    // An interval needs two samples; one (an HTTP load's time per request) has none.
    ci95_ns: s.length >= 2 ? medianCI(s) : null,
    // Kept in the record (the runner's line, what a repro prints); rows do not carry them.
    min_ns: s[0],
    max_ns: s[s.length - 1],
    throughput: { value: (units / (median_ns / 1e9)) * rate.scale, unit: rate.unit },
    noop_ns,
    suspect:
      noop_ns !== null && median_ns < noop_ns * NOOP_FACTOR
        ? `median ${median_ns.toFixed(1)} ns is within ${NOOP_FACTOR}x of a no-op (${noop_ns.toFixed(1)} ns): likely optimised away`
        : null,
    timer,
    gc,
    cpu_window: withPrecision(cpu_window ?? null),
    ...rest,
  };
}

/**
 * The record of a job that ended ok with figures but no timed calls (an HTTP server's memory
 * with idle connections): no samples, no median, no rate; its figures are in `metrics`.
 * @param {{unit: string, calls: number, timer: string} & Record<string, any>} o
 */
export function figuresRecord({ unit, calls, timer, ...rest }) {
  return {
    status: 'ok',
    unit,
    units_per_call: 1,
    calls,
    samples_total: 0,
    samples_ns: [],
    median_ns: null,
    ci95_ns: null,
    throughput: null,
    noop_ns: null,
    suspect: null,
    timer,
    gc: null,
    ...rest,
  };
}

/**
 * The record of a simulated job: a median drawn from kept rounds (the coverage simulation drives
 * the stopping rule with them), no samples of its own.
 * @param {number} median_ns
 */
export function simulatedRecord(median_ns) {
  return { status: 'ok', median_ns, samples_total: 0, samples_ns: [], simulated: true };
}

/**
 * The record of a job that did not end ok.
 * @param {string} status 'error' | 'unsupported' | …
 * @param {string} error
 * @param {string | null} phase
 * @param {Record<string, any>} [more] e.g. the workload's unit
 */
export function failedRecord(status, error, phase, more = {}) {
  return { status, error, phase, ...more };
}

/**
 * A runner's record from its stdout: the last line, which the job protocol says is one JSON
 * object (anything before it is the workload's own output). Null when there is none.
 * @param {string} stdout
 */
export function parseRecord(stdout) {
  const last = stdout.trim().split('\n').filter(Boolean).at(-1);
  try {
    const r = JSON.parse(last ?? '');
    return r !== null && typeof r === 'object' && !Array.isArray(r) ? r : null;
  } catch {
    return null;
  }
}

/**
 * Fields a row takes from the record whatever the job's status, and what the row holds when the
 * record has none (the driver's probe may still know the runtime's facts: `fallback`).
 */
const FACTS = {
  runtime_version: null,
  engine: null,
  engine_version: null,
  phase: null,
  unit: null,
  noop_ns: null,
  suspect: null,
  timer: null,
  gc: null,
  inproc: null,
};

/**
 * Figures a row takes only from a job that ended ok (a timed-out or crashed job's record may
 * hold figures that no longer stand), and what the row holds otherwise.
 */
const FIGURES = {
  units_per_call: null,
  samples_ns: [],
  samples_total: 0,
  calls: 0,
  median_ns: null,
  ci95_ns: null,
  throughput: null,
  cpu_window: null,
};

/** A figure kept only when it is one: a rate that is not a finite number (no request completed) is none. */
const VALID = { throughput: (t) => Number.isFinite(t?.value) };

/**
 * The row's fields from a job's record: the one mapping between the two.
 * @param {Record<string, any> | null} record
 * @param {boolean} ok the row's status (toRow's, which outside events can override) is ok
 * @param {Record<string, any>} [fallback] facts known without the record
 */
export function rowFields(record, ok, fallback = {}) {
  const r = record ?? {};
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, none] of Object.entries(FACTS)) out[k] = r[k] ?? fallback[k] ?? none;
  for (const [k, none] of Object.entries(FIGURES)) {
    const v = r[k];
    const keep = ok && v !== undefined && v !== null && (VALID[k]?.(v) ?? true);
    out[k] = keep ? v : Array.isArray(none) ? [] : none;
  }
  if (r.report !== undefined) out.report = r.report;
  // run --calibrate: the fixed calibration's speeds beside the workload (only present when asked).
  if (r.calibration !== undefined) out.calibration = r.calibration;
  return out;
}
