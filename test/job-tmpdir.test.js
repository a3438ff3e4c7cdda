// A job killed on timeout leaves no temporary folder: the process driver gives each
// job its own TMPDIR and removes it when the job ends, however it ends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { PREFIX } from './fixtures/suites/leak/hang.js';

test('a job killed on timeout leaves no temporary folder behind', () => {
  const before = readdirSync(tmpdir()).filter((f) => f.startsWith(PREFIX));
  const out = join(mkdtempSync(join(tmpdir(), 'parity-leak-')), 'l.json');
  const args = ['run', '--runtimes', 'node', '--suites-dir', 'test/fixtures/suites', '--suite', 'leak'];
  args.push('--rounds', '1', '--timeout', '3', '--out', out);
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'node'), [join(ROOT, 'lib', 'run', 'cli.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.ok(existsSync(out), `no results file (exit ${r.status}): ${String(r.stderr).slice(-800)}`);
  const row = JSON.parse(readFileSync(out, 'utf8')).results[0];
  assert.equal(row.status, 'timeout', `${r.stderr.slice(-500)} ${JSON.stringify(row)}`);
  const after = readdirSync(tmpdir()).filter((f) => f.startsWith(PREFIX));
  assert.deepEqual(after, before);
});
