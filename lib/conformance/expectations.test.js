import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  EXPECTATIONS_DIR,
  effectiveExpectations,
  expectationFor,
  globToRegExp,
  loadExpectations,
  updateExpectations,
  validateExpectations,
  writeExpectations,
} from './expectations.js';

test('every entry needs a reason and a kind', () => {
  assert.deepEqual(validateExpectations({ 'a.any.js': { kind: 'not-implemented', skip: 'browser only' } }), []);
  assert.match(validateExpectations({ 'a.any.js': { kind: 'bug', skip: '' } })[0], /"skip" must be a non-empty reason/);
  assert.match(
    validateExpectations({ 'a.any.js': { kind: 'bug', fail: { expected: ['x'] } } })[0],
    /"fail.note" must be a non-empty reason/,
  );
  assert.match(
    validateExpectations({ 'a.any.js': { kind: 'bug', fail: { note: 'why' } } })[0],
    /needs a non-empty "expected" or "flaky" list/,
  );
  assert.match(
    validateExpectations({ 'a.any.js': { kind: 'bug', todo: 'x' } }).join('\n'),
    /unknown field\(s\) todo; valid fields are kind, issue, skip, fail/,
  );
  assert.match(
    validateExpectations({ 'a.any.js': { skip: 'no kind' } }).join('\n'),
    /"kind" must be one of not-implemented, build, bug, harness, outdated-test, todo, got undefined/,
  );
  assert.match(
    validateExpectations({ 'a.any.js': { kind: 'bug', issue: 'nodejs/node#1', skip: 'x' } }).join('\n'),
    /"issue" must be an https URL/,
  );
});

test('the shipped expectation files are valid', () => {
  for (const id of ['node', 'deno', 'bun', 'workerd', 'node@22', 'node@24', 'node+fast-webstreams'])
    assert.doesNotThrow(() => loadExpectations(id), `${id}.json`);
});

test('a missing expectations file means everything should pass', () => {
  assert.deepEqual(loadExpectations('no-such-runtime', EXPECTATIONS_DIR), {});
});

test('an invalid expectations file fails loudly with its path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-exp-'));
  writeFileSync(join(dir, 'x.json'), '{"a.any.js": {"kind": "bug", "skip": ""}}');
  assert.throws(() => loadExpectations('x', dir), /x\.json: "a\.any\.js": "skip" must be a non-empty reason/);
});

test('globs match within a segment with * and across segments with **', () => {
  assert.ok(globToRegExp('streams/*.any.js').test('streams/a.any.js'));
  assert.ok(!globToRegExp('streams/*.any.js').test('streams/piping/a.any.js'));
  assert.ok(globToRegExp('streams/**/*.any.js').test('streams/piping/a.any.js'));
  assert.ok(globToRegExp('streams/**').test('streams/piping/a.any.js'));
});

test('exact keys and matching globs merge into one expectation', () => {
  const exp = expectationFor(
    {
      'streams/piping/a.any.js': { kind: 'bug', fail: { note: 'one', expected: ['x'] } },
      'streams/**/a.any.js': { kind: 'not-implemented', fail: { note: 'two', expected: ['y'], flaky: ['z'] } },
      'streams/other.any.js': { kind: 'bug', skip: 'no' },
    },
    'streams/piping/a.any.js',
  );
  assert.deepEqual(Object.fromEntries(exp.kind), { x: 'bug', y: 'not-implemented', z: 'not-implemented' });
  assert.deepEqual([...exp.expected].sort(), ['x', 'y']);
  assert.deepEqual([...exp.flaky], ['z']);
  assert.equal(exp.skip, null);
  assert.equal(exp.note, 'one; two');
});

const row = (file, subtest, status) => ({
  runtime: 'bun',
  source: 'wpt',
  suite: 'streams',
  file,
  subtest,
  name: `${file} > ${subtest}`,
  status,
});

