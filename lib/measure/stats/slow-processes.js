// Slow processes per runtime: in a run's own rounds, the processes of one runtime that ran a row
// slower than that runtime's other processes of the row, how much slower, and, where the run timed
// the fixed calibration beside each job (run --calibrate), whether the calibration saw it. A
// slow process the calibration saw is the host's (a neighbour, a throttled vCPU); one it did not
// see is the runtime's own slow state (a JIT or GC state one process falls into), a finding about
// that runtime and workload, not noise. Pure functions over numbers.
//
// The rule is the tables' own for rounds off a comparison's main mode (paired.js offMode), read on
// one runtime's times instead of a ratio: a process is slow when its log time is above the median
// of its cell's rounds by more than both OFF_MODE and OFF_MODE_SDS of the suite's robust
// round-to-round SD (robust.js pooledMadScale over every cell of the suite), while such processes
// are at most OFF_MODE_SHARE of the cell's rounds (beyond that there is no main mode to be slower
// than). A cell needs MIN_ROUNDS rounds. Its calibration is judged by the rule run --calibrate
// replaces processes by (robust.js calibrationOff): slower than the median of the runtime's
// calibrations in the run by more than max(10%, 3 MAD-scaled SDs).

import { OFF_MODE, OFF_MODE_SDS, OFF_MODE_SHARE } from './paired.js';
import { calibrationOff, medianOf, pooledMadScale } from './robust.js';

/** Three rounds are the least with a middle one to be slower than. */
export const MIN_ROUNDS = 3;
/**
 * @typedef {{round: number, time: number, calibration?: number | null, replaced?: boolean}} ProcessRound
 *   time: the job's median time per call (higher is slower); calibration: the slower of its two
 *   calibration speeds (higher is faster), null or absent when the run timed none; replaced: this
 *   process replaced one whose calibration was off (run --calibrate)
 * @typedef {{suite: string, key: string, runtime: string, rounds: ProcessRound[]}} ProcessCell
 * @typedef {{round: number, slower: number, calibration: 'seen' | 'unseen' | null}} SlowProcess
 *   slower: the process's time ÷ the cell's median time; calibration: null without a reading
 */

/**
 * Each cell's slow processes, and every runtime's totals.
 * @param {ProcessCell[]} cells
 * @returns {{cells: {key: string, runtime: string, processes: number, replaced: number, slow: SlowProcess[]}[],
 *   runtimes: Map<string, {processes: number, checked: number, replaced: number, slow: number, seen: number, unseen: number, slower: number[]}>}}
 *   checked: processes in cells with a main mode to judge by (MIN_ROUNDS, a suite with a robust SD)
 */
export function slowProcesses(cells) {
  const calibrated = calibrationJudge(cells);
  const bars = suiteBars(cells);
  const out = [];
  /** @type {Map<string, any>} */
  const runtimes = new Map();
  for (const c of cells) {
    const t = runtimes.get(c.runtime) ?? {
      processes: 0,
      checked: 0,
      replaced: 0,
      slow: 0,
      seen: 0,
      unseen: 0,
      slower: [],
    };
    runtimes.set(c.runtime, t);
    const replaced = c.rounds.filter((r) => r.replaced).length;
    t.processes += c.rounds.length;
    t.replaced += replaced;
    const bar = bars.get(c.suite);
    const slow = bar === undefined ? null : slowIn(c.rounds, bar);
    if (slow) t.checked += c.rounds.length;
    const found = (slow ?? []).map((r) => ({
      round: r.round,
      slower: r.slower,
      calibration: calibrated(c.runtime, r.calibration),
    }));
    for (const s of found) {
      t.slow++;
      t.slower.push(s.slower);
      if (s.calibration === 'seen') t.seen++;
      if (s.calibration === 'unseen') t.unseen++;
    }
    out.push({ key: c.key, runtime: c.runtime, processes: c.rounds.length, replaced, slow: found });
  }
  return { cells: out, runtimes };
}

/**
 * A cell's slow rounds with how much slower, or null when it has no main mode to judge by (fewer
 * than MIN_ROUNDS rounds).
 * @param {ProcessRound[]} rounds @param {number} bar log distance
 */
function slowIn(rounds, bar) {
  const ok = rounds.filter((r) => r.time > 0);
  if (ok.length < MIN_ROUNDS) return null;
  const m = medianOf(ok.map((r) => Math.log(r.time)));
  const slow = ok.filter((r) => Math.log(r.time) - m > bar);
  if (slow.length / ok.length > OFF_MODE_SHARE) return [];
  return slow.map((r) => ({ ...r, slower: Math.exp(Math.log(r.time) - m) }));
}

/** Each suite's bar (log distance): max(OFF_MODE, OFF_MODE_SDS × its pooled robust SD); a suite too
 * small for a robust SD has none. @param {ProcessCell[]} cells */
function suiteBars(cells) {
  /** @type {Map<string, number[][]>} */
  const logs = new Map();
  for (const c of cells) {
    const l = c.rounds.filter((r) => r.time > 0).map((r) => Math.log(r.time));
    logs.set(c.suite, [...(logs.get(c.suite) ?? []), l]);
  }
  /** @type {Map<string, number>} */
  const bars = new Map();
  for (const [suite, ls] of logs) {
    const robust = pooledMadScale(ls);
    if (Number.isFinite(robust)) bars.set(suite, Math.max(OFF_MODE, OFF_MODE_SDS * robust));
  }
  return bars;
}

/**
 * A judge of one process's calibration against its runtime's calibrations in the run: 'seen'
 * when it is slow by the calibration rule, 'unseen' when not, null without a reading (or with
 * fewer than 5 readings of that runtime to judge by).
 * @param {ProcessCell[]} cells
 * @returns {(runtime: string, speed: number | null | undefined) => 'seen' | 'unseen' | null}
 */
function calibrationJudge(cells) {
  /** @type {Map<string, number[]>} */
  const speeds = new Map();
  for (const c of cells)
    for (const r of c.rounds)
      if (r.calibration && r.calibration > 0) speeds.set(c.runtime, [...(speeds.get(c.runtime) ?? []), r.calibration]);
  return (runtime, speed) => {
    const readings = speeds.get(runtime) ?? [];
    if (readings.length < 5 || !(speed && speed > 0)) return null;
    return calibrationOff(readings, speed).off ? 'seen' : 'unseen';
  };
}
