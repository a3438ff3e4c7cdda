import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fetchedFiles, idlFiles, importedFiles } from './workerd-wpt.js';

/** A tiny checkout: interfaces/a.idl, interfaces/b.idl, x/local.js, resources/r.js. */
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'parity-wpt-embed-'));
  for (const d of ['interfaces', 'x', 'resources']) mkdirSync(join(root, d));
  for (const f of ['interfaces/a.idl', 'interfaces/b.idl', 'x/local.js', 'resources/r.js'])
    writeFileSync(join(root, f), '');
  return root;
}

test('the IDL files an idl_test names are embedded, and names without a file are left out', () => {
  const root = checkout();
  const src = "idl_test(\n  ['a'],\n  ['b', 'missing'],\n  idl_array => {});";
  assert.deepEqual(idlFiles(root, src), [join(root, 'interfaces/a.idl'), join(root, 'interfaces/b.idl')]);
  assert.deepEqual(idlFiles(root, 'test(() => {});'), []);
});

test('importScripts targets resolve from the WPT root or the test folder, as the host resolves them', () => {
  const root = checkout();
  const src = "importScripts('/resources/testharness.js');\nimportScripts('local.js', '/resources/r.js');";
  assert.deepEqual(importedFiles(root, 'x/t.worker.js', src), [join(root, 'x/local.js'), join(root, 'resources/r.js')]);
});

test('data a test fetches by a literal path outside its resources/ folder is embedded', () => {
  const root = checkout();
  const src =
    'fetch("../resources/r.js").then(r => r.json());\nfetch("/interfaces/a.idl");\nfetch("missing.json");\nfetch(url);';
  assert.deepEqual(fetchedFiles(root, 'x/t.any.js', src), [
    join(root, 'resources/r.js'),
    join(root, 'interfaces/a.idl'),
  ]);
});
