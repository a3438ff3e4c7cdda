// Student's t distribution for parity's intervals and tests. Pure functions, no imports, so the
// runners of every runtime and the orchestrator share them.

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
export function tTwoSidedP(t, df) {
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
