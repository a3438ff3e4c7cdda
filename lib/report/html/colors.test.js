import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runtimeColor } from './colors.js';

test('a runtime has the same colour whatever else is in the report', () => {
  assert.equal(runtimeColor('bun'), runtimeColor('bun'));
  assert.equal(runtimeColor('node'), runtimeColor('node@26'));
  const ids = ['node', 'node@22', 'node@24', 'deno', 'bun', 'workerd'];
  assert.equal(new Set(ids.map(runtimeColor)).size, ids.length, 'the known runtimes are told apart');
});

test('a variant keeps a shade of its base; unknown ids still get a stable colour', () => {
  for (const id of ['node+fast-webstreams', 'node:production', 'node/aa', 'bun+x', 'something-else'])
    assert.match(runtimeColor(id), /^#[0-9a-f]{6}$/);
  assert.notEqual(runtimeColor('node+fast-webstreams'), runtimeColor('node'));
  assert.equal(runtimeColor('quickjs'), runtimeColor('quickjs'));
});
