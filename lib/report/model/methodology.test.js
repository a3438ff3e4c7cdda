import assert from 'node:assert/strict';
import { test } from 'node:test';
import { methodologyWarnings } from './methodology.js';

/** @returns {any} */
const base = () => ({
  fingerprint: { cores: 2, loadavg_start: [0.1, 0, 0], node_env: null },
  runtimes: [
    { id: 'node', flags: [], env: {}, preload: null },
    { id: 'bun', flags: [], env: {}, preload: null },
  ],
  results: [
    { runtime: 'node', gc: 'globalThis.gc' },
    { runtime: 'bun', gc: 'Bun.gc(true)' },
  ],
});

test('a comparison configured alike has no warnings', () => {
  assert.deepEqual(methodologyWarnings(base()), []);
});

test('NODE_ENV set on one side only is named', () => {
  const d = base();
  d.runtimes[0].env = { NODE_ENV: 'production' };
  assert.match(
    methodologyWarnings(d).join('\n'),
    /NODE_ENV differs between runtimes \(node: production, bun: \(unset\)\)/,
  );
});

test('an HTTP row whose servers ran under different NODE_ENV is named; rows alike are not', () => {
  const d = base();
  const row = (runtime, node_env, c) => ({
    runtime,
    suite: 'http',
    workload: 'json-small',
    params: { concurrency: c },
    status: 'ok',
    report: { node_env },
  });
  d.results = [
    row('node', 'production', 1),
    row('bun', '(unset)', 1),
    row('node', 'production', 8),
    row('bun', 'production', 8),
  ];
  const w = methodologyWarnings(d).join('\n');
  assert.match(
    w,
    /NODE_ENV of the server differs between runtimes in 1 row\(s\), e\.g\. http\/json-small \{"concurrency":1\}: node: production, bun: \(unset\)/,
  );
  d.results[1].report.node_env = 'production';
  assert.deepEqual(methodologyWarnings(d), []);
});

test('GC exposed on one side only is named', () => {
  const d = base();
  d.results[1].gc = 'none';
  assert.match(methodologyWarnings(d).join('\n'), /GC is exposed on some runtimes but not on bun/);
});

test('flags or a preload on a runtime the file records as not a declared variant are named; declared ones are not', () => {
  const d = base();
  d.runtimes[1] = { id: 'node-hacked', flags: ['--max-semi-space-size=64'], env: {}, preload: null, variant: false };
  assert.match(
    methodologyWarnings(d).join('\n'),
    /node-hacked ran with flags --max-semi-space-size=64 but is not a declared variant/,
  );
  d.runtimes[1] = { id: 'node:production', flags: ['--x'], env: {}, preload: null, variant: true };
  assert.deepEqual(methodologyWarnings(d), []);
  // A file from before the field makes no claim either way: it prints the same in any checkout.
  d.runtimes[1] = { id: 'node-hacked', flags: ['--x'], env: {}, preload: null };
  assert.deepEqual(methodologyWarnings(d), []);
});

test('a busy machine at the start is named', () => {
  const d = base();
  d.fingerprint.loadavg_start = [1.7, 1, 1];
  assert.match(methodologyWarnings(d).join('\n'), /machine was busy when the run started \(load 1\.7 on 2 cores\)/);
});
