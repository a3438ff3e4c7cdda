// What a run's spread allows, in lines: per comparison of a kept run, how many rounds it needs
// before its interval can decide, what a budget buys at that pace, and when the slow processes
// came (the population math is lib/measure/stats/population.js). tools/coverage.js prints it, and
// a doc's `<!-- parity:spread file=… -->` block (lib/report/docs-blocks.js) keeps it beside the prose.

import { populationOf, roundsNeeded, slowJobs, Z95 } from '../../measure/stats/population.js';

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
