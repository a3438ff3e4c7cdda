import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CALIBRATION_N, calibrationKernel, slowStates, speedOf } from './calibration.js';
import { calibrationOff, madScale } from './stats/robust.js';

test('speedOf reads units per second off the clock it is given, in samples long enough for a coarse clock', () => {
  let t = 0;
  // Each call takes 2 ms of a clock that only moves when a call runs: 1000 units / 2 ms = 500k/s.
  const fn = () => {
    t += 2;
  };
  const s = speedOf(fn, 1000, { now: () => t, ms: 100, sampleMs: 10 });
  assert.equal(s.per_s, 500_000);
  assert.ok(s.samples >= 5 && s.calls === s.samples * 5, JSON.stringify(s));
});

test('the calibration kernel is the same fixed sum everywhere', () => {
  const a = calibrationKernel(CALIBRATION_N);
  assert.equal(a, calibrationKernel(CALIBRATION_N));
  assert.ok(Number.isFinite(a) && a !== 0);
});

test('the MAD scale is the SD for normal-looking data and not moved by a few far values', () => {
  const logs = [-0.02, -0.01, 0, 0.01, 0.02];
  const withOutliers = [...logs, -0.5, -0.6];
  assert.ok(Math.abs(madScale(logs) - 0.01 * 1.4826) < 1e-12);
  assert.ok(madScale(withOutliers) < 0.04);
});

/** 30 processes of one runtime, 1% jitter, with three slowed on purpose by a known factor. */
function fixture() {
  const jitter = (i) => 1 + 0.01 * Math.sin(i * 12.9898);
  return Array.from({ length: 30 }, (_, k) => {
    const index = k + 1;
    let work = 100e6 * jitter(index);
    let calibration = 50e6 * jitter(index + 100);
    if (index === 5 || index === 17) [work, calibration] = [work * 0.6, calibration * 0.6]; // the host slowed both
    if (index === 9) work *= 0.6; // the runtime's own slow state: the calibration runs at speed
    if (index === 23) calibration *= 0.6; // a slow spell during the calibration only
    return { runtime: 'deno', index, calibration, work };
  });
}

test('slow processes are told apart: seen by the calibration (the host), unseen (the runtime), calibration only', () => {
  const [r] = slowStates(fixture());
  assert.equal(r.processes, 30);
  assert.deepEqual(r.slow, [5, 9, 17]);
  assert.deepEqual(r.seen, [5, 17]);
  assert.deepEqual(r.unseen, [9]);
  assert.deepEqual(r.calibrationOnly, [23]);
  // The bar is the fixed 10% floor here: 1% jitter's 3 MAD scales are less.
  assert.ok(Math.abs(r.work_bar - (1 - 1 / 1.1)) < 1e-12, String(r.work_bar));
});

test('processes that merely scatter widely are not called slow', () => {
  const wide = fixture().map((p, i) => ({
    ...p,
    work: 100e6 * Math.exp(0.15 * Math.sin(i * 7.31)),
    calibration: 50e6,
  }));
  const [r] = slowStates(wide);
  assert.deepEqual(r.slow, []);
});

test('a calibration is off only when slower than the run’s median by more than its robust spread', () => {
  const readings = [100, 101, 99, 102, 98, 100, 97, 103].map((x) => x * 1e6);
  assert.equal(calibrationOff(readings, 60e6).off, true);
  assert.equal(calibrationOff(readings, 95e6).off, false);
  // Faster is never the host's slow state.
  assert.equal(calibrationOff(readings, 160e6).off, false);
  // Too few readings: no spread to judge by.
  assert.equal(calibrationOff(readings.slice(0, 4), 10e6).off, false);
  // A run whose calibrations scatter widely needs a wider gap.
  const wide = [100, 70, 130, 85, 115, 95, 105, 75, 125].map((x) => x * 1e6);
  assert.equal(calibrationOff(wide, 70e6).off, false);
  assert.equal(calibrationOff(wide, 20e6).off, true);
});
