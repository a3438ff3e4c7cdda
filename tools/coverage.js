// Coverage of parity's intervals on this machine's own rounds (issue 25.3): a kept run with many
// rounds per row is the population (lib/measure/stats/coverage.js); tables of n rounds are drawn from it
// and the method is scored against the population's truth, with and without moderation.
// Prints a markdown table; docs/statistics.md keeps one.
//
//   node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400]
import { readFileSync } from 'node:fs';
import { simulatedRecord } from '../lib/measure/record.js';
import { simulateCoverage } from '../lib/measure/stats/coverage.js';
import { populationOf } from '../lib/measure/stats/population.js';
import { spreadReport } from '../lib/report/across/spread.js';

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
    const s = simulateCoverage(population, { n, tables: Number(tables), moderate, recordOf: simulatedRecord });
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

console.log('');
console.log(spreadReport(file_, baseline).join('\n'));
