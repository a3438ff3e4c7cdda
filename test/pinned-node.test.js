// The orchestrator's node (node_modules/.bin/node, what make runs) is the pinned "node" package,
// not another release that also links a bin named "node" (node-22, node-24).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';

test('node_modules/.bin/node is the version package.json pins as "node"', () => {
  const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies.node;
  const version = execFileSync(join(ROOT, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
  assert.equal(version, `v${pinned}`, 'make setup links .bin/node to the "node" package: run make setup again');
});
