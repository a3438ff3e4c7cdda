import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveRuntime } from '../runtimes/registry.js';
import { checkRows, collectChecks } from './checks.js';
import { loadChecks } from './checks-load.js';

const ALL = [
  { suite: 'json', id: 'a', name: 'json/a' },
  { suite: 'json', id: 'b', name: 'json/b' },
  { suite: 'math', id: 'sin', name: 'math/sin' },
  { suite: 'math', id: 'cos', name: 'math/cos' },
];

test('check results are judged against check:<suite> expectations', () => {
  const collected = {
    results: [
      { suite: 'json', id: 'a', ok: true, error: null },
      { suite: 'json', id: 'b', ok: false, error: 'AssertionError: nope\n+ diff' },
      { suite: 'math', id: 'sin', ok: true, error: null },
    ],
    code: 1,
    signal: null,
    stderr: 'boom',
  };
  const exp = {
    'check:json': { fail: { note: 'known', expected: ['b'] } },
    'check:math': { fail: { note: 'k', expected: ['sin'] } },
  };
  const rows = checkRows('bun', collected, exp, ALL);
  assert.deepEqual(
    rows.map((r) => [r.name, r.status, r.detail]),
    [
      ['json/a', 'pass', null],
      ['json/b', 'expected-fail', 'AssertionError: nope'],
      ['math/sin', 'unexpected-pass', null],
      ['math/cos', 'error', 'Collector exited with code 1 before this check reported: boom'],
    ],
  );
  for (const r of rows) assert.equal(r.source, 'check');
});

test('check ids are unique and every check has a function', async () => {
  const checks = await loadChecks();
  assert.ok(checks.length >= 20);
  assert.equal(new Set(checks.map((c) => c.name)).size, checks.length);
  for (const c of checks) assert.equal(typeof c.fn, 'function', c.name);
});

test('the collector reports every check from a fresh node process', async () => {
  const collected = await collectChecks(resolveRuntime('node'));
  const all = await loadChecks();
  assert.equal(collected.code, 0, collected.stderr);
  assert.deepEqual(
    collected.results.map((r) => `${r.suite}/${r.id}`),
    all.map((c) => c.name),
  );
});
