// Coverage of parity's intervals on this machine's own rounds (issue 25.3): a kept run with many
// rounds per row is the population (lib/run/coverage.js); tables of n rounds are drawn from it
// and the method is scored against the population's truth, with and without moderation.
// Prints a markdown table; docs/statistics.md keeps one.
//
//   node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400]
import { readFileSync } from 'node:fs';
import { populationOf, simulateCoverage } from '../lib/run/coverage.js';

const [file, baseline = 'node', ns = '3,4,6,8', tables = '400'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/coverage.js FILE [baseline=node] [n=3,4,6,8] [tables=400]');
  process.exit(2);
}
const results = JSON.parse(readFileSync(file, 'utf8')).results;
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
