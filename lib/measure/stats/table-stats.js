// One table's comparisons taken together: variances moderated across a suite's rows, p-values
// adjusted for the table's multiplicity, intervals rebuilt so that each verdict reads off its
// printed interval. Pure functions over the paired ratios of lib/measure/stats/paired.js.

import { tostP, verdictAt } from './equivalence.js';
import { fitPrior, MIN_GROUP, moderate } from './moderated.js';
import { ALPHA, intervalAt, OFF_MODE, OFF_MODE_SDS, offMode, setAside, verdictFromLogDiff } from './paired.js';
import { pooledMadScale } from './robust.js';

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
    // Rounds off a comparison's main mode (paired.js): in a suite of MIN_GROUP comparisons or
    // more, beyond OFF_MODE_SDS of its robust round-to-round SD (not the prior's s0, which the
    // slow processes themselves inflate until the bar never fires).
    const robust = idx.length >= MIN_GROUP ? pooledMadScale(idx.map((i) => ratios[i].logs ?? [])) : Number.NaN;
    const far = Number.isFinite(robust) ? Math.max(OFF_MODE, OFF_MODE_SDS * robust) : Number.POSITIVE_INFINITY;
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
 * (Benjamini & Yekutieli 2005, "False discovery rate–adjusted multiple confidence intervals for
 * selected parameters", JASA 100: their procedure without the c(m) = Σ 1/i factor, which holds
 * when the comparisons are independent or positively dependent, as comparisons against one
 * shared baseline are; it is not the 2001 Benjamini–Yekutieli FDR procedure with c(m)): the
 * comparisons Benjamini–Hochberg selects at ALPHA are R of m, and every interval is rebuilt at
 * level 1 − α' with α' = max(R, 1)·ALPHA/m. A selected comparison's adjusted interval excludes 1
 * exactly when BH selects it, so the printed interval and a faster/slower verdict always agree.
 * Equivalence is TOST at the same α' (its (1 − 2α') interval inside [1/1.05, 1.05]:
 * equivalence.js), so an "=" interval as printed may reach a little past the margin.
 * Each ratio keeps `ci95_raw` (its own 95% interval) and `p`, and gains `p_adj` (BH), `alpha_adj`
 * (α') and `p_tost`.
 * @param {RatioResult[]} ratios
 */
export function adjustTable(ratios) {
  const adj = benjaminiHochberg(ratios.map((r) => r.p));
  const level = adjustedLevel(adj);
  ratios.forEach((r, i) => {
    r.p_adj = adj[i];
    r.ci95_raw = r.ci95;
    r.alpha_adj = level;
    r.p_tost = tostP(r);
    if (Number.isFinite(r.se)) r.ci95 = intervalAt(r, level);
    r.verdict = verdictAt(r, level);
  });
  return ratios;
}

/**
 * The false-coverage-rate level of a table: max(R, 1)·ALPHA/m for R of m BH-adjusted p below ALPHA.
 * @param {number[]} adjusted BH-adjusted p-values (NaN: no test, not counted)
 */
export function adjustedLevel(adjusted) {
  const m = adjusted.filter(Number.isFinite).length;
  const selected = adjusted.filter((p) => p < ALPHA).length;
  return m ? (Math.max(selected, 1) * ALPHA) / m : ALPHA;
}

/**
 * Holm's step-down over the steps of one series (a timeline's release-to-release ratios),
 * applied to their verdicts (the p-value form is holm above): a series of n releases makes n − 1
 * claims, so each step's 5% test alone would flag one in twenty by chance. Sorted by p, the i-th
 * (from 0) is kept only if p ≤ 0.05 / (m − i) and every smaller p was kept.
 * @param {{p?: number, verdict?: string, significant: boolean, beyondFloor: boolean}[]} steps
 */
export function holmSteps(steps, alpha = 0.05) {
  const m = steps.length;
  let open = true;
  for (const [i, st] of [...steps].sort((a, b) => (a.p ?? 1) - (b.p ?? 1)).entries()) {
    open = open && st.significant && (st.p ?? 1) <= alpha / (m - i);
    if (!open) {
      st.significant = false;
      st.beyondFloor = false;
      // A step the series' correction does not keep makes no claim of faster or slower.
      if (st.verdict === 'faster' || st.verdict === 'slower') st.verdict = 'inconclusive';
    }
  }
  return steps;
}
