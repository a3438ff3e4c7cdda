// make diff across microarchitectures: two copies of one kept file, given two CPU identities that
// share the name "AMD EPYC", are diffed by the CLI as a user would; the warning must come first.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cpuIdFromCpuinfo } from '../lib/measure/cpu-id.js';
import { ROOT } from '../lib/paths.js';
import { CLI, NODE } from './cli.js';

const kept = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'math-json-quick.json'), 'utf8'));
const cpu = (name) => cpuIdFromCpuinfo(readFileSync(join(ROOT, 'test', 'fixtures', 'cpuinfo', name), 'utf8'));

function fileWith(dir, name, cpuName) {
  const doc = structuredClone(kept);
  if (cpuName) doc.fingerprint.cpu = cpu(cpuName);
  writeFileSync(join(dir, name), JSON.stringify(doc));
  return join(dir, name);
}

const diff = (a, b) => spawnSync(NODE, [CLI, 'diff', a, b], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

test('make diff of two files from different microarchitectures warns loudly before any number', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-microarch-'));
  const r = diff(fileWith(dir, 'a.json', 'amd-epyc-f25-m17.txt'), fileWith(dir, 'b.json', 'amd-epyc-f26-m2.txt'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stderr,
    /parity: WARNING: DIFFERENT MICROARCHITECTURES: A .*a\.json ran on AuthenticAMD family 25 model 17 stepping 1, B .*b\.json ran on AuthenticAMD family 26 model 2 stepping 1/,
  );
  assert.match(r.stdout, /files from DIFFERENT MICROARCHITECTURES: see the warning\)\n$/);
});

test('make diff of one microarchitecture, or of old files that do not record one, does not warn about it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-microarch-'));
  const same = diff(fileWith(dir, 'a.json', 'amd-epyc-f25-m17.txt'), fileWith(dir, 'b.json', 'amd-epyc-f25-m17.txt'));
  assert.equal(same.status, 0, same.stderr);
  assert.doesNotMatch(same.stderr + same.stdout, /MICROARCHITECTURE/i);
  const old = diff(fileWith(dir, 'c.json', null), fileWith(dir, 'd.json', 'amd-epyc-f25-m17.txt'));
  assert.equal(old.status, 0, old.stderr);
  assert.match(old.stderr, /parity: note: microarchitecture unknown for A .*c\.json \(the file does not record it\)/);
  assert.doesNotMatch(old.stdout, /DIFFERENT/);
});
