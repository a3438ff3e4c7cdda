// Kept files agree with the code: every file under results/published names the commit
// it was made from, that commit is in this repository's history (a file made from work that did
// not land describes code nobody can read), and that tree had no uncommitted changes (its
// provenance's `dirty` is false: a file from a dirty tree describes code nobody can check out).
// results/archive holds superseded files the docs do not read.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { microarchOf } from '../lib/measure/cpu-id.js';
import { ROOT } from '../lib/paths.js';
import { commitInHistory, shallowClone } from '../lib/results/file.js';

const KEPT = join(ROOT, 'results', 'published');

/** @param {string} dir @returns {string[]} */
function jsonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsonFiles(p);
    return name.endsWith('.json') ? [p] : [];
  });
}

/** Every kept file, read once: its path under the repository and its document. */
const kept = jsonFiles(KEPT).map((file) => ({
  name: relative(ROOT, file),
  doc: JSON.parse(readFileSync(file, 'utf8')),
}));

test('every kept file names a commit in this repository’s history, made from a clean tree', {
  skip: shallowClone() && 'a shallow clone (CI’s checkouts may hold no history)',
}, () => {
  const problems = [];
  for (const { name, doc } of kept) {
    const p = doc.provenance;
    if (!p?.commit) problems.push(`${name}: names no commit`);
    else if (commitInHistory(p.commit) !== true)
      problems.push(`${name}: commit ${p.commit} is not an ancestor of HEAD`);
    if (p && p.dirty !== false) problems.push(`${name}: made from a tree with uncommitted changes (dirty: ${p.dirty})`);
  }
  assert.deepEqual(problems, []);
});

test('the check fails on a commit outside the history', () => {
  assert.equal(commitInHistory('0123456789abcdef0123456789abcdef01234567'), false);
});

test('every kept file with a machine fingerprint was made on one kind of machine', (t) => {
  // Files from two kinds of machine would be read under one legend; and two hosts that both say
  // "AMD EPYC" can be different microarchitectures, whose ratios differ.
  const machines = new Map();
  const archs = new Map();
  const unknown = [];
  for (const { name, doc } of kept) {
    const fp = doc.fingerprint;
    if (!fp) continue; // a bisect's or a WPT timeline's record, whose steps carry their own
    const key = `${fp.cpu_model} × ${fp.cores}, ${fp.os}, ${fp.arch}`;
    machines.set(key, [...(machines.get(key) ?? []), name]);
    const arch = microarchOf(fp);
    if (arch) archs.set(arch, [...(archs.get(arch) ?? []), name]);
    else unknown.push(name);
  }
  assert.ok(machines.size >= 1, 'no kept file has a fingerprint: is the test reading results/published?');
  const kinds = (m) => [...m].map(([k, v]) => `${k} (${v.length}: ${v.slice(0, 3).join(', ')}…)`).join('; ');
  assert.equal(machines.size, 1, `kept files from ${machines.size} kinds of machine: ${kinds(machines)}`);
  // Files made before the fingerprint carried family/model/stepping cannot be told apart: unknown, not a failure.
  if (unknown.length) t.diagnostic(`microarchitecture unknown (not recorded) for ${unknown.length} kept file(s)`);
  assert.ok(archs.size <= 1, `kept files from ${archs.size} microarchitectures: ${kinds(archs)}`);
});
