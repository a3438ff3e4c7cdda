import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveRuntime } from '../runtimes/registry.js';
import { checkRows, collectChecks, unsupportedLines } from './checks.js';
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

test('workerd runs every check a worker can, in one workerd, and names the suites it cannot run', async (t) => {
  const rt = resolveRuntime('workerd');
  if (rt.missing) return t.skip(rt.missing);
  const collected = await collectChecks(rt);
  const all = await loadChecks();
  assert.deepEqual(Object.keys(collected.unsupported ?? {}).sort(), ['math', 'workers']);
  const runnable = all.filter((c) => !['math', 'workers'].includes(c.suite)).map((c) => c.name);
  assert.deepEqual(
    collected.results.map((r) => `${r.suite}/${r.id}`),
    runnable,
  );
  // A check of known outcome each way: gzip round-trips there; MessagePort transfer lists are not supported.
  const byName = Object.fromEntries(collected.results.map((r) => [`${r.suite}/${r.id}`, r]));
  assert.equal(byName['compression/gzip-round-trip'].ok, true, byName['compression/gzip-round-trip'].error ?? '');
  assert.equal(byName['structured-clone/postmessage-transfer-detaches'].ok, false);
  // The suites it cannot run are not error rows.
  const rows = checkRows('workerd', collected, {}, all);
  assert.equal(rows.length, runnable.length);
  assert.ok(!rows.some((r) => r.status === 'error'));
  assert.deepEqual(unsupportedLines('workerd', collected).length, 2);
});
