// run --calibrate as a user runs it: every bench row carries its process's calibration before and
// after the workload, the file counts what was checked and replaced, and the table's header says
// how many processes were replaced. Which processes get replaced is tested on fixture rows
// (lib/run/loop/calibration-check.test.js): here the machine's timings decide, so no count is asserted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { validateResults } from '../lib/results/file.js';
import { CLI, NODE, runToResults } from './cli.js';

test('run --calibrate records each process’s calibration and the header counts the replacements', () => {
  const doc = runToResults([
    '--runtimes',
    'node',
    '--suite',
    'math',
    '--workload',
    'sqrt-sin-loop',
    '--rounds',
    '3',
    '--calibrate',
    '--min-ms',
    '20',
    '--warmup-ms',
    '20',
  ]);
  assert.deepEqual(validateResults(doc), []);
  const ok = doc.results.filter((r) => r.status === 'ok');
  assert.ok(ok.length >= 3);
  for (const r of ok) {
    assert.ok(r.calibration.before > 0 && r.calibration.after > 0, JSON.stringify(r.calibration));
    assert.equal(r.calibration.unit, 'iterations/s');
  }
  assert.equal(doc.calibration.checked, ok.length);
  assert.ok(doc.calibration.replaced >= 0 && doc.calibration.replaced <= doc.calibration.checked);
  const file = join(mkdtempSync(join(tmpdir(), 'parity-cal-')), 'r.json');
  writeFileSync(file, JSON.stringify(doc));
  const table = spawnSync(NODE, [CLI, 'table', file], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(table.status, 0, table.stderr);
  assert.match(table.stdout, /^calibration: \d+ of \d+ processes replaced after calibration/m);
});

test('a run without --calibrate times no calibration', () => {
  const doc = runToResults([
    '--runtimes',
    'node',
    '--suite',
    'math',
    '--workload',
    'sqrt-sin-loop',
    '--rounds',
    '1',
    '--min-ms',
    '20',
    '--warmup-ms',
    '20',
  ]);
  assert.equal(doc.calibration, undefined);
  assert.ok(doc.results.every((r) => r.calibration === undefined));
});
