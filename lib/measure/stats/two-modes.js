// Two modes in a cell's rounds. A runtime often lands in one of two steady states per process,
// so the rounds are not log-normal noise around one value, and a ± computed over them says "wide"
// where the data say "two". twoModes finds such a split; the report prints it beside the interval
// (lib/report/model/two-mode-lines.js).

import { median } from './stats.js';

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
