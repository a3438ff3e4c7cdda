// Coverage of parity's intervals on this machine's own rounds (issue 25.3): a kept run with many
// rounds per row is the population (lib/run/coverage.js); tables of n rounds are drawn from it
// and the method is scored against the population's truth, with and without moderation.
// Prints a markdown table; docs/statistics.md keeps one.
//
//   node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400]
import { readFileSync } from 'node:fs';
import { populationOf, simulateCoverage } from '../lib/run/coverage.js';
import { roundsNeeded, slowJobs, Z95 } from '../lib/run/spread.js';

const [file, baseline = 'node', ns = '3,4,6,8', tables = '400'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400]');
  process.exit(2);
}
const file_ = JSON.parse(readFileSync(file, 'utf8'));
const results = file_.results;
const population = populationOf(results, baseline);
if (population.length === 0) {
  console.error(`coverage: ${file} has no comparison against ${baseline} with 8 or more rounds`);
  process.exit(1);
}
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const rounds = population.map((c) => c.logs.length);
console.log(
  `${population.length} comparisons from ${file} (${Math.min(...rounds)}–${Math.max(...rounds)} rounds each), ` +
    `${tables} simulated tables per line`,
);
console.log('');
console.log('| rounds | method | 95% coverage | adjusted coverage | false claims | false equivalent | decisive |');
console.log('|---|---|---|---|---|---|---|');
for (const n of ns.split(',').map(Number)) {
  for (const moderate of [false, true]) {
    const s = simulateCoverage(population, { n, tables: Number(tables), moderate });
    console.log(
      `| ${n} | ${moderate ? 'moderated' : 'own t'} | ${pct(s.coverage)} | ${pct(s.coverage_adjusted)} | ` +
        `${pct(s.false_claims)} | ${pct(s.false_equivalent)} | ${pct(s.decisive)} |`,
    );
  }
}

// Where the spread comes from, per row and runtime: a job's own median is known to its within-
// process interval (log half-width ÷ 1.96, the median over rounds); rounds scatter by the
// between-process SD of log median; the paired log-ratio SD is what a ratio's interval sees.
console.log('');
console.log(
  '| row | runtime | within a process (SE of log median) | between processes (SD of log median) | paired log ratio SD |',
);
console.log('|---|---|---|---|---|');
const sd = (xs) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cells = new Map();
for (const r of results) {
  if (r.status !== 'ok' || !(r.median_ns > 0)) continue;
  const key = `${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
  if (!cells.has(key)) cells.set(key, new Map());
  const byRt = cells.get(key);
  if (!byRt.has(r.runtime)) byRt.set(r.runtime, []);
  byRt.get(r.runtime).push(r);
}
for (const [key, byRt] of cells) {
  for (const [rt, rows] of byRt) {
    const within = med(rows.filter((r) => r.ci95_ns?.[0] > 0).map((r) => Math.log(r.ci95_ns[1] / r.ci95_ns[0]) / 3.92));
    const between = sd(rows.map((r) => Math.log(r.median_ns)));
    const c = population.find((p) => p.key === key && p.runtime === rt);
    const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : '—');
    console.log(`| ${key.replace(' {}', '')} | ${rt} | ${f(within)} | ${f(between)} | ${c ? f(sd(c.logs)) : '—'} |`);
  }
}

// What this spread allows (lib/run/spread.js): rounds each comparison needs before its interval
// can decide, against the rounds a budget buys at this file's pace; and when the slow jobs came.
const perRound = (new Date(file_.finished).getTime() - new Date(file_.started).getTime()) / 1000 / Math.max(...rounds);
const afford = (s) => Math.floor(s / perRound);
console.log('');
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
console.log(
  '| row | runtime | ratio (all rounds) | paired log ratio SD | rounds needed | without slow jobs: SD | rounds |',
);
console.log('|---|---|---|---|---|---|---|');
const over = (n) => (n > 1000 ? '> 1000' : String(n));
const needs = population.map((c) => {
  const q = calm.get(`${c.key} ${c.runtime}`);
  return { c, n: roundsNeeded(c), q, nq: q ? roundsNeeded(q) : Number.POSITIVE_INFINITY };
});
for (const { c, n, q, nq } of needs)
  console.log(
    `| ${c.key.replace(' {}', '')} | ${c.runtime} | ${Math.exp(c.truth).toFixed(3)}× | ${sd(c.logs).toFixed(3)} | ${over(n)} | ` +
      `${q ? sd(q.logs).toFixed(3) : '—'} | ${q ? over(nq) : '—'} |`,
  );
console.log('');
console.log(`A round of these rows took ${perRound.toFixed(1)} s here; decidable at the spread above, at best:`);
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
  console.log(
    `- in ${s} s (${afford(s)} rounds a row): ${ok} of ${needs.length} comparisons ` +
      `(${pct(ok / needs.length)}); without slow jobs ${okq} (${pct(okq / needs.length)})`,
  );
}
// The default mode's target: each ratio's interval within ±3% (1.96 · s / √n ≤ log 1.03), in 600 s
// at this file's pace (the default mode's jobs are longer, so this is at best).
const tight = (k, m = 0.03) => population.filter((c) => (Z95 * sd(c.logs)) / Math.sqrt(k) <= Math.log1p(m)).length;
const k600 = afford(600);
console.log(
  `- within ±3% in 600 s (${k600} rounds a row, at this pace): ${tight(k600)} of ${population.length} comparisons ` +
    `(${pct(tight(k600) / population.length)})`,
);
const list = (m) => [...m].map(([k, v]) => `${k}: ${v.slow}/${v.jobs}`).join(', ');
console.log('');
console.log(`Jobs over 1.35× their cell's lower quartile, by round: ${list(byRound)}`);
console.log(`by runtime: ${list(byRuntime)}`);
