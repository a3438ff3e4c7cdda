// Runtime detection is data: each kind's kind.json says how its runtime is recognised, and the
// harness finds the kind running it from those rules alone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { detectKind, detectRules } from './detect.js';

test('every kind that runs the harness (a bench adapter) has a detect rule in its kind.json', () => {
  const rules = detectRules();
  const runners = join(ROOT, 'runners');
  const kinds = readdirSync(runners, { withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(join(runners, e.name)).includes('kind.json'))
    .map((e) => e.name);
  assert.ok(kinds.length >= 4, kinds.join(', '));
  for (const kind of kinds) {
    const { bench } = JSON.parse(readFileSync(join(runners, kind, 'kind.json'), 'utf8'));
    if (bench) assert.ok(rules[kind], `runners/${kind}/kind.json has no "detect"`);
  }
});

test('the rules tell node, deno and bun apart (deno and bun expose a node-like process too)', () => {
  const rules = detectRules();
  const nodeLike = { release: { name: 'node' } };
  assert.equal(detectKind(rules, { process: nodeLike }), 'node');
  assert.equal(detectKind(rules, { process: nodeLike, Deno: {} }), 'deno');
  assert.equal(detectKind(rules, { process: nodeLike, Bun: {} }), 'bun');
  assert.equal(detectKind(rules, {}), 'unknown');
  assert.equal(detectKind(), 'node');
});

test('a fallback rule is tried after the others, whatever the order of the kinds', () => {
  const rules = { a: { path: 'x', fallback: true }, b: { path: 'y', equals: 'yes' } };
  assert.equal(detectKind(rules, { x: 1, y: 'yes' }), 'b');
  assert.equal(detectKind(rules, { x: 1, y: 'no' }), 'a');
});
