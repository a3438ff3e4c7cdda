// Moderated variances: the rows of one table lend each other degrees of freedom. Pure functions.
//
// With 3 rounds a ratio's t interval has 2 degrees of freedom: t(0.975, 2) = 4.30, and its
// variance is itself a guess from three numbers. The rows of one suite share a machine, a harness
// and a kind of noise, so their variances say something about each other. Empirical Bayes
// (Smyth 2004, "Linear models and empirical Bayes methods for assessing differential expression
// in microarray experiments", the method of limma) fits a scaled inverse-χ² prior (d0, s0²) to the
// rows' sample variances and gives each row the posterior s̃² = (d0·s0² + d·s²) / (d0 + d) with
// d0 + d degrees of freedom. d0 is estimated from how much the variances disagree: rows whose
// noise differs widely give a small d0 (little borrowing); alike rows a large one.
//
// Two guards keep a row whose own noise is unlike the rest from borrowing a small variance: a row
// whose s²/s0² is beyond the 99th percentile of F(d, d0) keeps its own variance and df (an
// outlier: bimodal rounds, one odd process), and so does every row of a group too small to fit a
// prior (MIN_GROUP). d0 is capped at MAX_PRIOR_DF, so that no row is ever more than that much
// prior. Coverage under real rounds is measured in lib/measure/stats/coverage.test.js by resampling kept
// rounds, not assumed.

import { incompleteBeta } from './tdist.js';

/** A prior needs this many rows with a variance; fewer leave every row its own. */
export const MIN_GROUP = 8;

/** The most degrees of freedom the prior may lend a row. */
export const MAX_PRIOR_DF = 20;

/** Beyond this F quantile a row's variance is its own (an outlier to the prior). */
export const OUTLIER_Q = 0.99;

/** ψ(x), x > 0: recurrence up to 10, then the asymptotic series. */
export function digamma(x) {
  let r = 0;
  let y = x;
  while (y < 10) {
    r -= 1 / y;
    y += 1;
  }
  const f = 1 / (y * y);
  return r + Math.log(y) - 0.5 / y - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))));
}

/** ψ′(x), x > 0: recurrence up to 10, then the asymptotic series. */
export function trigamma(x) {
  let r = 0;
  let y = x;
  while (y < 10) {
    r += 1 / (y * y);
    y += 1;
  }
  const f = 1 / (y * y);
  return r + 1 / y + f / 2 + (f / y) * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f / 30)));
}

/** The x with ψ′(x) = v, v > 0 (limma's Newton iteration on 1/ψ′). */
export function trigammaInverse(v) {
  if (v > 1e7) return 1 / Math.sqrt(v);
  if (v < 1e-6) return 1 / v;
  let y = 0.5 + 1 / v;
  for (let i = 0; i < 50; i++) {
    const tri = trigamma(y);
    // ψ″ by a central difference: precise enough for a Newton step that ψ′ checks.
    const h = 1e-5 * y;
    const dif = (tri * (1 - tri / v)) / ((trigamma(y + h) - trigamma(y - h)) / (2 * h));
    y += dif;
    if (-dif / y < 1e-8) break;
  }
  return y;
}

/** P(F ≤ x) for F(d1, d2). */
export function fCdf(x, d1, d2) {
  if (!(x > 0)) return 0;
  return incompleteBeta((d1 * x) / (d1 * x + d2), d1 / 2, d2 / 2);
}

/**
 * The prior (d0, s0²) from sample variances `s2` with `df` degrees of freedom each (Smyth 2004,
 * section 6.2, by moments of log s²). Rows with a zero or non-finite variance take no part.
 * @param {number[]} s2
 * @param {number[]} df
 * @returns {{d0: number, s02: number, rows: number}} d0 = 0: no prior (too few rows, or none)
 */
export function fitPrior(s2, df) {
  const use = s2.map((v, i) => [v, df[i]]).filter(([v, d]) => v > 0 && Number.isFinite(v) && d > 0);
  const n = use.length;
  if (n < MIN_GROUP) return { d0: 0, s02: Number.NaN, rows: n };
  const e = use.map(([v, d]) => Math.log(v) - digamma(d / 2) + Math.log(d / 2));
  const mean = e.reduce((a, b) => a + b, 0) / n;
  const spread = e.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const excess = spread - use.reduce((a, [, d]) => a + trigamma(d / 2), 0) / n;
  const d0 = excess > 0 ? Math.min(MAX_PRIOR_DF, 2 * trigammaInverse(excess)) : MAX_PRIOR_DF;
  return { d0, s02: Math.exp(mean + digamma(d0 / 2) - Math.log(d0 / 2)), rows: n };
}

/** Bisection for the F quantile (only OUTLIER_Q is asked, a handful of times per table). */
function fQuantile(p, d1, d2) {
  let lo = 0;
  let hi = 1;
  while (fCdf(hi, d1, d2) < p && hi < 1e12) hi *= 2;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (fCdf(mid, d1, d2) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * A row's variance after the prior: `{s2, df, moderated}`; its own when there is no prior or it
 * is an outlier to it (s²/s0² beyond F(d, d0)'s OUTLIER_Q quantile).
 * @param {number} s2 the row's sample variance
 * @param {number} df its degrees of freedom
 * @param {{d0: number, s02: number}} prior
 */
export function moderate(s2, df, prior) {
  if (!(prior.d0 > 0) || !(df > 0) || !Number.isFinite(s2)) return { s2, df, moderated: false };
  if (s2 / prior.s02 > fQuantile(OUTLIER_Q, df, prior.d0)) return { s2, df, moderated: false };
  return { s2: (prior.d0 * prior.s02 + df * s2) / (prior.d0 + df), df: prior.d0 + df, moderated: true };
}
