// biome.json's rule against runtime globals in suites/** agrees with the kinds (their kind.json
// `globals`), and the type declarations of those globals live in each kind's folder, so neither
// file lists kinds by hand.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { BIOME_FILE, biomeRule, deniedGlobals } from './lint-globals.js';
import { kindIds, loadRegistry, REGISTRY_FILE } from './registry.js';

test("biome.json denies in suites/ exactly the kinds' own globals (node lib/runtimes/lint-globals.js --write)", () => {
  const rule = biomeRule(JSON.parse(readFileSync(BIOME_FILE, 'utf8')));
  assert.deepEqual(rule?.deniedGlobals, deniedGlobals());
  for (const g of ['process', 'Deno', 'Bun']) assert.ok(Object.hasOwn(rule.deniedGlobals, g), g);
});

test("a kind's global is typed in its own folder (runners/<kind>/globals.d.ts, picked up by tsconfig's glob)", () => {
  const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
  assert.ok(tsconfig.include.includes('runners/*/globals.d.ts'));
  const reg = loadRegistry(REGISTRY_FILE);
  for (const kind of kindIds(reg)) {
    // A global this node has (node's `process`) is typed by @types/node.
    const own = Object.keys(reg.kinds[kind].globals ?? {}).filter((n) => n !== '$comment' && !(n in globalThis));
    for (const name of own) {
      const file = join(reg.kinds[kind].dir, 'globals.d.ts');
      assert.ok(existsSync(file), `${kind}: no ${file}`);
      assert.match(readFileSync(file, 'utf8'), new RegExp(`declare namespace ${name}\\b`), `${kind}: ${name}`);
    }
  }
});