test('update keeps reasons and kinds, drafts new entries as todo, drops passing ones, keeps skips and globs', () => {
  const existing = {
    $comment: 'kept',
    'streams/known.any.js': {
      kind: 'bug',
      fail: { note: 'real reason', expected: ['old', 'still'], kinds: { old: 'harness', still: 'harness' } },
    },
    'streams/fixed.any.js': { kind: 'bug', fail: { note: 'was broken', expected: ['t'] } },
    'streams/skipped.any.js': { kind: 'bug', skip: 'crashes' },
    'streams/glob/*.any.js': { kind: 'bug', fail: { note: 'glob reason', expected: ['g'] } },
    'streams/untouched.any.js': { kind: 'bug', fail: { note: 'not in this run', expected: ['u'] } },
  };
  const rows = [
    row('streams/known.any.js', 'old', 'unexpected-pass'),
    row('streams/known.any.js', 'still', 'expected-fail'),
    row('streams/known.any.js', 'new', 'fail'),
    row('streams/fixed.any.js', 't', 'unexpected-pass'),
    row('streams/new.any.js', 'n', 'timeout'),
    row('streams/glob/a.any.js', 'g', 'expected-fail'),
    { runtime: 'bun', source: 'check', suite: 'json', check: 'raw-json', name: 'json/raw-json', status: 'fail' },
  ];
  const next = updateExpectations(existing, rows, '2026-11-22');
  const DRAFT = 'observed failing on 2026-11-22; read the failures, then set kind and note';
  assert.deepEqual(next, {
    $comment: 'kept',
    'check:json': { kind: 'todo', fail: { note: DRAFT, expected: ['raw-json'] } },
    'streams/glob/*.any.js': existing['streams/glob/*.any.js'],
    'streams/known.any.js': {
      kind: 'bug',
      fail: { note: 'real reason', expected: ['still', 'new'], kinds: { still: 'harness' } },
    },
    'streams/new.any.js': { kind: 'todo', fail: { note: DRAFT, expected: ['n'] } },
    'streams/skipped.any.js': { kind: 'bug', skip: 'crashes' },
    'streams/untouched.any.js': existing['streams/untouched.any.js'],
  });
  assert.deepEqual(validateExpectations(next), []);
});

test('expectations are written as stable two-space JSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-exp-'));
  const file = writeExpectations('bun', { 'a.any.js': { kind: 'bug', skip: 'why' } }, dir);
  assert.equal(readFileSync(file, 'utf8'), '{\n  "a.any.js": {\n    "kind": "bug",\n    "skip": "why"\n  }\n}\n');
});

test('a variant inherits its base runtime and named expectation files, then adds its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-exp-'));
  const write = (id, data) => writeFileSync(join(dir, `${id}.json`), JSON.stringify(data));
  write('base', {
    'a.any.js': { kind: 'not-implemented', fail: { note: 'base reason', expected: ['x'] } },
    'b.any.js': { kind: 'bug', skip: 'no b' },
  });
  write('lib', { 'a.any.js': { kind: 'bug', fail: { note: 'lib reason', expected: ['y'] } } });
  const registry = /** @type {any} */ ({ variants: { 'base+lib': { base: 'base', expectations: ['lib'] } } });
  const merged = effectiveExpectations('base+lib', registry, dir);
  assert.deepEqual(merged['a.any.js'].fail.expected, ['x', 'y']);
  assert.match(merged['a.any.js'].fail.note, /base reason; lib reason/);
  assert.equal(merged['b.any.js'].skip, 'no b');
  assert.deepEqual(effectiveExpectations('base', registry, dir)['a.any.js'].fail.expected, ['x']);
  // Each subtest keeps the kind of the file that listed it.
  assert.deepEqual(Object.fromEntries(expectationFor(merged, 'a.any.js').kind), { x: 'not-implemented', y: 'bug' });
});

test('a variant key (x.any.js?1-10) is a file, not a glob: update keeps its failures and flaky list', () => {
  const existing = {
    'a/x.any.js?1-10': { kind: 'bug', fail: { note: 'read', expected: ['s1'], flaky: ['s2'] } },
    'a/x.any.js?11-20': { kind: 'bug', fail: { note: 'read', expected: ['s3'] } },
  };
  const row = (file, subtest, status) => ({ source: 'wpt', file, subtest, status });
  const rows = [
    row('a/x.any.js?1-10', 's1', 'expected-fail'),
    row('a/x.any.js?1-10', 's2', 'expected-fail'),
    row('a/x.any.js?11-20', 's3', 'expected-fail'),
  ];
  const next = updateExpectations(existing, rows, '2026-11-27');
  assert.deepEqual(next['a/x.any.js?1-10'].fail.expected, ['s1', 's2']);
  assert.deepEqual(next['a/x.any.js?1-10'].fail.flaky, ['s2']);
  assert.deepEqual(next['a/x.any.js?11-20'].fail.expected, ['s3']);
  assert.ok(!globToRegExp('a/x.any.js?1-10').test('a/x.any.jsX1-10'), '? is literal');
  assert.equal(expectationFor(existing, 'a/x.any.js?11-20').expected.has('s1'), false);
});
