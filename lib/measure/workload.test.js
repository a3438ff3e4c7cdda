import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expandGrid, missingRequirements, paramSets, paramsKey, validateWorkload } from './workload.js';

const good = () => ({
  name: 'w',
  unit: 'bytes',
  params: { chunk: [1024, 65536], mode: ['a', 'b'] },
  quick: { chunk: [1024] },
  run: () => 1,
  verify() {},
});

test('a well-formed workload validates', () => {
  assert.ok(validateWorkload(good(), 's/w'));
});

test('a name that differs from the file name is rejected with both names', () => {
  assert.throws(() => validateWorkload({ ...good(), name: 'x' }, 's/w'), /name must be "w".*"x"/);
});

test('an unknown unit is rejected naming the valid units', () => {
  assert.throws(() => validateWorkload({ ...good(), unit: 'MB' }, 's/w'), /unit must be one of bytes, ops/);
});

test('mixed number and string values in one parameter are rejected', () => {
  assert.throws(
    () => validateWorkload({ ...good(), params: { chunk: [1, 'a'] } }, 's/w'),
    /all numbers or all strings/,
  );
});

test('a quick value outside the grid is rejected', () => {
  assert.throws(() => validateWorkload({ ...good(), quick: { chunk: [7] } }, 's/w'), /not in params.chunk/);
});

test('expandGrid yields every combination in declaration order', () => {
  assert.deepEqual(expandGrid({ a: [1, 2], b: ['x', 'y'] }), [
    { a: 1, b: 'x' },
    { a: 1, b: 'y' },
    { a: 2, b: 'x' },
    { a: 2, b: 'y' },
  ]);
  assert.deepEqual(expandGrid({}), [{}]);
});

test('quick mode takes the quick subset and the first value of other keys', () => {
  assert.deepEqual(paramSets(good(), true), [{ chunk: 1024, mode: 'a' }]);
  assert.equal(paramSets(good(), false).length, 4);
});

test('paramsKey is stable text', () => {
  assert.equal(paramsKey({ chunk: 1024, doc: 'rsc' }), 'chunk=1024 doc=rsc');
});

test('missingRequirements names absent globals and modules only', async () => {
  const missing = await missingRequirements([
    'JSON.parse',
    'NoSuch.thing',
    'node:fs',
    'node:nope',
    'node:stream#Readable.toWeb',
    'node:stream#Readable.noSuchThing',
  ]);
  assert.deepEqual(missing, ['NoSuch.thing', 'node:nope', 'node:stream#Readable.noSuchThing']);
});

test('a process workload (command) counts starts, verifies each output and has no run', () => {
  const proc = { name: 'w', unit: 'starts', command: () => ({ script: 'x.mjs' }), verify() {} };
  assert.ok(validateWorkload(proc, 's/w'));
  assert.throws(() => validateWorkload({ ...proc, unit: 'ops' }, 's/w'), /a process workload's unit must be "starts"/);
  assert.throws(() => validateWorkload({ ...proc, run: () => 1 }, 's/w'), /command\(params, ctx\) instead of run/);
  assert.throws(() => validateWorkload({ ...proc, verify: undefined }, 's/w'), /verify must be a function/);
});
