// Ratios between runtimes from paired rounds, and between files from unpaired rounds. Pure functions.
//
// Within one round the runtimes run back to back, so whatever slows the machine for a few
// seconds slows every runtime of that round alike. The per-round ratio a_r / b_r cancels that
// shared drift; resampling each side's rounds independently does not, and with 2-3 rounds a
// percentile bootstrap is far too narrow anyway. So: take logs of the per-round ratios, and
// use a one-sample t interval on them (exact when the log ratios are normal, which they are
// when each runtime's round median is log-normal around its own level).

import { verdictAt } from './equivalence.js';
import { median } from './stats.js';
import { tQuantile, tTwoSidedP } from './tdist.js';

export { incompleteBeta, logGamma, tCdf, tQuantile } from './tdist.js';

/** Two-sided level of every claim. */
export const ALPHA = 0.05;

/**
 * The equivalence margin: two figures are called "equivalent" only when an equivalence test
 * (TOST, lib/measure/stats/equivalence.js) at the claim's level puts their ratio within a factor of
 * 1 + this share either way ([1/1.05, 1.05]: symmetric in logs). A non-significant difference that
 * the test cannot place inside is "inconclusive", never "the same".
 */
export { EQUIVALENCE_MARGIN } from './equivalence.js';

/**
 * Three verdicts and the lack of one, at a two-sided level α (5% alone; a table's adjusted level):
 *   faster / slower: the (1 − α) interval excludes 1 (b is faster / slower than a);
 *   equivalent: TOST at α holds, i.e. the (1 − 2α) interval lies inside [1/1.05, 1.05];
 *   inconclusive: neither (the interval is too wide to tell, or there is none: under 2 rounds).
 * @typedef {'faster'|'slower'|'equivalent'|'inconclusive'} Verdict
 * @typedef {{ratio: number, ci95: [number, number], n: number, verdict: Verdict, p: number,
 *   log_mean: number, se: number, df: number, ci95_raw?: [number, number], p_adj?: number, alpha_adj?: number, p_tost?: number,
 *   paired?: boolean, moderation?: {d0: number, own_df: number},
 *   logs?: number[], set_aside?: {index: number[], logs: number[], of: number}}} RatioResult
 *   ratio: throughput of b relative to a (a's time / b's time; > 1 means b is faster);
 *   n: paired rounds (pairedRatio) or the smaller side's rounds (unpairedRatio);
 *   p: two-sided p-value of "ratio = 1" (NaN when there is no test);
 *   log_mean, se, df: the t statistic's parts on the log scale, so the interval can be rebuilt at
 *   another level (a table's multiplicity-adjusted one: adjustTable); ci95_raw: the unadjusted one;
 *   paired: false for Welch's unpaired ratio; moderation: the prior's df a moderated ratio borrowed
 *   (moderateTable) and the df of its own rounds; set_aside: rounds off the comparison's main mode
 *   (their positions in the arrays given, their log ratios, and `of` the rounds there were: see
 *   offMode), so that `n` is the rounds the ratio reads.
 */

/**
 * A ratio's interval at two-sided level `alpha` (0.05: the 95% interval), rebuilt from its t parts.
 * @param {RatioResult} r
 * @returns {[number, number]}
 */
export function intervalAt(r, alpha) {
  if (!(r.df > 0) || !Number.isFinite(r.se)) return [Number.NaN, Number.NaN];
  if (r.se === 0) return [r.ratio, r.ratio];
  const half = tQuantile(1 - alpha / 2, r.df) * r.se;
  return [Math.exp(r.log_mean - half), Math.exp(r.log_mean + half)];
}

/**
 * How far an interval reaches, as the text an inconclusive verdict prints: "±49%, 3 rounds"
 * (the geometric half-width: √(hi/lo) − 1; "4 of 5 rounds" when rounds were set aside), or
 * "1 round, no interval".
 * @param {{ci95?: [number, number], n?: number, set_aside?: {of: number}}} r
 */
