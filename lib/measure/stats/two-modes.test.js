import assert from 'node:assert/strict';
import { test } from 'node:test';
import { twoModes } from './two-modes.js';

test('rounds in two tight groups far apart are two modes; cases seen in kept runs', () => {
  // deno math/pow: 75.3M in one process, 47.6M and 46.6M in the next two.
  assert.deepEqual(twoModes([75.3, 47.6, 46.6]), {
    low: { n: 2, median: 47.1 },
    high: { n: 1, median: 75.3 },
    gap: 75.3 / 47.6,
  });
  // bun math/log: 136.8M, then 180.5M and 179.1M.
  assert.equal(twoModes([136.8, 180.5, 179.1])?.low.n, 1);
  // node parse-reviver rsc: 59.6 / 30.2 / 53.0 ms, each process tight inside itself.
  assert.equal(twoModes([59.6, 30.2, 53.0])?.high.n, 2);
});

test('one mode with noise, a spread under 1.3×, a smear without a gap, or too few rounds are not two modes', () => {
  assert.equal(twoModes([100, 103, 98, 101]), null, 'noise');
  assert.equal(twoModes([100, 125, 110]), null, 'spread under 1.3×');
  assert.equal(twoModes([100, 112, 125, 140, 157]), null, 'a smear: no gap of 1.2×');
  assert.equal(twoModes([100, 200]), null, 'two rounds');
  assert.equal(twoModes([100, 150, 180, 200]), null, 'a side not tight within itself');
});
