// Coverage of parity's intervals on this machine's own rounds: a kept run with many
// rounds per row is the population (lib/measure/stats/coverage.js); tables of n rounds are drawn from it
// and the method is scored against the population's truths (its main mode's, and every process's),
// with and without moderation, and under QUICK's stopping rule with its time budget (and, for
// comparison, the same looks with a cap of 10 rounds in place of the budget). `speed` divides every
// job's time (2: a host whose jobs take half as long as the population's did).
// Prints a markdown table; docs/statistics.md keeps one.
//
//   node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400] [speed=1]
import { readFileSync } from 'node:fs';
import { MODES } from '../lib/measure/defaults.js';
import { simulatedRecord } from '../lib/measure/record.js';
import { simulateCoverage } from '../lib/measure/stats/coverage.js';
import { jobCost, populationOf } from '../lib/measure/stats/population.js';
import { spreadReport } from '../lib/report/across/spread.js';

const [file, baseline = 'node', ns = '3,4,6,8', tables = '400', speed = '1'] = process.argv.slice(2);
if (!file || !(Number(speed) > 0)) {
  console.error('usage: node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400] [speed=1]');
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
/** @type {string[]} lines printed under the table */
const notes = [];
const rounds = population.map((c) => c.logs.length);
console.log(
  `${population.length} comparisons from ${file} (${Math.min(...rounds)}–${Math.max(...rounds)} rounds each), ` +
    `${tables} simulated tables per line`,
);
console.log('');
// Each figure against both truths: the main mode's (what a table of every round reads, rounds
// off the main mode set aside) / every process's (the mean of every round, slow ones included).
console.log(
  '| rounds | method | 95% coverage (main / all) | adjusted coverage (main / all) | false claims (main / all) | false equivalent | decisive | ≥10% decided, right sign | tables deciding every ≥10% one |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const line = (label, method, s) =>
  console.log(
    `| ${label} | ${method} | ${pct(s.coverage)} / ${pct(s.coverage_all)} | ${pct(s.coverage_adjusted)} / ${pct(s.coverage_adjusted_all)} | ` +
      `${pct(s.false_claims)} / ${pct(s.false_claims_all)} | ${pct(s.false_equivalent)} | ${pct(s.decisive)} | ${pct(s.large_decided)} of ${pct(s.large)} | ${pct(s.large_all_decided)} |`,
  );
for (const n of ns.split(',').map(Number)) {
  for (const moderate of [false, true])
    line(
      n,
      moderate ? 'moderated' : 'own t',
      simulateCoverage(population, { n, tables: Number(tables), moderate, recordOf: simulatedRecord }),
    );
}
// QUICK's own stopping rule (lib/measure/stats/stopping.js) driven with the drawn rounds, and its
// time budget kept as the loop keeps it, each job taking its row and runtime's median wall time in
// the population (jobCost) ÷ speed; then the same looks with a cap of 10 rounds in place of it.
const q = MODES.quick;
const cost = jobCost(results, baseline);
const quickRun = (max, lastLook, allocate) =>
  simulateCoverage(population, {
    adaptive: {
      min: q.rounds,
      max,
      lastLook,
      precision: q.precision,
      budget_s: q.budget_s,
      cost: (key, runtime) => cost(key, runtime) / Number(speed),
      allocate,
    },
    tables: Math.min(Number(tables), 200),
    seed: 5,
    recordOf: simulatedRecord,
  });
const pace = Number(speed) === 1 ? '' : `, jobs ${speed}× as fast`;
for (const { label, max, allocate } of [
  { label: `QUICK ${q.rounds}–${q.max_rounds}, ${q.budget_s} s`, max: q.max_rounds },
  // The rule not taken (docs/adaptive.md): the rounds past the minimum to the comparisons nearest a verdict.
  { label: `QUICK ${q.budget_s} s, rounds to the nearest verdicts`, max: q.max_rounds, allocate: true },
  { label: 'QUICK, a cap of 10 in place of the budget', max: 10 },
]) {
  const s = quickRun(max, q.last_look, allocate);
  line(`${label}${pace} (${s.mean_rounds.toFixed(2)})`, 'moderated', s);
  notes.push(
    `${label}${pace}: simulated runs took ${s.elapsed_s.toFixed(1)} s on average, ${pct(s.budget_ends)} of them ended by the budget; ` +
      `${pct(s.capped_inconclusive)} of comparisons ended inconclusive at ${max} rounds`,
  );
}
console.log('');
for (const n of notes) console.log(n);

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

console.log('');
console.log(spreadReport(file_, baseline).join('\n'));
