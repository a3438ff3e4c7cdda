// Ratios between runtimes from paired rounds, and between files from unpaired rounds. Pure functions.
//
// Within one round the runtimes run back to back, so whatever slows the machine for a few
// seconds slows every runtime of that round alike. The per-round ratio a_r / b_r cancels that
// shared drift; resampling each side's rounds independently does not, and with 2-3 rounds a
// percentile bootstrap is far too narrow anyway. So: take logs of the per-round ratios, and
// use a one-sample t interval on them (exact when the log ratios are normal, which they are
// when each runtime's round median is log-normal around its own level).

/** Two-sided level of every claim. */
export const ALPHA = 0.05;

/**
 * Below this many paired rounds a non-significant result is reported as 'too-few' instead of
 * 'same': with n = 2 (t has 1 df, critical value 12.7) even a 10% difference at 2% noise per
 * round is found less than a fifth of the time, so "no difference" would be an empty claim.
 * A significant result is reported at any n >= 2: the test holds its 5% level there.
 */
export const minRoundsForClaim = 3;

/**
 * @typedef {'faster'|'slower'|'same'|'too-few'} Verdict
 * @typedef {{ratio: number, ci95: [number, number], n: number, verdict: Verdict, p: number}} RatioResult
 *   ratio: throughput of b relative to a (a's time / b's time; > 1 means b is faster);
 *   n: paired rounds (pairedRatio) or the smaller side's rounds (unpairedRatio);
 *   p: two-sided p-value of "ratio = 1" (NaN when there is no test).
 */

// ---------------------------------------------------------------------------------------------
// Student's t distribution: exact CDF through the regularised incomplete beta function, and its
// inverse by bisection on that CDF (any df > 0, integer or not, so Welch's df works too).

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/**
 * ln Γ(x) for x > 0 (Lanczos, g = 7; about 15 significant digits).
 * @param {number} x
 */
export function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let s = LANCZOS[0];
  for (let i = 1; i < 9; i++) s += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x, a, b) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/**
 * Regularised incomplete beta function I_x(a, b).
 * @param {number} x in [0, 1]
 * @param {number} a > 0
 * @param {number} b > 0
 */
export function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/**
 * P(T ≤ t) for Student's t with `df` degrees of freedom.
 * @param {number} t
 * @param {number} df > 0
 */
