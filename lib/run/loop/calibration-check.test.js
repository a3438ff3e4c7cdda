// Replacing a process by its calibration, on fixture rows: processes slowed on purpose by a known
// factor, no clock involved.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calibrationLine } from '../../report/model/calibration-line.js';
import { calibrationOf, withCalibration } from './calibration-check.js';

/** A fake job runner: each call hands out the next row of `speeds` (calibration, iterations/s) for the job's runtime. */
function fixtureRunner(speedsByRuntime) {
  const next = new Map(Object.keys(speedsByRuntime).map((id) => [id, 0]));
  const calls = [];
  const runJob = async (job) => {
    const id = job.runtime.id;
    const i = /** @type {number} */ (next.get(id));
    next.set(id, i + 1);
    calls.push(`${id}#${job.n}`);
    const s = speedsByRuntime[id][i];
    return {
      runtime: id,
      status: 'ok',
      n: job.n,
      process: i,
      calibration: { before: s, after: s * 1.01, unit: 'iterations/s' },
    };
  };
  return { runJob, calls };
}

const jobs = (id, n) => Array.from({ length: n }, (_, k) => ({ runtime: { id }, n: k }));

test('a process whose calibration ran at half speed is replaced by a fresh one, once; the rest are kept', async () => {
  // node: six processes near 100M, the seventh slowed to 50M on purpose, its replacement at speed.
  const speeds = { node: [100, 101, 99, 102, 98, 100, 50, 100, 101].map((x) => x * 1e6) };
  const { runJob, calls } = fixtureRunner(speeds);
  const c = withCalibration(runJob, { enabled: true });
  const rows = [];
  for (const job of jobs('node', 8)) rows.push(await c.run(job));
  assert.equal(rows.length, 8);
  assert.deepEqual(
    rows.map((r) => r.process),
    [0, 1, 2, 3, 4, 5, 7, 8],
  );
  const r = rows[6].replaced;
  assert.equal(r.calibration, 50e6);
  assert.ok(Math.abs(r.median / 100e6 - 1) < 1e-12 && Math.abs(r.bar - (1 - 1 / 1.1)) < 1e-12, JSON.stringify(r));
  assert.equal(rows.filter((r) => r.replaced).length, 1);
  assert.equal(calls.filter((x) => x === 'node#6').length, 2, 'the slowed job ran twice');
  assert.deepEqual(c.report(), { checked: 8, replaced: 1, still_off: 0 });
});

test('a replacement that is slow again is kept (at most one replacement per job) and counted', async () => {
  const speeds = { bun: [100, 100, 101, 99, 100, 40, 45, 100].map((x) => x * 1e6) };
  const c = withCalibration(fixtureRunner(speeds).runJob, { enabled: true });
  const rows = [];
  for (const job of jobs('bun', 7)) rows.push(await c.run(job));
  assert.equal(rows[5].process, 6);
  assert.equal(rows[5].replaced.calibration, 40e6);
  assert.deepEqual(c.report(), { checked: 7, replaced: 1, still_off: 1 });
  assert.match(
    /** @type {string} */ (calibrationLine(c.report())),
    /^calibration: 1 of 7 processes replaced after calibration .*; 1 replacement was slow again and kept$/,
  );
});

test('each runtime is judged against its own readings; too few readings judge nothing; off without the flag', async () => {
  // deno's calibration runs at a third of node's: that is deno's speed, not a slow process.
  const speeds = { node: [100, 100, 100, 100, 100, 100], deno: [33, 34, 33, 32, 33, 33] };
  const c = withCalibration(fixtureRunner(speeds).runJob, { enabled: true });
  for (let k = 0; k < 6; k++) for (const id of ['node', 'deno']) await c.run({ runtime: { id }, n: k });
  assert.deepEqual(c.report(), { checked: 12, replaced: 0, still_off: 0 });
  // The first readings of a run have no spread to judge by: a slow first process is kept.
  const early = withCalibration(fixtureRunner({ node: [10, 100, 100].map((x) => x * 1e6) }).runJob, { enabled: true });
  assert.equal((await early.run({ runtime: { id: 'node' }, n: 0 })).replaced, undefined);
  const off = withCalibration(fixtureRunner({ node: [100, 100, 100, 100, 100, 1].map((x) => x * 1e6) }).runJob, {
    enabled: false,
  });
  for (const job of jobs('node', 6)) assert.equal((await off.run(job)).replaced, undefined);
  assert.equal(calibrationOf({ status: 'error' }), null);
  assert.equal(calibrationLine(undefined), null);
});
