// Robust scale: how far a suite's rounds scatter, read so that the rare slow process does not
// widen the very bar meant to catch it: the median absolute deviation scaled to the SD of normal
// data (Hampel 1974), and for a suite's many short comparisons the median pairwise difference
// within each (Shamos). Pure functions.

/** The median of numbers (a sorted copy). NaN for none. @param {number[]} xs */
export function medianOf(xs) {
  if (!xs.length) return Number.NaN;
  const v = [...xs].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** 1.4826 × the median absolute deviation from the median: the SD for normal data. @param {number[]} xs */
export function madScale(xs) {
  const m = medianOf(xs);
  return 1.4826 * medianOf(xs.map((x) => Math.abs(x - m)));
}

/**
 * The pooled robust SD of a suite's per-round log ratios, from the differences between rounds of
 * one comparison (so real differences between comparisons do not count as scatter, and no fitted
 * centre shrinks it at a few rounds): the median of |x_i − x_j| over every pair of rounds within
 * each comparison, pooled over the suite, × 1.0483 (Shamos' estimator: |X − Y| of two normal
 * draws is σ·√2·|Z|, whose median is σ·√2·0.6745). A slow process is in only its own
 * comparison's pairs, so a few of them leave the median where it is. NaN with fewer than
 * `minPairs` pairs to pool.
 * @param {number[][]} logsPerComparison
 * @param {number} [minPairs]
 */
export function pooledMadScale(logsPerComparison, minPairs = 20) {
  const diffs = [];
  for (const logs of logsPerComparison) {
    for (let i = 0; i < logs.length; i++)
      for (let j = i + 1; j < logs.length; j++) diffs.push(Math.abs(logs[i] - logs[j]));
  }
  return diffs.length >= minPairs ? 1.0483 * medianOf(diffs) : Number.NaN;
}

/**
 * Whether one process's calibration is off: slower than the median of the run's readings of the
 * same runtime so far by more than max(minDistance, k · their MAD scale), in logs. Only slower
 * counts: the host's slow state is what it looks for. With fewer than `minReadings` readings there
 * is no spread to judge by, so nothing is off.
 * @param {number[]} readings the runtime's calibration speeds so far (processes kept)
 * @param {number} value this process's (the slower of its before and after readings)
 * @param {{k?: number, minDistance?: number, minReadings?: number}} [o]
 * @returns {{off: boolean, median: number, bar: number}} bar: the share of speed lost that counts
 */
export function calibrationOff(readings, value, { k = 3, minDistance = Math.log(1.1), minReadings = 5 } = {}) {
  const logs = readings.filter((x) => x > 0 && Number.isFinite(x)).map(Math.log);
  if (logs.length < minReadings || !(value > 0)) return { off: false, median: Number.NaN, bar: Number.NaN };
  const m = medianOf(logs);
  const bar = Math.max(minDistance, k * madScale(logs));
  return { off: m - Math.log(value) > bar, median: Math.exp(m), bar: -Math.expm1(-bar) };
}
