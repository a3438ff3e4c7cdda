// A suite copy's removal ends what its tests left running: a detached child (its own session, so
// no group kill reaches it) started in the copy is gone after remove(), and so is the copy.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { processesIn } from '../../runtimes/procfs.js';
import { prepareSuite } from './corpus.js';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('remove() ends the detached processes a test left in the copy, then removes it', {
  skip: process.platform !== 'linux',
}, async () => {
  const src = mkdtempSync(join(tmpdir(), 'parity-corpus-src-'));
  writeFileSync(join(src, 'stay.js'), 'setInterval(() => {}, 1000);\n');
  const suite = prepareSuite(src);
  // One started from the copy (its working directory), one naming a file in it from elsewhere.
  const a = spawn(process.execPath, ['stay.js'], { cwd: suite.testRoot, detached: true, stdio: 'ignore' });
  const b = spawn(process.execPath, [join(suite.testRoot, 'stay.js')], {
    cwd: tmpdir(),
    detached: true,
    stdio: 'ignore',
  });
  a.unref();
  b.unref();
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(processesIn(suite.root).sort(), [a.pid, b.pid].sort());
  suite.remove();
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(alive(/** @type {number} */ (a.pid)), false);
  assert.equal(alive(/** @type {number} */ (b.pid)), false);
  assert.equal(existsSync(suite.root), false);
});
