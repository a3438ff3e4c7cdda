// CPU of the timed window, from the OS, on every process-per-job kind: a main-thread spin reads
// one core, a spin with a second thread spinning beside it reads two (issue 8.3).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { kindRepresentatives, loadRegistry, ROOT } from '../lib/run/registry.js';

const registry = loadRegistry();
const RUNTIMES = kindRepresentatives(registry).filter(
  (id) => registry.kinds[registry.runtimes[id].kind].driver === 'process',
);

describe('utilisation in the timed window', () => {
  /** @type {any} */
  let doc;
  before(() => {
    const out = join(mkdtempSync(join(tmpdir(), 'parity-window-')), 'w.json');
    const args = ['run', '--runtimes', RUNTIMES.join(','), '--suites-dir', 'test/fixtures/suites', '--suite', 'window'];
    args.push('--rounds', '1', '--min-ms', '600', '--warmup-ms', '50', '--out', out);
    const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'node'), [join(ROOT, 'lib', 'run', 'cli.js'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(r.status, 0, r.stderr);
    doc = JSON.parse(readFileSync(out, 'utf8'));
  });
  const util = (rt, w) => {
    const row = doc.results.find((r) => r.runtime === rt && r.workload === w);
    assert.equal(row?.status, 'ok', row?.error);
    const c = row.cpu_window;
    assert.equal(c.source, '/proc/self/stat');
    return (c.user_ms + c.sys_ms) / c.wall_ms;
  };
  for (const rt of RUNTIMES) {
    test(`${rt}: a main-thread spin reads about one core`, () => {
      const u = util(rt, 'spin-main');
      assert.ok(u > 0.75 && u < 1.3, `utilisation ${u}`);
    });
    test(`${rt}: a second spinning thread reads about two cores`, () => {
      const u = util(rt, 'spin-two-threads');
      assert.ok(u > 1.5 && u < 2.5, `utilisation ${u}`);
    });
  }
});
