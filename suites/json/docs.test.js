import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countValues, makeDoc, serialize, structuralHash } from './_docs.js';

test('documents are deterministic, and pinned so that results stay comparable', () => {
  const a = makeDoc('rsc', 1);
  const b = makeDoc('rsc', 1);
  assert.equal(a.text, b.text);
  // Changing the generator changes what every past result measured: update these on purpose.
  assert.equal(a.textHash, 'f357a343');
  assert.equal(makeDoc('flat', 1).textHash, '486b9132');
});

test('a 1 MB rsc document costs at least 100,000 reviver calls and is ASCII', () => {
  const d = makeDoc('rsc', 1);
  assert.ok(d.values >= 100_000, `${d.values} values`);
  assert.ok(d.bytes >= 1e6 && d.bytes < 1.3e6, `${d.bytes} bytes`);
  assert.ok(/^[\x20-\x7e]*$/.test(d.text));
});

test('the serialiser writes what JSON.stringify writes, escapes included', () => {
  for (const kind of /** @type {const} */ (['rsc', 'flat'])) {
    const d = makeDoc(kind, 0.05);
    assert.equal(JSON.stringify(d.value), d.text);
  }
  assert.equal(serialize({ a: ['x"y\\z\n', 1.5, null, true] }), JSON.stringify({ a: ['x"y\\z\n', 1.5, null, true] }));
});

test('countValues counts every value a reviver sees, and the source text of primitives', () => {
  assert.deepEqual(countValues({ a: [1, 'xy'], b: null }), { values: 5, sourceChars: 1 + 4 + 4 });
  let calls = 0;
  const d = makeDoc('flat', 0.02);
  JSON.parse(d.text, (_k, v) => {
    calls++;
    return v;
  });
  assert.equal(calls, d.values);
});

test('structuralHash tells apart values, types and key order', () => {
  const h = structuralHash({ a: [1, 'x'], b: null });
  assert.equal(h, structuralHash(JSON.parse('{"a":[1,"x"],"b":null}')));
  assert.notEqual(h, structuralHash({ a: [1, 'y'], b: null }));
  assert.notEqual(h, structuralHash({ a: ['1', 'x'], b: null }));
  assert.notEqual(h, structuralHash({ b: null, a: [1, 'x'] }));
  assert.notEqual(structuralHash([[1], 2]), structuralHash([1, [2]]));
});

test('makeDoc names the valid kinds when given a wrong one', () => {
  assert.throws(() => makeDoc(/** @type {any} */ ('xml'), 1), /valid: rsc, flat/);
});
