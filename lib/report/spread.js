// What a run's spread allows (issue 25.2): a kept run with many rounds per row is a population of
// comparisons; how many rounds each needs before its interval can decide, what a budget buys at
// that pace, and when the slow processes came. tools/coverage.js prints it, and a doc's
// `<!-- parity:spread file=… -->` block (lib/report/readme.js) keeps it beside the prose.

import { EQUIVALENCE_MARGIN } from '../measure/paired.js';
import { pairRounds } from './ratios.js';

/**
 * A population of comparisons from results rows: per row and non-baseline runtime, the log ratios
 * of the rounds where both ran ok (baseline's time over the runtime's: > 0 = the runtime faster).
 * Comparisons with fewer than `minRounds` rounds are left out.
 * @param {any[]} results a results file's rows
 * @param {string} baseline
 * @param {number} [minRounds]
 * @returns {{suite: string, key: string, runtime: string, logs: number[], truth: number}[]}
 */
export function populationOf(results, baseline, minRounds = 8) {
  /** @type {Map<string, Map<string, any[]>>} rows of each row key, by runtime */
  const rows = new Map();
  for (const r of results) {
    const key = `${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
    if (!rows.has(key)) rows.set(key, new Map());
    const cells = /** @type {Map<string, any[]>} */ (rows.get(key));
    if (!cells.has(r.runtime)) cells.set(r.runtime, []);
    cells.get(r.runtime)?.push(r);
  }
  const out = [];
  for (const [key, cells] of rows) {
    const base = cells.get(baseline);
    if (!base) continue;
    for (const [runtime, mine] of cells) {
      if (runtime === baseline) continue;
      const { a, b } = pairRounds(base, mine);
      if (a.length < minRounds) continue;
      const logs = a.map((t, i) => Math.log(t / b[i]));
      out.push({ suite: key.split('/')[0], key, runtime, logs, truth: logs.reduce((x, y) => x + y, 0) / logs.length });
    }
  }
  return out;
}

/** The normal distribution's 97.5th percentile: a 95% interval's half-width in standard errors. */
export const Z95 = 1.959963984540054;

/**
 * The least number of rounds whose 95% interval, centred on the comparison's truth and as narrow as
 * its population's spread allows when that spread is known exactly (1.96 · s / √n: the limit a
 * moderated variance approaches), either excludes 1 (faster or slower) or lies inside the
 * equivalence margin. A lower bound on what any table needs: its own variance estimate, the
 * multiplicity adjustment and a draw's luck only widen it. `max` + 1 when not even `max` rounds
 * would do (a truth on the margin).
 * @param {{logs: number[], truth: number}} c
 * @param {{margin?: number, max?: number}} [o]
 */
export function roundsNeeded(c, { margin = EQUIVALENCE_MARGIN, max = 1000 } = {}) {
  const n0 = c.logs.length;
  const s = Math.sqrt(c.logs.reduce((a, x) => a + (x - c.truth) ** 2, 0) / (n0 - 1));
  const [lo, hi] = [Math.log1p(-margin), Math.log1p(margin)];
  const m = c.truth;
  for (let n = 1; n <= max; n++) {
    const hw = (Z95 * s) / Math.sqrt(n);
    if (Math.abs(m) > hw || (m - hw >= lo && m + hw <= hi)) return n;
  }
  return max + 1;
}

/**
 * Jobs slower than `factor` × their cell's lower quartile (a cell: one row on one runtime), by
 * round and by runtime. Slow processes that cluster in some rounds and hit every runtime at a
 * like rate come from the machine, not from a runtime.
 * @param {any[]} results a results file's rows
 * @param {number} [factor]
 * @returns {{byRound: Map<number, {slow: number, jobs: number}>, byRuntime: Map<string, {slow: number, jobs: number}>, slow: Set<any>}}
 *   slow: the slow rows themselves
 */
export function slowJobs(results, factor = 1.35) {
  /** @type {Map<string, any[]>} */
  const cells = new Map();
  for (const r of results) {
    if (r.status !== 'ok' || !(r.median_ns > 0)) continue;
    const key = `${r.runtime} ${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key)?.push(r);
  }
  const byRound = new Map();
  const byRuntime = new Map();
  const slowRows = new Set();
  const count = (map, k, slow) => {
    const c = map.get(k) ?? { slow: 0, jobs: 0 };
    c.slow += slow ? 1 : 0;
    c.jobs++;
    map.set(k, c);
  };
  for (const rows of cells.values()) {
    if (rows.length < 4) continue;
    const s = rows.map((r) => r.median_ns).sort((a, b) => a - b);
    const q1 = s[Math.floor((s.length - 1) / 4)];
    for (const r of rows) {
      const slow = r.median_ns > factor * q1;
      if (slow) slowRows.add(r);
      count(byRound, r.round, slow);
      count(byRuntime, r.runtime, slow);
    }
  }
  return { byRound: new Map([...byRound].sort((a, b) => a[0] - b[0])), byRuntime, slow: slowRows };
}

