// Statistics for parity: medians, quantiles, intervals. Pure functions, no runtime APIs,
// so every runtime's runner and the orchestrator share one implementation.
import { tQuantile } from './tdist.js';

/** @param {number[]} xs */
export function sorted(xs) {
  return [...xs].sort((a, b) => a - b);
}

/** Linear-interpolated quantile of an already sorted array (q in [0, 1]). */
export function quantileSorted(s, q) {
  if (s.length === 0) return Number.NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** @param {number[]} xs */
export function median(xs) {
  return quantileSorted(sorted(xs), 0.5);
}

/** @param {number[]} xs */
export function mean(xs) {
  return xs.reduce((a, v) => a + v, 0) / xs.length;
}

/** Coefficient of variation (sample standard deviation / mean); 0 for fewer than 2 values. */
export function cv(xs) {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  const variance = xs.reduce((a, v) => a + (v - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(variance) / m;
}

/**
 * Distribution-free 95% interval for the median from order statistics
 * (ranks n/2 ± 1.96·√n/2). Needs no resampling, so it is cheap inside a job.
 * @param {number[]} xs
 * @returns {[number, number]}
 */
export function medianCI(xs) {
  const s = sorted(xs);
  const n = s.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const half = (1.96 * Math.sqrt(n)) / 2;
  const lo = Math.max(0, Math.floor(n / 2 - half));
  const hi = Math.min(n - 1, Math.ceil(n / 2 + half) - 1);
  return [s[lo], s[Math.max(lo, hi)]];
}

/**
 * 95% interval of a cell's level from its round medians: a t interval on their logs, mapped back
 * (exp(mean ± t(0.975, n−1)·sd/√n)). Round medians of one runtime are close to log-normal, where
 * this interval is exact at every n ≥ 2; a percentile bootstrap of 2–5 values covers far less
 * (stats.test.js simulates this one). Its centre is the geometric mean, which for a log-symmetric
 * spread is also the median the cell prints. Values ≤ 0 (no log) fall back to a t interval on
 * the values themselves.
 * @param {number[]} xs
 * @returns {[number, number]}
 */
export function roundsInterval(xs) {
  const n = xs.length;
  if (n < 2) return [Number.NaN, Number.NaN];
  const positive = xs.every((x) => x > 0);
  const v = positive ? xs.map(Math.log) : xs;
  const m = mean(v);
  const sd = Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1));
  const half = tQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return positive ? [Math.exp(m - half), Math.exp(m + half)] : [m - half, m + half];
}

/**
 * Keep at most `max` samples, evenly spaced over the sorted distribution, so result
 * files stay small while the shape of the distribution survives.
 * @param {number[]} xs
 */
export function thinSamples(xs, max = 200) {
  const s = sorted(xs);
  if (s.length <= max) return s;
  return Array.from({ length: max }, (_, i) => s[Math.round((i * (s.length - 1)) / (max - 1))]);
}

/**
 * The fewest observations a q-quantile may be printed from: 10 / (1 − q), so that about ten of
 * them lie beyond it (p90 needs 100, p99 1,000, p99.9 10,000). Fewer, and the "p99" is one or two
 * of the largest values, whatever the server's tail is.
 * @param {number} q e.g. 0.99
 */
export function requestsFor(q) {
  return Math.ceil(10 / (1 - q) - 1e-9);
}

/** A quantile's value when `n` observations can hold it, else null. @param {number | null | undefined} value */
export function heldQuantile(value, q, n) {
  return typeof n === 'number' && n >= requestsFor(q) && typeof value === 'number' ? value : null;
}
