import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { longCallSampling, MIN_LONG_SAMPLES, MODES } from './defaults.js';

test('a long call takes fewer samples, never fewer than the floor; a short one the mode count', () => {
  const job = { min_samples: 12, max_ms: 4000 };
  assert.equal(longCallSampling(job, 1e6).min_samples, 12);
  assert.equal(longCallSampling(job, 500e6).min_samples, 8);
  assert.equal(longCallSampling(job, 4e9).min_samples, MIN_LONG_SAMPLES);
});

// The harness side of long calls, on a fake clock: each call of the workload takes "4 s" (and 1 ms of
// real time, so that mitata, whose first probe reads its own clock, does not batch it).
test('a job whose call takes 4 s runs 5 calls, not 16: no warm-up repeat, 3 samples, no call after them', async (t) => {
  const { runJob } = await import('./harness.js');
  const dir = mkdtempSync(join(tmpdir(), 'parity-long-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'long.js');
  writeFileSync(
    file,
    `export default { name: 'long', unit: 'ops', run() { const end = performance.now() + 1; while (performance.now() < end); globalThis.__clock += 4e9; globalThis.__calls++; return 1; }, verify() {} };\n`,
  );
  const g = /** @type {any} */ (globalThis);
  g.__clock = 0;
  g.__calls = 0;
  const caps = /** @type {any} */ ({
    kind: 'node',
    now: () => (g.__clock += 1000),
    timer: 'fake',
    gc: null,
    gcName: 'none',
    cpuUsage: () => ({ user: 0, system: 0 }),
    rss: () => 0,
    heap: () => 0,
    version: 'v0',
    engine: 'V8',
    engineVersion: '0',
  });
  const job = { id: 'x/long', workload: `file://${file}`, params: {}, ...MODES.full };
  const row = /** @type {any} */ (await runJob(caps, job));
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.samples_total, MIN_LONG_SAMPLES);
  // First call (verify) + mitata's probe + the samples (the last one's output is verified, no call
  // after them); the 300 ms warm-up adds none.
  assert.equal(g.__calls, 2 + MIN_LONG_SAMPLES);
});
