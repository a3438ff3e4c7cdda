// A short fixed calibration run in the same process as a workload: the same code on every
// runtime (Σ sqrt(i)·sin(i)), timed before and after the workload, so that a process the host
// slowed (a noisy neighbour, a slow core, a throttled vCPU) shows in the calibration too, while a
// runtime's own slow state (a JIT or GC state one process falls into) shows in the workload only.
// Also the reading of many such processes: per runtime, which were slow, and whether their
// calibration saw it (slowStates). Pure apart from the clock the caller passes.
import { madScale, medianOf } from './stats/robust.js';

/** Iterations of one calibration call: a few milliseconds on a current core. */
export const CALIBRATION_N = 100_000;

/** @param {number} n */
export function calibrationKernel(n = CALIBRATION_N) {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.sqrt(i) * Math.sin(i);
  return sum;
}

/**
 * Time `fn` (which does `units` of work a call) for `ms` milliseconds of the clock `now`
 * (milliseconds) in samples of at least `sampleMs` each (several calls when one is short, so that
 * a coarse clock such as a browser-grade performance.now still resolves them), at least
 * `minSamples` of them, and give the median sample's speed in units per second. The median
 * leaves out the first samples a JIT has not compiled yet.
 * @param {() => unknown} fn
 * @param {number} units
 * @param {{now: () => number, ms?: number, sampleMs?: number, minSamples?: number, sink?: (x: unknown) => void}} o
 */
export function speedOf(fn, units, { now, ms = 150, sampleMs = 10, minSamples = 5, sink = () => {} }) {
  const speeds = [];
  let calls = 0;
  const until = now() + ms;
  while (speeds.length < minSamples || now() < until) {
    const t0 = now();
    let n = 0;
    let dt = 0;
    do {
      sink(fn());
      n++;
      dt = now() - t0;
    } while (dt < sampleMs);
    calls += n;
    speeds.push((n * units * 1000) / dt);
  }
  return { per_s: medianOf(speeds), calls, samples: speeds.length };
}

/**
 * The calibration's speed in iterations per second (speedOf over calibrationKernel).
 * @param {{now: () => number, ms?: number, sink?: (x: unknown) => void}} o now in milliseconds
 */
export function calibrate({ now, ms = 150, sink = () => {} }) {
  return speedOf(() => calibrationKernel(CALIBRATION_N), CALIBRATION_N, { now, ms, sink }).per_s;
}

/**
 * @typedef {{runtime: string, index: number, calibration: number, work: number}} ProbeProcess
 *   calibration and work: speeds (higher is faster) of one fresh process; calibration is the
 *   slower of its before and after readings, so a slow spell at either end counts.
 */

/**
 * Per runtime, which processes were slow and whether their calibration saw it. A process is slow
 * in the workload when its log speed is below the runtime's median by more than
 * max(minDistance, k · MAD scale) of the runtime's processes; its calibration is slow by the same
 * rule over the calibration's speeds. `seen`: slow workload processes whose calibration was slow
 * too (the host's); `unseen`: slow in the workload only (the runtime's own state, or one the
 * calibration is blind to); `calibrationOnly`: a slow calibration with a normal workload.
 * @param {ProbeProcess[]} processes
 * @param {{k?: number, minDistance?: number}} [o]
 */
export function slowStates(processes, { k = 3, minDistance = Math.log(1.1) } = {}) {
  const byRuntime = new Map();
  for (const p of processes) byRuntime.set(p.runtime, [...(byRuntime.get(p.runtime) ?? []), p]);
  return [...byRuntime].map(([runtime, ps]) => {
    const flag = (/** @type {number[]} */ speeds) => {
      const logs = speeds.map(Math.log);
      const m = medianOf(logs);
      const bar = Math.max(minDistance, k * madScale(logs));
      return {
        median: Math.exp(m),
        bar,
        slow: logs.map((x) => m - x > bar),
        dev: logs.map((x) => Math.exp(x - m) - 1),
      };
    };
    const work = flag(ps.map((p) => p.work));
    const calib = flag(ps.map((p) => p.calibration));
    const pick = (pred) => ps.flatMap((p, i) => (pred(i) ? [p.index] : []));
    return {
      runtime,
      processes: ps.length,
      work_median: work.median,
      calibration_median: calib.median,
      // The bars as the share of speed a process must lose to count as slow.
      work_bar: -Math.expm1(-work.bar),
      calibration_bar: -Math.expm1(-calib.bar),
      slow: pick((i) => work.slow[i]),
      seen: pick((i) => work.slow[i] && calib.slow[i]),
      unseen: pick((i) => work.slow[i] && !calib.slow[i]),
      calibrationOnly: pick((i) => calib.slow[i] && !work.slow[i]),
      rows: ps.map((p, i) => ({ index: p.index, work_dev: work.dev[i], calibration_dev: calib.dev[i] })),
    };
  });
}