export function widthText(r) {
  const of = r.set_aside ? ` of ${r.set_aside.of}` : '';
  const rounds = `${r.n ?? 0}${of} round${r.n === 1 && !of ? '' : 's'}`;
  const ci = r.ci95;
  if (!ci || !Number.isFinite(ci[0]) || !Number.isFinite(ci[1]) || !(ci[0] > 0)) return `${rounds}, no interval`;
  const half = Math.sqrt(ci[1] / ci[0]) - 1;
  return `±${half >= 0.1 ? Math.round(half * 100) : (half * 100).toFixed(1)}%, ${rounds}`;
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
export function verdictFromLogDiff(d, se, df, n) {
  const ratio = Math.exp(d);
  /** @type {RatioResult} */
  const r = { ratio, ci95: [Number.NaN, Number.NaN], n, verdict: 'inconclusive', p: Number.NaN, log_mean: d, se, df };
  if (!(df > 0) || !Number.isFinite(se)) return r;
  // se = 0: every round gave the same ratio (identical or quantised timings): no spread to test against.
  r.p = se === 0 ? (d === 0 ? 1 : 0) : tTwoSidedP(d / se, df);
  r.ci95 = intervalAt(r, ALPHA);
  r.verdict = verdictAt(r, ALPHA);
  return r;
}

/** A ratio with no rounds to compare. @returns {RatioResult} */
const noRatio = (n) => verdictFromLogDiff(Number.NaN, Number.NaN, 0, n);

// ---------------------------------------------------------------------------------------------
// Rounds off the main mode.
//
// A process now and then runs in another state than the rest (a slow period of the host, or the
// runtime settling into another steady state). One such round in five moves a mean of log ratios by a tenth of
// the gap and widens its t interval several times, so the comparison stays "inconclusive" however
// clear the other rounds are. Such a row should be a finding with both modes, not a wide ±. So a table (moderateTable, lib/measure/stats/table-stats.js) sets aside, from
// OFF_MODE_MIN_ROUNDS rounds on, the rounds of a comparison whose log ratio lies further from the
// median of its rounds than both OFF_MODE and OFF_MODE_SDS of the suite's robust round-to-round
// SD (lib/measure/stats/robust.js pooledMadScale: the median pairwise difference within each
// comparison, which the slow processes do not inflate), when they are at most OFF_MODE_SHARE of the
// rounds: the ratio is then the main mode's (the geometric mean of its rounds) and the rounds set
// aside are printed beside it. The interval accounts for the trimming as Yuen's trimmed-mean
// interval does (Yuen 1974, Biometrika 61(1)): its standard error comes from the variance of all
// rounds Winsorized to the kept ones' range, with h − 1 degrees of freedom (h kept). The bar of
// 3 robust SDs keeps a comparison that scatters like its neighbours whole, so normal noise is not trimmed
// into a claim (lib/measure/stats/paired.test.js: A/A tables of 84 comparisons). Coverage and
// decisiveness with the rule, against the kept populations' own main-mode truth, are measured by
// lib/measure/stats/coverage.js (docs/statistics.md, "Rounds off the main mode").

/** A round at least this far (log ratio) from the median of a comparison's rounds can be off its
 * main mode: other modes, not a few percent of scatter. */
export const OFF_MODE = Math.log(1.15);
/** … and further than this many of the suite's robust round-to-round SDs (pooledMadScale over its
 * comparisons): a comparison scattered as widely as its neighbours keeps every round, so the rule
 * cannot make noise look decided, while the slow processes it looks for do not raise the bar. */
export const OFF_MODE_SDS = 3;
/** Fewer rounds than this have no main mode to speak of: every round counts. */
export const OFF_MODE_MIN_ROUNDS = 4;
/** Rounds off the main mode are set aside only while they are at most this share of the rounds. */
export const OFF_MODE_SHARE = 1 / 3;

/**
 * The positions of the rounds off a comparison's main mode: further than `far` from the median of
 * its log ratios, from OFF_MODE_MIN_ROUNDS rounds on and while they are at most OFF_MODE_SHARE of
 * them (2 or more left); else [].
 * @param {number[]} logs per-round log ratios
 * @param {number} [far] the distance (log ratio), OFF_MODE unless told
 * @returns {number[]}
 */
export function offMode(logs, far = OFF_MODE) {
  if (logs.length < OFF_MODE_MIN_ROUNDS) return [];
  const m = median(logs);
  const off = logs.flatMap((x, i) => (Math.abs(x - m) > far ? [i] : []));
  return off.length / logs.length <= OFF_MODE_SHARE && logs.length - off.length >= 2 ? off : [];
}

/**
 * A paired ratio from its per-round log ratios with the rounds at `off` set aside: the mean of the
 * rest, and Yuen's standard error (the variance of every round Winsorized to the kept rounds'
 * range, (n − 1)·s_w² / (h·(h − 1)), h − 1 degrees of freedom for h kept).
 * @param {number[]} logs
 * @param {number[]} off positions (offMode)
 * @returns {RatioResult}
 */
export function setAside(logs, off) {
  const n = logs.length;
  const kept = logs.filter((_, i) => !off.includes(i));
  const [lo, hi] = [Math.min(...kept), Math.max(...kept)];
  const winsorized = logs.map((x) => Math.min(hi, Math.max(lo, x)));
  const h = kept.length;
  const se = Math.sqrt(((n - 1) * varianceOf(winsorized)) / (h * (h - 1)));
  return {
    ...verdictFromLogDiff(meanOf(kept), se, h - 1, h),
    logs,
    set_aside: { index: off, logs: off.map((i) => logs[i]), of: n },
  };
}

/**
 * Throughput ratio of runtime b against baseline a from rounds paired by round number.
 * The ratio is the geometric mean of the per-round ratios a_r / b_r (the centre of the t
 * interval on log ratios, so ratio and interval always agree; with 2 rounds it equals the
 * median's role anyway, and ratios multiply, so the log scale is the natural one). The 95%
 * interval is exp(mean ± t(0.975, n-1) · sd/√n) of the log ratios. The log ratios are kept
 * (`logs`), so that a table can set aside rounds off the main mode (moderateTable, setAside).
 * @param {number[]} aTimes baseline's per-round time per call, aligned with bTimes by round
 * @param {number[]} bTimes the cell's runtime, same rounds, same order (only rounds where both are ok)
 * @returns {RatioResult}
 */
export function pairedRatio(aTimes, bTimes) {
  if (aTimes.length !== bTimes.length) throw new Error('pairedRatio: rounds must be aligned (same length)');
  const logs = aTimes.map((a, i) => Math.log(a / bTimes[i]));
  const n = logs.length;
  if (n === 0) return noRatio(n);
  if (n === 1) return { ...verdictFromLogDiff(logs[0], Number.NaN, 0, n), logs };
  return { ...verdictFromLogDiff(meanOf(logs), Math.sqrt(varianceOf(logs) / n), n - 1, n), logs };
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
  if (n === 0) return noRatio(n);
  const d = meanOf(la) - meanOf(lb);
  if (n === 1) return verdictFromLogDiff(d, Number.NaN, 0, n);
  const va = varianceOf(la) / la.length;
  const vb = varianceOf(lb) / lb.length;
  const se = Math.sqrt(va + vb);
  // Welch–Satterthwaite degrees of freedom (between min(n) - 1 and na + nb - 2).
  const df =
    se === 0 ? la.length + lb.length - 2 : (va + vb) ** 2 / (va ** 2 / (la.length - 1) + vb ** 2 / (lb.length - 1));
  return { ...verdictFromLogDiff(d, se, df, n), paired: false };
}

/**
 * Noise floor of an A/A file (the same runtime twice, or two identical builds): how far from
 * 1.00x identical runtimes land, and how often the test wrongly calls a difference.
 * @param {[number[], number[]][]} pairs per row: [aTimes, bTimes], aligned by round
 * @returns {{rows: number, medianAbsDev: number, maxAbsDev: number, widestCI: [number, number] | null,
 *   widestHalfWidth: number, flaggedShare: number, inconclusiveShare: number, coverage: number}}
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
    inconclusiveShare: share((r) => r.verdict === 'inconclusive'),
    // The truth of an A/A is 1: the share of (unadjusted) 95% intervals holding it is the
    // interval's empirical coverage on this machine (0.95 if the method's assumptions hold).
    coverage: (() => {
      const withCi = results.filter((r) => Number.isFinite(r.ci95[0]) && Number.isFinite(r.ci95[1]));
      return withCi.length ? withCi.filter((r) => r.ci95[0] <= 1 && r.ci95[1] >= 1).length / withCi.length : Number.NaN;
    })(),
  };
}

/** Mark for a ratio's verdict: '' faster or slower, '=' equivalent (within the margin), '?' inconclusive. */
export const VERDICT_MARK = { faster: '', slower: '', equivalent: '=', inconclusive: '?' };

// A table's comparisons taken together (moderation, multiplicity): lib/measure/stats/table-stats.js.
