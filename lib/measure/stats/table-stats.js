// One table's comparisons taken together: variances moderated across a suite's rows, p-values
// adjusted for the table's multiplicity, intervals rebuilt so that each verdict reads off its
// printed interval. Pure functions over the paired ratios of lib/measure/stats/paired.js.

import { fitPrior, moderate } from './moderated.js';
import {
  ALPHA,
  classify,
  EQUIVALENCE_MARGIN,
  intervalAt,
  OFF_MODE,
  OFF_MODE_PRIOR_SDS,
  offMode,
  setAside,
  verdictFromLogDiff,
} from './paired.js';

/** @typedef {import('./paired.js').RatioResult} RatioResult */

/**
 * Holm's step-down adjustment of p-values (family-wise error rate ≤ ALPHA over every test of one
 * table, under any dependence between them): the i-th smallest p is multiplied by (m − i + 1),
 * kept monotone, capped at 1. NaN p-values (no test) stay NaN and do not count in m.
 * @param {number[]} ps
 * @returns {number[]}
 */
export function holm(ps) {
  const idx = ps.map((p, i) => [p, i]).filter(([p]) => Number.isFinite(p));
  idx.sort((x, y) => x[0] - y[0]);
  const out = ps.map(() => Number.NaN);
  let running = 0;
  idx.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (idx.length - rank) * p));
    out[i] = running;
  });
  return out;
}

/**
 * Benjamini–Hochberg adjustment (false discovery rate ≤ ALPHA among the claims of one table, for
 * independent or positively dependent tests): the i-th smallest p becomes min over j ≥ i of
 * m·p_(j)/j, capped at 1. When every difference is noise, it holds the family-wise rate too.
 * @param {number[]} ps
 * @returns {number[]}
 */
export function benjaminiHochberg(ps) {
  const idx = ps.map((p, i) => [p, i]).filter(([p]) => Number.isFinite(p));
  idx.sort((x, y) => x[0] - y[0]);
  const out = ps.map(() => Number.NaN);
  let running = 1;
  for (let rank = idx.length - 1; rank >= 0; rank--) {
    const [p, i] = idx[rank];
    running = Math.min(running, (idx.length * p) / (rank + 1));
    out[i] = running;
  }
  return out;
}

/**
 * Moderate a table's ratios, in place (lib/measure/stats/moderated.js): within each group (`groupOf`: a
 * suite; one group unless told) the paired ratios' log-ratio variances are fitted a prior, and each
 * ratio not an outlier to it takes the posterior variance and its extra degrees of freedom; its
 * p and 95% interval are rebuilt from them. Unpaired (Welch) ratios are left as they are. Each
 * moderated ratio gains `moderation: {d0, own_df}`.
 * @param {RatioResult[]} ratios
 * @param {(r: RatioResult, i: number) => string} [groupOf]
 */
export function moderateTable(ratios, groupOf = () => '') {
  /** @type {Map<string, number[]>} */
  const groups = new Map();
  ratios.forEach((r, i) => {
    if (r.paired === false || !(r.df > 0) || !Number.isFinite(r.se)) return;
    const g = groupOf(r, i);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)?.push(i);
  });
  for (const idx of groups.values()) {
    const s2 = idx.map((i) => ratios[i].se ** 2 * ratios[i].n);
    const prior = fitPrior(
      s2,
      idx.map((i) => ratios[i].df),
    );
    // Rounds off a comparison's main mode (paired.js): only with a prior, whose s0 says how far
    // this suite's rounds scatter, and only beyond OFF_MODE_PRIOR_SDS of it.
    const far = prior.d0 > 0 ? Math.max(OFF_MODE, OFF_MODE_PRIOR_SDS * Math.sqrt(prior.s02)) : Number.POSITIVE_INFINITY;
    idx.forEach((i, k) => {
      const r = ratios[i];
      const off = r.logs ? offMode(r.logs, far) : [];
      if (off.length) {
        Object.assign(r, setAside(/** @type {number[]} */ (r.logs), off));
        s2[k] = r.se ** 2 * r.n;
      }
      const m = moderate(s2[k], r.df, prior);
      if (!m.moderated) return;
      const own = r.df;
      Object.assign(r, verdictFromLogDiff(r.log_mean, Math.sqrt(m.s2 / r.n), m.df, r.n), {
        moderation: { d0: prior.d0, own_df: own },
      });
    });
  }
  return ratios;
}

/**
 * Correct a table's ratios together, in place, with false-coverage-rate adjusted intervals
 * (Benjamini & Yekutieli 2005): the comparisons Benjamini–Hochberg selects at ALPHA are R of m,
 * and every interval is rebuilt at level 1 − max(R, 1)·ALPHA/m. A selected comparison's adjusted
 * interval excludes 1 exactly when BH selects it, so the printed interval and the verdict always
 * agree: faster / slower / equivalent / inconclusive are read off the adjusted interval (classify).
 * Each ratio keeps `ci95_raw` (its own 95% interval) and `p`, and gains `p_adj` (BH).
 * @param {RatioResult[]} ratios
 * @param {{margin?: number}} [o]
 */
export function adjustTable(ratios, { margin = EQUIVALENCE_MARGIN } = {}) {
  const adj = benjaminiHochberg(ratios.map((r) => r.p));
  const m = adj.filter(Number.isFinite).length;
  const selected = adj.filter((p) => p < ALPHA).length;
  const level = m ? (Math.max(selected, 1) * ALPHA) / m : ALPHA;
  ratios.forEach((r, i) => {
    r.p_adj = adj[i];
    r.ci95_raw = r.ci95;
    if (Number.isFinite(r.se)) r.ci95 = intervalAt(r, level);
    r.verdict = classify(r.ci95, margin);
  });
  return ratios;
}
