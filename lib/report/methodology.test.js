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
const registry = { variants: { 'node:production': {} } };

test('a comparison configured alike has no warnings', () => {
  assert.deepEqual(methodologyWarnings(base(), registry), []);
});

test('NODE_ENV set on one side only is named', () => {
  const d = base();
  d.runtimes[0].env = { NODE_ENV: 'production' };
  assert.match(
    methodologyWarnings(d, registry).join('\n'),
    /NODE_ENV differs between runtimes \(node: production, bun: \(unset\)\)/,
  );
});

test('GC exposed on one side only is named', () => {
  const d = base();
  d.results[1].gc = 'none';
  assert.match(methodologyWarnings(d, registry).join('\n'), /GC is exposed on some runtimes but not on bun/);
});

test('flags or a preload on a runtime that is not a declared variant are named; declared ones are not', () => {
  const d = base();
  d.runtimes[1] = { id: 'node-hacked', flags: ['--max-semi-space-size=64'], env: {}, preload: null };
  assert.match(
    methodologyWarnings(d, registry).join('\n'),
    /node-hacked ran with flags --max-semi-space-size=64 but is not a declared variant/,
  );
  d.runtimes[1] = { id: 'node:production', flags: ['--x'], env: {}, preload: null };
  assert.deepEqual(methodologyWarnings(d, registry), []);
});

test('a busy machine at the start is named', () => {
  const d = base();
  d.fingerprint.loadavg_start = [1.7, 1, 1];
  assert.match(
    methodologyWarnings(d, registry).join('\n'),
    /machine was busy when the run started \(load 1\.7 on 2 cores\)/,
  );
});
