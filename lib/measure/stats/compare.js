// Ratios between runtimes as the tables use them: pairing by round, the ratio with its interval,
// the table-wide correction for many comparisons and the A/A floor as a second gate. The words a
// ratio reads as are lib/report/model/ratio-text.js.
import { pairedRatio, unpairedRatio } from './paired.js';
import { adjustTable, moderateTable } from './table-stats.js';

/**
 * The correction applied across the comparisons of one table, as the legend names it: the
 * false-coverage-rate adjusted intervals of Benjamini & Yekutieli (2005), selection by
 * Benjamini–Hochberg, without their c(m) factor (table-stats.js adjustTable), so the interval a
 * table prints and its verdict agree. Named with its year and condition because "Benjamini–
 * Yekutieli" alone reads as their 2001 FDR procedure, which divides by c(m) for any dependence.
 * Not Holm: a table asks "which of these differences are real", and at QUICK's rounds Holm over 84
 * comparisons hides ratios of 2.5×; BH bounds the share of false claims at 5%, and when every
 * difference is noise the chance of any claim too.
 */
export const CORRECTION = 'Benjamini–Yekutieli (2005) false-coverage-rate';

/** When the correction holds, for the legend and docs. */
export const CORRECTION_CONDITION =
  'without the c(m) factor: valid when the comparisons are independent or positively dependent, as comparisons against one shared baseline are';

/**
 * A ratio against the baseline, oriented so that > 1 always means "better than the baseline"
 * (faster, less CPU, less memory); `significant` is the verdict's short form. `p_adj` is the
 * p-value after the table's correction, `within_floor` a difference inside the A/A noise floor.
 * @typedef {import('./paired.js').RatioResult & {significant: boolean, p_adj?: number, within_floor?: boolean, disagrees?: boolean, rounds?: number[]}} Ratio
 */

const usable = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * Align a baseline's and a cell's rows by round, keeping rounds where both are ok and both have
 * a finite, positive value of `of` (a ratio of anything else has no meaning).
 * @param {any[]} baseRows
 * @param {any[]} cellRows
 * @param {(r: any) => number | null} [of]
 * @returns {{a: number[], b: number[], rounds: number[]}}
 */
export function pairRounds(baseRows, cellRows, of = (r) => r.median_ns) {
  const base = new Map(baseRows.filter((r) => r.status === 'ok' && usable(of(r))).map((r) => [r.round, of(r)]));
  /** @type {{a: number[], b: number[], rounds: number[]}} */
  const out = { a: [], b: [], rounds: [] };
  for (const r of [...cellRows].sort((x, y) => x.round - y.round)) {
    const v = of(r);
    if (r.status !== 'ok' || !usable(v) || !base.has(r.round)) continue;
    out.a.push(/** @type {number} */ (base.get(r.round)));
    out.b.push(/** @type {number} */ (v));
    out.rounds.push(r.round);
  }
  return out;
}

/** A row reader for a figure the row carries in `row.metrics` (HTTP, worker pools). @param {string} id */
export const ofMetric = (id) => (r) => r.metrics?.[id]?.value ?? null;

/**
 * The ratio as tables keep it: its short verdict, and the round numbers it pairs (`rounds`), by
 * which the rounds a table sets aside (set_aside.index, positions among them) are named.
 * @param {import('./paired.js').RatioResult} r
 * @param {number[]} [rounds]
 * @returns {Ratio}
 */
const withSignificance = (r, rounds) => ({
  ...r,
  ...(rounds ? { rounds } : {}),
  significant: r.verdict === 'faster' || r.verdict === 'slower',
});

/**
 * The ratio of one metric between the baseline's cell and another, paired by round (the runtimes
 * of one round ran back to back). A metric without a direction has no "better", so no ratio.
 * @param {{rows: any[]}} base
 * @param {{rows: any[]}} cell
 * @param {{better: string, of: (r: any) => number | null}} metric
 * @returns {Ratio | null}
 */
