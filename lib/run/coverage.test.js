// Coverage measured on this machine's own rounds, not assumed (issue 25.3): the kept population
// (QUICK math+json, node, deno and bun, 30 rounds per row, made on a quiet machine) is resampled
// into tables the way a run takes them, and the method the tables print is scored against the
// population's truth: fixed 3-round tables, and QUICK's adaptive rule with its looks and stops.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MODES } from '../measure/defaults.js';
import { ROOT } from '../paths.js';
import { populationOf, simulateCoverage } from './coverage.js';

const FILE = process.env.PARITY_COVERAGE_FILE ?? join(ROOT, 'results/published/rounds-math-json-quick.json');
const population = populationOf(JSON.parse(readFileSync(FILE, 'utf8')).results, 'node', 20);

test('the kept population holds every comparison of QUICK math+json with 20 rounds or more', () => {
  assert.ok(population.length >= 30, `${population.length} comparisons`);
});

test('3-round tables: moderated, adjusted intervals cover ≥ 93%, false claims ≤ 5%', () => {
  const s = simulateCoverage(population, { n: 3, tables: 300, seed: 3 });
  assert.ok(s.coverage_adjusted >= 0.93, JSON.stringify(s));
  assert.ok(s.false_claims <= 0.05 && s.false_equivalent <= 0.05, JSON.stringify(s));
});

test("QUICK's adaptive rule (looks at 3 and 6, a settled row stops a round later): coverage ≥ 93%", () => {
  const q = MODES.quick;
  const s = simulateCoverage(population, {
    adaptive: { min: q.rounds, max: q.max_rounds, precision: q.precision },
    tables: 200,
    seed: 5,
  });
  assert.ok(s.coverage_adjusted >= 0.93, JSON.stringify(s));
  assert.ok(s.false_claims <= 0.05 && s.false_equivalent <= 0.05, JSON.stringify(s));
});

test('the simulation can fail: intervals half as wide read far under 93%', () => {
  const s = simulateCoverage(population, { n: 3, tables: 100, seed: 7, narrow: 0.5 });
  assert.ok(s.coverage_adjusted < 0.9, JSON.stringify(s));
});
