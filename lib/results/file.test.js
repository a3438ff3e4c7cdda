import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import {
  commitInHistory,
  provenance,
  provenanceWarnings,
  readResults,
  resultsPath,
  validateResults,
  writeJsonAtomic,
} from './file.js';

const minimal = () => ({
  schema: 'parity.results/1',
  started: '2026-11-22T00:00:00.000Z',
  finished: null,
  complete: false,
  command: 'x',
  provenance: { commit: null, dirty: null, lock_sha256: null, preloads: {} },
  fingerprint: {
    os: 'o',
    kernel: 'k',
    arch: 'x64',
    cpu_model: 'c',
    cores: 2,
    mem_bytes: 1,
    governor: 'g',
    loadavg_start: [0, 0, 0],
    loadavg_end: null,
    node_env: null,
  },
  runtimes: [],
  results: [],
  conformance: [],
});

test('a minimal document is valid', () => {
  assert.deepEqual(validateResults(minimal()), []);
});

test('provenance is required in every results file, perf or conformance', () => {
  const doc = /** @type {any} */ (minimal());
  delete doc.provenance;
  assert.match(validateResults(doc).join('; '), /must have required property 'provenance'/);
});

test('an unknown status and a wrong schema id are reported', () => {
  const doc = minimal();
  doc.schema = 'parity.results/0';
  /** @type {any[]} */ (doc.conformance).push({
    runtime: 'node',
    suite: 's',
    source: 'wpt',
    name: 'n',
    status: 'maybe',
    detail: null,
  });
  const errors = validateResults(doc).join('\n');
  assert.match(errors, /\/schema/);
  assert.match(errors, /\/conformance\/0\/status/);
});

test('resultsPath is a UTC stamp and the host name', () => {
  const p = resultsPath(new Date('2026-11-22T06:15:00.123Z'), '/r');
  assert.match(p, /^\/r\/20261122T061500Z-[\w.-]+\.json$/);
});

test('writeJsonAtomic leaves no temporary file and readResults reads it back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-test-'));
  const file = join(dir, 'r.json');
  writeJsonAtomic(file, minimal());
  assert.deepEqual(readdirSync(dir), ['r.json']);
  assert.equal(readResults(file).schema, 'parity.results/1');
});

test('readResults names the file and the problem for broken input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-test-'));
  const file = join(dir, 'bad.json');
  writeFileSync(file, '{"schema": "parity.results/1"}');
  assert.throws(() => readResults(file), /bad\.json does not match schema parity\.results\/1/);
  assert.throws(() => readResults(join(dir, 'none.json')), /none\.json: no such file/);
  assert.ok(readFileSync(file, 'utf8'));
});

test('provenance records the commit, the lock hash and a preloaded package version', () => {
  // The variant's preload as the registry names it (resolving runtimes is lib/runtimes', a layer above).
  const { variants } = JSON.parse(readFileSync(join(ROOT, 'runners', 'runtimes.json'), 'utf8'));
  const p = provenance([{ preload: join(ROOT, variants['node+fast-webstreams'].preload) }]);
  assert.match(String(p.commit), /^[0-9a-f]{40}$/);
  assert.equal(typeof p.dirty, 'boolean');
  assert.match(String(p.lock_sha256), /^[0-9a-f]{64}$/);
  assert.match(p.preloads['experimental-fast-webstreams'], /^\d+\.\d+\.\d+/);
});

test('files from different commits or locks are warned about; identical provenance is not', () => {
  const a = { provenance: { commit: 'a'.repeat(40), dirty: false, lock_sha256: 'x' } };
  const b = { provenance: { commit: 'b'.repeat(40), dirty: false, lock_sha256: 'y' } };
  assert.deepEqual(provenanceWarnings([a, a]), []);
  const w = provenanceWarnings([a, b]).join('\n');
  assert.match(w, /different parity commits/);
  assert.match(w, /different package-lock\.json/);
  const c = { provenance: { ...a.provenance, preloads: { 'experimental-fast-webstreams': '0.1.0' } } };
  const d = { provenance: { ...a.provenance, preloads: { 'experimental-fast-webstreams': '0.2.0' } } };
  assert.deepEqual(provenanceWarnings([c, c]), []);
  assert.match(
    provenanceWarnings([c, d]).join('\n'),
    /different experimental-fast-webstreams versions: 0\.1\.0, 0\.2\.0/,
  );
});

test('outside a git checkout the commit is null with the reason, never a guess', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-nogit-'));
  const p = provenance([], dir);
  assert.equal(p.commit, null);
  assert.equal(p.dirty, null);
  assert.match(p.git_error, /not a git checkout/);
  assert.equal(p.lock_sha256, null);
  assert.equal(p.lock_error, 'no package-lock.json');
});

test("a kept file's commit is checked against this checkout's history", async () => {
  const { execFileSync } = await import('node:child_process');
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  assert.equal(commitInHistory(head), true);
  assert.equal(commitInHistory('0123456789abcdef0123456789abcdef01234567'), false);
  assert.equal(commitInHistory(null), null);
});
