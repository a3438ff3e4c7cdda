// Planning: the order of jobs within and across rounds, and the parameter filter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseParamFilter, planJobs, selectParams } from './plan.js';

test('planJobs rotates the runtime order each round (A B C, B C A, C A B)', () => {
  const w = { id: 's/w', module: { params: {} } };
  const jobs = planJobs([w], ['A', 'B', 'C'], 3, false);
  assert.deepEqual(
    jobs.map((j) => `${j.round}${j.runtime}`),
    ['1A', '1B', '1C', '2B', '2C', '2A', '3C', '3A', '3B'],
  );
});

test('planJobs runs each parameter set for every runtime within a round', () => {
  const w = { id: 's/w', module: { params: { n: [1, 2] } } };
  const jobs = planJobs([w], ['A', 'B'], 1, false);
  assert.deepEqual(
    jobs.map((j) => `${j.params.n}${j.runtime}`),
    ['1A', '1B', '2A', '2B'],
  );
});

test('a parameter filter keeps the sets with those values and leaves out workloads without the key', () => {
  const only = parseParamFilter('mb=64,100 chunk=1024');
  assert.deepEqual(only, { mb: ['64', '100'], chunk: ['1024'] });
  const sets = [
    { chunk: 1024, mb: 1 },
    { chunk: 1024, mb: 64 },
    { chunk: 65536, mb: 64 },
  ];
  assert.deepEqual(selectParams(sets, only), [{ chunk: 1024, mb: 64 }]);
  assert.deepEqual(selectParams([{}], only), []);
  assert.throws(() => parseParamFilter('mb'), /Invalid parameter filter "mb": expected key=value/);
});
