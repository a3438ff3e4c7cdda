// Planning: the order of jobs within and across rounds, and the parameter filter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseParamFilter, planRows, roundJobs, roundOrder, selectParams } from './plan.js';

/** The jobs the loop runs for a fixed number of rounds: round by round, each row on every runtime. */
const jobsOf = (workloads, runtimes, rounds, seed = 1) =>
  Array.from({ length: rounds }, (_, i) => i + 1).flatMap((round) =>
    planRows(workloads, false, null).flatMap((row) => roundJobs(row, runtimes, round, seed)),
  );

test('the runtime order is balanced per block of rounds, randomised between blocks, and replayed by its seed', () => {
  const ids = ['A', 'B', 'C', 'D'];
  const orders = (seed) => Array.from({ length: 40 }, (_, i) => roundOrder(ids, i + 1, seed).join(''));
  const run = orders(7);
  for (let b = 0; b < 10; b++) {
    const block = run.slice(b * 4, b * 4 + 4);
    for (const o of block) assert.deepEqual([...o].sort().join(''), 'ABCD', 'every runtime once per round');
    for (let pos = 0; pos < 4; pos++)
      assert.equal(new Set(block.map((o) => o[pos])).size, 4, `each runtime once in position ${pos} per block`);
  }
  assert.ok(new Set(run).size > 8, 'orders vary between blocks, not a fixed rotation');
  const followers = new Set(run.map((o) => o[o.indexOf('A') + 1]).filter(Boolean));
  assert.ok(followers.size >= 2, 'A is not always followed by the same runtime');
  assert.deepEqual(orders(7), run, 'the same seed replays the same order');
  assert.notDeepEqual(orders(8), run);
  const w = { id: 's/w', module: { params: {} } };
  assert.equal(jobsOf([w], ['A', 'B', 'C'], 3, 7).length, 9);
});

test("a round runs each parameter set on every runtime, a row's runtimes back to back", () => {
  const w = { id: 's/w', module: { params: { n: [1, 2] } } };
  const jobs = jobsOf([w], ['A', 'B'], 1);
  assert.deepEqual(jobs.map((j) => `${j.params.n}${j.runtime}`).sort(), ['1A', '1B', '2A', '2B']);
  assert.deepEqual(
    jobs.map((j) => j.params.n),
    [1, 1, 2, 2],
    "a row's runtimes run back to back",
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
