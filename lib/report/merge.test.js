import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../run/registry.js';
import { readResults } from '../run/results.js';
import { mergeTable, platformOf } from './merge.js';
import { printTable } from './print.js';

const DIR = join(ROOT, 'test', 'fixtures', 'results');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => join(DIR, f));

test('fixture files from four platforms merge into one runtime × platform table', () => {
  const t = mergeTable(FILES.map(readResults));
  assert.deepEqual(
    t.columns.slice(3).map((c) => c.label),
    ['darwin arm64', 'linux arm64', 'linux x64', 'win32 x64'],
  );
  const text = printTable(t);
  // bun did not run on Windows: absent, never zero.
  assert.match(text, /^math\/exp\s+bun\s+ops\/s\s+\S+ ±\d+%\s+\S+ ±\d+%\s+\S+ ±\d+%\s+-$/m);
  assert.match(text, /^math\/sqrt-sin-loop\s+node\s+/m);
  assert.equal(t.rows.length, 6);
});

test('platformOf reads the platform field, or infers it from the OS name of older files', () => {
  assert.equal(platformOf({ platform: 'darwin', arch: 'arm64', os: 'x' }), 'darwin arm64');
  assert.equal(platformOf({ os: 'Debian GNU/Linux 12 (bookworm)', arch: 'x64' }), 'linux x64');
});

test('make merge prints the table as markdown', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'lib', 'run', 'cli.js'), 'merge', ...FILES, '--markdown'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^\| workload \| runtime \| unit \| darwin arm64 \|/m);
});