const sd = (xs) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};
const pct = (x) => `${(x * 100).toFixed(1)}%`;

/**
 * The spread report of a kept run (markdown lines): per comparison against `baseline`, its ratio,
 * paired spread and the rounds it needs, with and without the slow jobs; what 85, 600 and 1800 s
 * buy at the run's pace; the slow jobs by round and runtime.
 * @param {any} doc a results file
 * @param {string} [baseline]
 * @returns {string[]}
 */
export function spreadReport(doc, baseline = 'node') {
  const results = doc.results;
  const population = populationOf(results, baseline);
  if (population.length === 0) return [`(no comparison against ${baseline} with 8 or more rounds)`];
  const rounds = population.map((c) => c.logs.length);
  const out = [];
  // Rounds each comparison needs before its interval can decide, against the rounds a budget buys
  // at this file's pace; and when the slow jobs came.
  const perRound = (new Date(doc.finished).getTime() - new Date(doc.started).getTime()) / 1000 / Math.max(...rounds);
  const afford = (s) => Math.floor(s / perRound);
  // "Without slow jobs": the same after leaving out every job over 1.35× its cell's lower quartile
  // (and its round's pair), a bound on what a machine without slow periods would give, not a method.
  const { byRound, byRuntime, slow } = slowJobs(results);
  const calm = new Map(
    populationOf(
      results.filter((r) => !slow.has(r)),
      baseline,
      4,
    ).map((c) => [`${c.key} ${c.runtime}`, c]),
  );
  out.push(
    '| row | runtime | ratio (all rounds) | paired log ratio SD | rounds needed | without slow jobs: SD | rounds |',
  );
  out.push('|---|---|---|---|---|---|---|');
  const over = (n) => (n > 1000 ? '> 1000' : String(n));
  const needs = population.map((c) => {
    const q = calm.get(`${c.key} ${c.runtime}`);
    return { c, n: roundsNeeded(c), q, nq: q ? roundsNeeded(q) : Number.POSITIVE_INFINITY };
  });
  for (const { c, n, q, nq } of needs)
    out.push(
      `| ${c.key.replace(' {}', '')} | ${c.runtime} | ${Math.exp(c.truth).toFixed(3)}× | ${sd(c.logs).toFixed(3)} | ${over(n)} | ` +
        `${q ? sd(q.logs).toFixed(3) : '—'} | ${q ? over(nq) : '—'} |`,
    );
  out.push('');
  out.push(`A round of these rows took ${perRound.toFixed(1)} s here; decidable at the spread above, at best:`);
  // The rows' rounds spent where they decide: every row takes `min` rounds, then the rows needing
  // least get theirs first, until the rounds the budget buys (rows × rounds) are spent.
  const rowsOf = [...new Set(population.map((c) => c.key))];
  const best = (which, s, min = 3) => {
    let left = afford(s) * rowsOf.length - min * rowsOf.length;
    const need = rowsOf
      .map((k) => ({ k, n: Math.max(min, ...needs.filter(({ c }) => c.key === k).map((x) => x[which])) }))
      .sort((a, b) => a.n - b.n);
    /** @type {Map<string, number>} rounds each row gets */
    const given = new Map();
    for (const { k, n } of need) {
      if (n - min > left) break;
      left -= n - min;
      given.set(k, n);
    }
    // The rows it cannot decide share what is left.
    const rest = rowsOf.filter((k) => !given.has(k));
    for (const k of rest) given.set(k, min + Math.floor(left / rest.length));
    return needs.filter(({ c, ...x }) => x[which] <= Number(given.get(c.key))).length;
  };
  for (const s of [85, 600, 1800]) {
    // Equal rounds for every row, or the rounds spent where they decide: whichever decides more.
    const fixed = (which) => needs.filter((x) => x[which] <= afford(s)).length;
    const [ok, okq] = [Math.max(best('n', s), fixed('n')), Math.max(best('nq', s), fixed('nq'))];
    out.push(
      `- in ${s} s (${afford(s)} rounds a row): ${ok} of ${needs.length} comparisons ` +
        `(${pct(ok / needs.length)}); without slow jobs ${okq} (${pct(okq / needs.length)})`,
    );
  }
  // The default mode's target: each ratio's interval within ±3% (1.96 · s / √n ≤ log 1.03), in 600 s
  // at this file's pace (the default mode's jobs are longer, so this is at best).
  const tight = (k, m = 0.03) => population.filter((c) => (Z95 * sd(c.logs)) / Math.sqrt(k) <= Math.log1p(m)).length;
  const k600 = afford(600);
  out.push(
    `- within ±3% in 600 s (${k600} rounds a row, at this pace): ${tight(k600)} of ${population.length} comparisons ` +
      `(${pct(tight(k600) / population.length)})`,
  );
  const list = (m) => [...m].map(([k, v]) => `${k}: ${v.slow}/${v.jobs}`).join(', ');
  out.push('');
  out.push(`Jobs over 1.35× their cell's lower quartile, by round: ${list(byRound)}`);
  out.push(`by runtime: ${list(byRuntime)}`);
  return out;
}
