// Two modes in a cell's rounds. A runtime often lands in one of two steady states per process
// (deno math/pow: 75.3M ops/s in one process, 47.6M and 46.6M in the next two): the rounds are
// not log-normal noise around one value, and a ± computed over them says "wide" where the data
// say "two". Such a cell is reported with both groups beside its interval; at 3 rounds a group
// of one may also be one odd round (a machine hiccup), which the line says.
import { median } from '../measure/stats.js';
import { throughputUnit } from './metrics.js';

/** Round values spread over this factor (largest ÷ smallest) before two modes are considered. */
export const MODE_SPREAD = 1.3;
/** The gap between the modes must be at least this factor … */
export const MODE_GAP = 1.2;
/** … and each mode tight within itself: its own spread at most this. */
export const MODE_TIGHT = 1.15;

/**
 * Split positive round values at their largest gap (on a log scale) into two modes, when the
 * rounds span more than MODE_SPREAD, the gap is at least MODE_GAP and each side is within
 * MODE_TIGHT of itself; else null. Needs 3 rounds or more.
 * @param {number[]} values
 * @returns {{low: {n: number, median: number}, high: {n: number, median: number}, gap: number} | null}
 */
export function twoModes(values) {
  const v = values.filter((x) => Number.isFinite(x) && x > 0).sort((a, b) => a - b);
  if (v.length < 3 || v[v.length - 1] / v[0] <= MODE_SPREAD) return null;
  let at = 0;
  for (let i = 1; i < v.length - 1; i++) if (v[i + 1] / v[i] > v[at + 1] / v[at]) at = i;
  const [lo, hi] = [v.slice(0, at + 1), v.slice(at + 1)];
  const gap = v[at + 1] / v[at];
  const tight = (s) => s[s.length - 1] / s[0] <= MODE_TIGHT;
  if (gap < MODE_GAP || !tight(lo) || !tight(hi)) return null;
  return { low: { n: lo.length, median: median(lo) }, high: { n: hi.length, median: median(hi) }, gap };
}

const fmt = (x) =>
  x >= 1e6 ? `${(x / 1e6).toPrecision(3)}M` : x >= 1e3 ? `${(x / 1e3).toPrecision(3)}k` : x.toPrecision(3);

/**
 * One line per cell of the table whose rounds fall in two modes, in the table's own figure
 * (throughput when the row has it, else time per call).
 * @param {any} agg aggregate()'s result
 * @returns {string[]}
 */
export function modeLines(agg) {
  const lines = [];
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      const t = /** @type {any} */ (cell).metrics?.throughput;
      const m = t ?? /** @type {any} */ (cell).metrics?.time_ns;
      const modes = m ? twoModes(m.values) : null;
      if (!modes) continue;
      const unit = t ? throughputUnit(row.unit) : 'ns per call';
      const side = (s) => `${s.n} round${s.n === 1 ? '' : 's'} near ${fmt(s.median)}`;
      const aside = setsAside(row);
      lines.push(
        `${row.key} on ${id}: rounds in two groups (two modes, or one odd round): ${side(modes.low)} and ${side(modes.high)} ${unit}, ${modes.gap.toFixed(2)}× apart; ${aside ? 'the ratios read the main mode (rounds set aside below)' : 'its interval spans both'}`,
      );
    }
  }
  return [...lines, ...setAsideLines(agg)];
}

/** Whether a table row's throughput ratios set rounds aside (off a comparison's main mode). @param {any} row */
export const setsAside = (row) => Object.values(row.cells).some((c) => /** @type {any} */ (c).ratio?.set_aside);

/**
 * One line per comparison whose ratio set rounds aside (lib/measure/table-stats.js moderateTable): which
 * rounds, their own ratios, and the range of the rounds it reads, so both modes stay in view.
 * @param {any} agg aggregate()'s result
 * @returns {string[]}
 */
export function setAsideLines(agg) {
  const lines = [];
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      const r = /** @type {any} */ (cell).ratio;
      const s = r?.set_aside;
      if (!s) continue;
      const x = (l) => `${Math.exp(l).toFixed(2)}×`;
      const rounds = s.index.map((i) => r.rounds?.[i] ?? i + 1);
      lines.push(
        `${row.key}, ${id} ÷ ${agg.baseline}: round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')} set aside (ratio ${s.logs.map(x).join(', ')}, off the main mode of its ${s.of} rounds: another mode, or one odd process); the ratio ${x(r.log_mean)} reads the other ${r.n}`,
      );
    }
  }
  return lines;
}
