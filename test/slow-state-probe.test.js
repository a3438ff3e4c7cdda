// The slow-state probe as a user runs it: a few fresh node processes of math/pow, a table per
// runtime, and a file with every process's calibration and workload speeds. Its figures are not
// checked (they need a quiet machine); what it reads and writes is.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { NODE } from './cli.js';

const PROBE = join(ROOT, 'tools', 'slow-state-probe.js');
const probe = (...args) => spawnSync(NODE, [PROBE, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });

test('the probe runs fresh processes of the calibration and a workload and reports each', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'parity-probe-')), 'probe.json');
  const r = probe('--workload', 'math/pow', '--runtimes', 'node', '--processes', '3', '--ms', '20', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /^\| node \| 3 \| [\d.]+[Mk]?\/s \| [\d.]+[Mk]?\/s \| \d+ \(−\d+%\) \| \d+ \| \d+ \| \d+ \(−\d+%\) \|$/m,
  );
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(doc.processes.length, 3);
  for (const p of doc.processes) {
    assert.equal(p.raw.calibration.length, 2);
    assert.ok(p.work > 0 && p.calibration > 0, JSON.stringify(p));
  }
  assert.ok(doc.fingerprint.cpu, 'the file names the microarchitecture it ran on');
  assert.match(doc.provenance.commit, /^[0-9a-f]{40}$/, 'the file names the commit it ran from, as a kept file must');
  assert.match(doc.command, /--workload math\/pow/);
});

test('bad input is one line naming what would be valid, exit 2', () => {
  const bad = probe('--workload', 'math');
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, 'slow-state-probe: Invalid --workload "math": expected <suite>/<name>, e.g. math/pow\n');
  assert.equal(probe('--workload', 'math/pow', '--runtimes', 'nope').status, 2);
});
