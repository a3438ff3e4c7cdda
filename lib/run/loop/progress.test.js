import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progress } from './progress.js';

test('an ok row without a throughput figure prints "ok" instead of ending the run', () => {
  let text = '';
  const stream = /** @type {any} */ ({ isTTY: false, write: (s) => (text += s) });
  const job = { round: 1, runtime: { id: 'workerd' }, workload: { id: 'workers-pools/rpc-roundtrip' }, params: {} };
  const p = progress(stream);
  p.done(1, 2, job, { status: 'ok', throughput: { value: null, unit: 'ops/s' }, wall_ms: 1000 });
  p.done(2, 2, job, { status: 'ok', throughput: { value: 1234.5, unit: 'ops/s' }, wall_ms: 1000 });
  assert.match(text, /^\[1\/2\] round 1 workerd workers-pools\/rpc-roundtrip: ok \(0:01\)$/m);
  assert.match(text, /^\[2\/2\] .*: 1\.23e\+3 ops\/s \(0:01\)$/m);
});
