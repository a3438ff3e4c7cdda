import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { preloadUrl } from '../../measure/preload.js';
import { rng } from '../../measure/stats/prng.js';
import { paramSets, shapeOf } from '../../measure/workload.js';

export { MODES } from '../../measure/defaults.js';

/** Memory cap per job when the user sets none. */
export const DEFAULT_MEM_CAP_MB = 4096;

/**
 * One job, as planned; nothing changes it afterwards (its limits and repro line travel beside it,
 * in the driver's context).
 * @typedef {{round: number, workload: any, params: Record<string, string|number>, runtime: any}} Job
 */

/**
 * A row of the table: one workload with one parameter set, measured on every runtime each round.
 * @typedef {{workload: any, params: Record<string, string|number>}} Row
 */

/**
 * The rows of a run, in workload order: each workload × the parameter sets a filter allows.
 * @param {Record<string, string[]> | null} [only]
 * @returns {Row[]}
 */
export function planRows(workloads, quick, only = null) {
  return workloads.flatMap((w) =>
    (w.module ? planParams(w.module, quick, only) : [{}]).map((params) => ({
      workload: w,
      params,
    })),
  );
}

/**
 * The runtime order of one round, balanced and randomised: rounds come in blocks of k (k
 * runtimes) and each block is a random Latin square (the cyclic square with its rows, columns and
 * symbols permuted by a seeded generator), so within a block every runtime runs once in every
 * position, drift and position effects fall on every runtime alike, and which runtime follows
 * which changes from block to block (a fixed rotation always puts B after A). The same seed gives
 * the same order: the run records it in its results file (options.order_seed).
 * @template T
 * @param {T[]} runtimes
 * @param {number} round 1-based
 * @param {number} seed
 * @returns {T[]}
 */
export function roundOrder(runtimes, round, seed) {
  const k = runtimes.length;
  const block = Math.floor((round - 1) / k);
  const next = rng((seed ^ Math.imul(block + 1, 0x9e3779b1)) >>> 0);
  const shuffled = () => {
    const p = [...Array(k).keys()];
    for (let i = k - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [p[i], p[j]] = [p[j], p[i]];
    }
    return p;
  };
  const [rows, cols, symbols] = [shuffled(), shuffled(), shuffled()];
  const r = rows[(round - 1) % k];
  return cols.map((c) => runtimes[symbols[(r + c) % k]]);
}

/**
 * One round of one row: every runtime back to back, in the round's balanced random order.
 * @param {Row} row
 * @param {any[]} runtimes
 * @param {number} round 1-based
 * @param {number} seed the run's order seed
 * @returns {Job[]}
 */
export function roundJobs(row, runtimes, round, seed) {
  return roundOrder(runtimes, round, seed).map((runtime) => ({
    round,
    // A runtime of another tree (a gate's base, lib/run/workflows/base-tree.js) runs that tree's workload of the same id.
    workload: runtime.tree?.workloads.get(row.workload.id) ?? row.workload,
    params: row.params,
    runtime,
  }));
}

/**
 * A workload's parameter sets for a run. QUICK's grid holds the first values only; a filter naming
 * others (QUICK=1 PARAMS="mb=64") takes them from the full grid, with QUICK's timing, instead of
 * planning no job.
 */
export function planParams(module, quick, only) {
  const sets = selectParams(paramSets(module, quick), only, module.open);
  return sets.length || !quick || !only ? sets : selectParams(paramSets(module, false), only, module.open);
}

/**
 * Parse a user's parameter filter, "mb=64,100 chunk=1024", into key → allowed values (as text).
 * @param {string | undefined} text
 * @returns {Record<string, string[]> | null}
 */
export function parseParamFilter(text) {
  if (!text?.trim()) return null;
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const part of text.trim().split(/\s+/)) {
    const m = /^([\w-]+)=(.+)$/.exec(part);
    if (!m) throw new Error(`Invalid parameter filter "${part}": expected key=value[,value…], e.g. mb=64 chunk=1024`);
    out[m[1]] = m[2].split(',');
  }
  return out;
}

/**
 * The parameter sets a filter keeps: every filtered key present with one of its values. A
 * workload without a filtered key keeps none (a run for `mb=64` runs the workloads that have mb).
 * @param {Record<string, string|number>[]} sets
 * @param {Record<string, string[]> | null} only
 * @param {string[]} [open] keys the user may set to values outside the grid
 */
export function selectParams(sets, only, open = []) {
  if (!only) return sets;
  let out = sets;
  // An open parameter (a pool's size) takes the user's values, not only the grid's: the workload's
  // checkParams says at plan time whether they are valid.
  for (const k of open) {
    const values = only[k];
    if (!values) continue;
    const seen = new Set();
    out = out
      .flatMap((p) => (k in p ? values.map((v) => ({ ...p, [k]: typeof p[k] === 'number' ? Number(v) : v })) : [p]))
      .filter((p) => {
        const key = JSON.stringify(p);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }
  return out.filter((p) => Object.entries(only).every(([k, vs]) => k in p && vs.includes(String(p[k]))));
}

/**
 * The JSON a runner receives for one job.
 * @param {Job} job
 * @param {{min_ms: number, max_ms?: number, warmup_ms: number, min_samples: number, starts?: number, calibrate?: boolean, http?: {warmup_ms: number, load_ms: number, point_ms: number} | null}} mode
 * @param {string} inputsDir the run's folder for generated inputs (lib/measure/context.js cachedInput)
 */
export function jobSpec(job, mode, inputsDir) {
  return {
    id: job.workload.id,
    workload: pathToFileURL(job.workload.file).href,
    params: job.params,
    preload: preloadUrl(job.runtime),
    min_ms: mode.min_ms,
    max_ms: mode.max_ms,
    warmup_ms: mode.warmup_ms,
    min_samples: mode.min_samples,
    http: mode.http ?? null,
    // run --calibrate: the harness times the fixed calibration beside the workload.
    ...(mode.calibrate ? { calibrate: true } : {}),
    // Only a whole-process job counts starts (a bench job's spec is its repro line: no noise there).
    ...(shapeOf(job.workload.module) === 'process' ? { starts: mode.starts } : {}),
    cores: availableParallelism(),
    // Another tree's generators may differ under the same key: its inputs are its own.
    inputs_dir: job.runtime.tree ? join(inputsDir, job.runtime.tree.name) : inputsDir,
  };
}