export function tCdf(t, df) {
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Two-sided p-value of a t statistic. */
function tTwoSidedP(t, df) {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? Number.NaN : 0;
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** @type {Map<string, number>} */
const quantileCache = new Map();

/**
 * Inverse CDF of Student's t: the t with P(T ≤ t) = p. Bisection on the exact CDF to 1e-12
 * relative; cached, since tables ask for the same few (p, df) over and over.
 * @param {number} p in (0, 1)
 * @param {number} df > 0
 */
export function tQuantile(p, df) {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const key = `${p}|${df}`;
  const hit = quantileCache.get(key);
  if (hit !== undefined) return hit;
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  const q = (lo + hi) / 2;
  if (quantileCache.size < 1000) quantileCache.set(key, q);
  return q;
}

// ---------------------------------------------------------------------------------------------
// Ratios.

/** @param {number[]} xs */
function meanOf(xs) {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample variance (n - 1). @param {number[]} xs */
function varianceOf(xs) {
  const m = meanOf(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s / (xs.length - 1);
}

/**
 * Common tail of both tests: a difference of mean logs `d` with standard error `se` and `df`
 * degrees of freedom, turned into the ratio, its interval, p and a verdict.
 * @returns {RatioResult}
 */
function verdictFromLogDiff(d, se, df, n) {
  const ratio = Math.exp(d);
  if (!(df > 0) || !Number.isFinite(se)) {
    return { ratio, ci95: [Number.NaN, Number.NaN], n, verdict: 'too-few', p: Number.NaN };
  }
  if (se === 0) {
    // Every round gave the same ratio (identical or quantised timings): no spread to test against.
    const verdict = d === 0 ? (n < minRoundsForClaim ? 'too-few' : 'same') : d > 0 ? 'faster' : 'slower';
    return { ratio, ci95: [ratio, ratio], n, verdict, p: d === 0 ? 1 : 0 };
  }
  const t = d / se;
  const p = tTwoSidedP(t, df);
  const half = tQuantile(1 - ALPHA / 2, df) * se;
  /** @type {[number, number]} */
  const ci95 = [Math.exp(d - half), Math.exp(d + half)];
  /** @type {Verdict} */
  let verdict;
  if (p < ALPHA) verdict = d > 0 ? 'faster' : 'slower';
  else verdict = n < minRoundsForClaim ? 'too-few' : 'same';
  return { ratio, ci95, n, verdict, p };
}

/**
 * Throughput ratio of runtime b against baseline a from rounds paired by round number.
 * The ratio is the geometric mean of the per-round ratios a_r / b_r (the centre of the t
 * interval on log ratios, so ratio and interval always agree; with 2 rounds it equals the
 * median's role anyway, and ratios multiply, so the log scale is the natural one). The 95%
 * interval is exp(mean ± t(0.975, n-1) · sd/√n) of the log ratios.
 * @param {number[]} aTimes baseline's per-round time per call, aligned with bTimes by round
 * @param {number[]} bTimes the cell's runtime, same rounds, same order (only rounds where both are ok)
 * @returns {RatioResult}
 */
export function pairedRatio(aTimes, bTimes) {
  if (aTimes.length !== bTimes.length) throw new Error('pairedRatio: rounds must be aligned (same length)');
  const logs = aTimes.map((a, i) => Math.log(a / bTimes[i]));
  const n = logs.length;
  if (n === 0) return { ratio: Number.NaN, ci95: [Number.NaN, Number.NaN], n, verdict: 'too-few', p: Number.NaN };
  const d = meanOf(logs);
  if (n === 1) return verdictFromLogDiff(d, Number.NaN, 0, n);
  return verdictFromLogDiff(d, Math.sqrt(varianceOf(logs) / n), n - 1, n);
}

/**
 * Throughput ratio between two unpaired sets of rounds, e.g. one runtime in two results files
 * (file A's times as `aTimes`, file B's as `bTimes`: > 1 means B is faster). Welch's t on log
 * times; the ratio is the ratio of geometric means. This covers round-to-round noise only: a
 * shift of the whole machine between the two runs looks like a real difference.
 * @param {number[]} aTimes
 * @param {number[]} bTimes
 * @returns {RatioResult}
 */
export function unpairedRatio(aTimes, bTimes) {
  const la = aTimes.map(Math.log);
  const lb = bTimes.map(Math.log);
  const n = Math.min(la.length, lb.length);
  if (n === 0) return { ratio: Number.NaN, ci95: [Number.NaN, Number.NaN], n, verdict: 'too-few', p: Number.NaN };
  const d = meanOf(la) - meanOf(lb);
  if (n === 1) return verdictFromLogDiff(d, Number.NaN, 0, n);
  const va = varianceOf(la) / la.length;
  const vb = varianceOf(lb) / lb.length;
  const se = Math.sqrt(va + vb);
  // Welch–Satterthwaite degrees of freedom (between min(n) - 1 and na + nb - 2).
  const df =
    se === 0 ? la.length + lb.length - 2 : (va + vb) ** 2 / (va ** 2 / (la.length - 1) + vb ** 2 / (lb.length - 1));
  return verdictFromLogDiff(d, se, df, n);
}

/**
 * Align a baseline's and a runtime's result rows by round, keeping rounds where both are ok.
 * @param {{round: number, status: string, median_ns: number | null}[]} baseRows
 * @param {{round: number, status: string, median_ns: number | null}[]} cellRows
 * @returns {{a: number[], b: number[], rounds: number[]}}
 */
export function pairByRound(baseRows, cellRows) {
  const base = new Map(baseRows.filter((r) => r.status === 'ok').map((r) => [r.round, r.median_ns]));
  const out = {
    a: /** @type {number[]} */ ([]),
    b: /** @type {number[]} */ ([]),
    rounds: /** @type {number[]} */ ([]),
  };
  for (const r of [...cellRows].sort((x, y) => x.round - y.round)) {
    if (r.status !== 'ok' || !base.has(r.round)) continue;
    out.a.push(/** @type {number} */ (base.get(r.round)));
    out.b.push(/** @type {number} */ (r.median_ns));
    out.rounds.push(r.round);
  }
  return out;
}

/**
 * Noise floor of an A/A file (the same runtime twice, or two identical builds): how far from
 * 1.00x identical runtimes land, and how often the test wrongly calls a difference.
 * @param {[number[], number[]][]} pairs per row: [aTimes, bTimes], aligned by round
 * @returns {{rows: number, medianAbsDev: number, maxAbsDev: number, widestCI: [number, number] | null,
 *   widestHalfWidth: number, flaggedShare: number, tooFewShare: number}}
 *   medianAbsDev: median |ratio − 1|; widestHalfWidth: largest (hi − lo) / 2 of the intervals;
 *   flaggedShare: share of rows called 'faster' or 'slower' (should be about ALPHA or less).
 */
export function noiseFloor(pairs) {
  const results = pairs.map(([a, b]) => pairedRatio(a, b));
  const devs = results
    .map((r) => Math.abs(r.ratio - 1))
    .filter(Number.isFinite)
    .sort((x, y) => x - y);
  const mid = devs.length / 2;
  const medianAbsDev =
    devs.length === 0 ? Number.NaN : devs.length % 2 ? devs[Math.floor(mid)] : (devs[mid - 1] + devs[mid]) / 2;
  /** @type {[number, number] | null} */
  let widestCI = null;
  let widestHalfWidth = 0;
  for (const r of results) {
    const hw = (r.ci95[1] - r.ci95[0]) / 2;
    if (Number.isFinite(hw) && hw >= widestHalfWidth) {
      widestHalfWidth = hw;
      widestCI = r.ci95;
    }
  }
  const share = (pred) => (results.length ? results.filter(pred).length / results.length : Number.NaN);
  return {
    rows: results.length,
    medianAbsDev,
    maxAbsDev: devs.length ? devs[devs.length - 1] : Number.NaN,
    widestCI,
    widestHalfWidth,
    flaggedShare: share((r) => r.verdict === 'faster' || r.verdict === 'slower'),
    tooFewShare: share((r) => r.verdict === 'too-few'),
  };
}

/** Mark for a ratio's verdict: '' significant, '~' no significant difference, '#' too few rounds to tell. */
export const VERDICT_MARK = { faster: '', slower: '', same: '~', 'too-few': '#' };
