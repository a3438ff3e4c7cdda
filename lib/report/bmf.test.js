import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toBmf } from './bmf.js';

const row = (runtime, round, ns) => ({
  runtime,
  suite: 's',
  workload: 'w',
  params: { n: 1 },
  round,
  status: 'ok',
  unit: 'ops',
  units_per_call: 1,
  median_ns: ns,
  throughput: { value: 1e9 / ns, unit: 'ops/s' },
  cpu_ms: { user: 90, sys: 10 },
  wall_ms: 120,
  rss_peak_bytes: 5e7,
});

test('BMF has one benchmark per runtime and row, one measure per metric, bounds from the intervals', () => {
  const doc = {
    runtimes: [{ id: 'node' }, { id: 'bun' }],
    results: [
      row('node', 1, 100),
      row('node', 2, 110),
      row('node', 3, 90),
      row('bun', 1, 50),
      { ...row('bun', 2, 0), status: 'timeout' },
    ],
  };
  const bmf = toBmf(doc);
  assert.deepEqual(Object.keys(bmf).sort(), ['bun s/w n=1', 'node s/w n=1']);
  const node = bmf['node s/w n=1'];
  assert.equal(node.latency.value, 100);
  assert.ok(Number(node.latency.lower_value) <= 100 && Number(node.latency.upper_value) >= 100);
  assert.equal(node.throughput.value, 1e7);
  assert.equal(node['peak-rss-bytes'].value, 5e7);
  // One ok round: a value without invented bounds.
  assert.equal(bmf['bun s/w n=1'].latency.value, 50);
  assert.equal(bmf['bun s/w n=1'].latency.lower_value, undefined);
});
