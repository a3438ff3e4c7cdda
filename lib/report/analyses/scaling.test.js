import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTable } from '../text/print.js';
import { scaling, scalingTable } from './scaling.js';

const row = (runtime, mb, ns) => ({
  runtime,
  suite: 'streams',
  workload: 'read-loop',
  params: { chunk: 1024, mb },
  status: 'ok',
  units_per_call: mb * 2 ** 20,
  median_ns: ns,
});

test('a runtime whose per-byte cost grows more than 2x from the smallest to the largest size is named', () => {
  // steady: 64x the bytes in 64x the time; collapsing: 64x the bytes in 640x the time.
  const rows = [
    row('steady', 1, 1e6),
    row('steady', 64, 64e6),
    row('collapsing', 1, 1e6),
    row('collapsing', 64, 640e6),
  ];
  const list = scaling(rows, 'streams');
  assert.deepEqual(
    list.map((s) => [s.runtime, Math.round(s.growth)]),
    [
      ['collapsing', 10],
      ['steady', 1],
    ],
  );
  const text = printTable(/** @type {any} */ (scalingTable(list)));
  assert.match(text, /10\.00x GROWS/);
  assert.match(text, /grows more than 2x with size on: collapsing \(read-loop chunk=1024, 10\.0x\)/);
  assert.doesNotMatch(text, /steady \(/);
});

test('a workload measured at one size only has no scaling row', () => {
  assert.equal(scalingTable(scaling([row('x', 1, 1e6)], 'streams')), null);
});
