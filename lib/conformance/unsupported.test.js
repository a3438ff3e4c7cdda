import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadUnsupported, unexpectedUnsupported } from './unsupported.js';

const row = (runtime, suite, workload, error) => ({ runtime, suite, workload, status: 'unsupported', error });

test('an unsupported row listed in conformance/unsupported.json passes, for variants of its kind too', () => {
  const rows = [
    row('node', 'workers-pools', 'cpu-math', 'no global Worker (web Workers) in this runtime'),
    row('node+fast-webstreams', 'workers-pools', 'cold-start', 'no global Worker (web Workers) in this runtime'),
    row('workerd', 'workers-pools', 'cpu-math', 'worker-threads: cannot start a host here: Not implemented'),
  ];
  assert.deepEqual(unexpectedUnsupported(rows), []);
});

test('a setup failure on a runtime that has the feature is unexpected, however it is worded', () => {
  const rows = [
    row(
      'node',
      'streams',
      'fetch-3-transforms',
      'fetch() from a server on 127.0.0.1 fails in this runtime (ECONNREFUSED)',
    ),
    row('deno', 'workers-pools', 'cpu-math', 'worker-threads: cannot start a host here: not implemented'),
    row('bun', 'workers-pools', 'cpu-math', 'no global Worker (web Workers) in this runtime'),
  ];
  assert.equal(unexpectedUnsupported(rows).length, 3);
});

test('every entry names why the runtime lacks the feature', () => {
  for (const e of loadUnsupported()) assert.ok(e.why && e.kind && e.workload && e.reason, JSON.stringify(e));
});
