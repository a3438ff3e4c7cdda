// Equivalence as a test of its own: two one-sided t tests (TOST, Schuirmann 1987) on the mean log
// ratio against a margin symmetric in logs, ±log(1.05), so that "5% slower" and "5% faster" are
// the same distance from 1 (a margin of [0.95, 1.05] is −5.13% and +4.88% in logs). At level α,
// TOST rejects "not equivalent" exactly when the (1 − 2α) interval lies inside the margin: the
// equivalence claim is made at the same level α as the difference claims beside it.
import { tCdf, tQuantile } from './tdist.js';

/** The equivalence margin as a share: equivalent means within a factor of 1.05 either way. */
export const EQUIVALENCE_MARGIN = 0.05;

/** The margin on the log scale, the same on both sides. */
export const LOG_MARGIN = Math.log(1 + EQUIVALENCE_MARGIN);

/** The margin as ratios: [1/1.05, 1.05]. @type {[number, number]} */
export const MARGIN_RATIOS = [Math.exp(-LOG_MARGIN), Math.exp(LOG_MARGIN)];

/**
 * TOST's p-value: the larger of the two one-sided tests' (H0: log ratio ≤ −δ; H0: log ratio ≥ δ),
 * on the t parts of a ratio. NaN without a test (under 2 rounds); with no spread (se 0) it is 0
 * inside the margin and 1 outside.
 * @param {{log_mean: number, se: number, df: number}} r
 * @param {number} [delta] the log margin
 */
export function tostP(r, delta = LOG_MARGIN) {
  if (!(r.df > 0) || !Number.isFinite(r.se) || !Number.isFinite(r.log_mean)) return Number.NaN;
  if (r.se === 0) return Math.abs(r.log_mean) < delta ? 0 : 1;
  const lower = 1 - tCdf((r.log_mean + delta) / r.se, r.df);
  const upper = tCdf((r.log_mean - delta) / r.se, r.df);
  return Math.max(lower, upper);
}

/**
 * A verdict at two-sided level α, from a ratio's t parts: faster or slower when its (1 − α)
 * interval excludes 1; else equivalent when TOST at α holds (its (1 − 2α) interval inside
 * [1/1.05, 1.05]); else inconclusive. A difference that is real and also small stays faster or
 * slower: the finer claim.
 * @param {{ratio: number, log_mean: number, se: number, df: number}} r
 * @param {number} alpha
 * @returns {'faster'|'slower'|'equivalent'|'inconclusive'}
 */
export function verdictAt(r, alpha) {
  if (!(r.df > 0) || !Number.isFinite(r.se) || !Number.isFinite(r.log_mean)) return 'inconclusive';
  const half = r.se === 0 ? 0 : tQuantile(1 - alpha / 2, r.df) * r.se;
  if (r.log_mean - half > 0) return 'faster';
  if (r.log_mean + half < 0) return 'slower';
  return tostP(r) <= alpha ? 'equivalent' : 'inconclusive';
}