export function cellRatio(base, cell, metric) {
  if (metric.better === 'none') return null;
  const { a, b, rounds } = pairRounds(base.rows, cell.rows, metric.of);
  if (!a.length) return null;
  // pairedRatio(x, y) is the mean of log(x/y): baseline over this cell for lower-is-better.
  return withSignificance(metric.better === 'lower' ? pairedRatio(a, b) : pairedRatio(b, a), rounds);
}

/**
 * The ratio num ÷ den of one figure between two sets of rows (two workloads, strategies or loads
 * of one runtime, as the suites' analyses compare them), paired by round with pairRounds' rule:
 * the geometric mean of per-round ratios with its t interval. Not oriented: > 1 means num's figure
 * is the larger. With no round to pair, the ratio is NaN (ratioText prints "—").
 * @param {any[]} numRows
 * @param {any[]} denRows
 * @param {(r: any) => number | null} [of] time per call unless told
 * @returns {Ratio}
 */
export function roundRatio(numRows, denRows, of = (r) => r.median_ns) {
  const { a, b, rounds } = pairRounds(denRows, numRows, of);
  // pairedRatio(x, y) is the geometric mean of x/y: the numerator's figures over the denominator's.
  return withSignificance(pairedRatio(b, a), rounds);
}

/**
 * The same metric of one runtime in two files (A → B), unpaired (Welch on logs): > 1 means B is better.
 * @returns {Ratio | null}
 */
export function fileRatio(cellA, cellB, metric) {
  const vals = (c) =>
    c.rows
      .filter((r) => r.status === 'ok')
      .map(metric.of)
      .filter(usable);
  const [a, b] = [vals(cellA), vals(cellB)];
  if (!a.length || !b.length || metric.better === 'none') return null;
  return withSignificance(metric.better === 'lower' ? unpairedRatio(a, b) : unpairedRatio(b, a));
}

/**
 * Correct one table's ratios together (CORRECTION over every comparison it shows), then apply the A/A
 * floor as a second gate: a difference no larger than the row's floor is not a claim of faster or
 * slower (the machine moves identical binaries that far); it stays equivalent only if its interval
 * lies within the margin, else it is inconclusive.
 * @param {Ratio[]} ratios every ratio of one metric in one table (mutated)
 * Paired ratios first borrow variance from the rest of their group (moderateTable; `groupOf`: a
 * suite), so that 3 rounds are not read with 2 degrees of freedom alone.
 * @param {(r: Ratio) => number | undefined} [floorOf] the row's A/A floor as a share, if known
 * @param {(r: any) => string} [groupOf] the rows that share a prior (one group unless told)
 */
export function correctTable(ratios, floorOf = () => undefined, groupOf = () => '') {
  moderateTable(ratios, groupOf);
  adjustTable(ratios);
  for (const r of ratios) {
    const f = floorOf(r);
    if (f !== undefined && Number.isFinite(r.ratio) && Math.abs(r.ratio - 1) <= f) {
      r.within_floor = true;
      if (r.verdict === 'faster' || r.verdict === 'slower') r.verdict = 'inconclusive';
    }
    r.significant = r.verdict === 'faster' || r.verdict === 'slower';
  }
  return ratios;
}

/**
 * Whether a ratio and the cells' medians point opposite ways (the ratio is the geometric mean of
 * per-round ratios, the cells medians over rounds: with a noisy round they can disagree).
 * @param {Ratio} r oriented, > 1 = better than the baseline
 * @param {number} baseMedian the baseline cell's median of the metric
 * @param {number} cellMedian this cell's median
 * @param {'higher' | 'lower'} better
 */
export function disagrees(r, baseMedian, cellMedian, better) {
  if (!Number.isFinite(r.ratio) || !(baseMedian > 0) || !(cellMedian > 0)) return false;
  const byMedians = better === 'lower' ? baseMedian / cellMedian : cellMedian / baseMedian;
  return (r.ratio - 1) * (byMedians - 1) < 0;
}
