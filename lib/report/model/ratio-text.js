// The words a ratio reads as, one form for every printer: its number ("1.23×"), its interval
// ("[1.10–1.37]"), its verdict in words, and the legend of the marks. The figures come from
// lib/measure/stats/compare.js.
import { EQUIVALENCE_MARGIN, VERDICT_MARK, widthText } from '../../measure/stats/paired.js';

/** The equivalence margin as legends print it: "±5% in logs ([0.952–1.05])", symmetric in logs. */
export const MARGIN_TEXT = `±${Math.round(EQUIVALENCE_MARGIN * 100)}% in logs ([${(1 / (1 + EQUIVALENCE_MARGIN)).toFixed(3)}–${1 + EQUIVALENCE_MARGIN}])`;

/**
 * A verdict in words, one phrase for every printer: "faster", "slower", "equivalent (±5%)",
 * "inconclusive: ±49%, 3 rounds".
 * @param {{verdict?: string, ci95?: [number, number], n?: number}} r
 */
export function verdictText(r) {
  if (r.verdict === 'equivalent') return `equivalent (±${Math.round(EQUIVALENCE_MARGIN * 100)}%)`;
  if (r.verdict === 'inconclusive') return `inconclusive: ${widthText(r)}`;
  return r.verdict ?? '';
}

/** A ratio's number: 2 decimals below 10, 1 below 100, then whole with separators. */
export function fmtX(x) {
  if (!Number.isFinite(x)) return '—';
  return x >= 100 ? Math.round(x).toLocaleString('en') : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/** A ratio in a cell: "1.23×" (faster or slower), "=1.02×" (equivalent), "?0.97×" (inconclusive). */
export function fmtRatio(r) {
  if (!r || !Number.isFinite(r.ratio)) return '';
  return `${VERDICT_MARK[r.verdict] ?? ''}${fmtX(r.ratio)}×`;
}

/** An interval as "[1.10–1.37]", or '' when there is none. @param {[number, number] | undefined} ci */
export function fmtInterval(ci) {
  return ci && Number.isFinite(ci[0]) && Number.isFinite(ci[1]) ? `[${fmtX(ci[0])}–${fmtX(ci[1])}]` : '';
}

/**
 * THE text form of a ratio with its interval, used by every table and analysis:
 * `1.23× [1.10–1.37]`, `=0.99× [0.97–1.02]`, `?0.98× [0.71–1.35]`, `?1.01×` (one round: no interval), "—" (no ratio).
 * `interval: false` is a default table cell's form (SHOW=spread adds the interval back);
 * `mark: false` leaves out the verdict's mark where a column of its own gives the verdict.
 * @param {{ratio: number, ci95?: [number, number], verdict?: string} | null | undefined} r
 * @param {{interval?: boolean, mark?: boolean}} [opts]
 */
export function ratioText(r, { interval = true, mark = true } = {}) {
  if (!r || !Number.isFinite(r.ratio)) return '—';
  const x = mark ? fmtRatio(r) : `${fmtX(r.ratio)}×`;
  return [x, interval ? fmtInterval(r.ci95) : ''].filter(Boolean).join(' ');
}

/**
 * How a suite's ratio columns read, for its legend after its own words on what is divided by
 * what. `detail`: the intervals are shown (SHOW=spread); without it the legend says how to see them.
 * @param {boolean} [detail]
 */
export function ratioLegend(detail = false) {
  const how = detail ? ' [its 95% t interval]' : '';
  const see = detail ? '' : '; SHOW=spread adds the intervals';
  return `the geometric mean of per-round ratios${how}; no mark = faster or slower (the interval excludes 1), "=" = equivalent (two one-sided tests at the interval's level place it within ${MARGIN_TEXT}), "?" = inconclusive (neither)${see}.`;
}
