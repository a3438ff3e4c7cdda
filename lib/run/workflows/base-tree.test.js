// A base checkout's runtimes: resolved under the base's root, named <id>/base, or listed with why not.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { loadRegistry, resolveRuntime } from '../../runtimes/registry.js';
import { baseRuntimes, openBase } from './base-tree.js';

const heads = ['node', 'workerd', 'node@system'].map((id) => resolveRuntime(id));

test('this tree as its own base: node pairs as node/base with the base tree’s binary; workerd is not paired', async () => {
  const base = await openBase(ROOT);
  assert.equal(base.tooOld, null);
  const { pairs, unpaired } = baseRuntimes(base, heads.slice(0, 2));
  assert.deepEqual(
    pairs.map((p) => [p.head.id, p.base.id]),
    [['node', 'node/base']],
  );
  assert.equal(pairs[0].base.bin, pairs[0].head.bin);
  assert.deepEqual(unpaired, [{ id: 'workerd', reason: "driver workerd runs this tree's files only" }]);
});

test("a base's binaries are its own: a missing one is broken, an id it lacks is only listed", () => {
  const root = mkdtempSync(join(tmpdir(), 'parity-base-tree-'));
  mkdirSync(join(root, 'runners'));
  const mine = JSON.parse(readFileSync(join(ROOT, 'runners', 'runtimes.json'), 'utf8'));
  writeFileSync(join(root, 'runners', 'runtimes.json'), JSON.stringify({ runtimes: { node: mine.runtimes.node } }));
  const base = { root, shown: 'b', tooOld: null, registry: loadRegistry(join(root, 'runners', 'runtimes.json'), root) };
  const { pairs, unpaired } = baseRuntimes(base, [heads[0], heads[2]]);
  assert.equal(pairs.length, 0);
  assert.equal(unpaired[0].id, 'node');
  assert.equal(unpaired[0].broken, true);
  assert.match(
    unpaired[0].reason,
    new RegExp(`the base's ${root}/node_modules/node/bin/node not found.*make -C b setup`),
  );
  assert.deepEqual(unpaired[1], { id: 'node@system', reason: 'the base has no such runtime id' });
});
