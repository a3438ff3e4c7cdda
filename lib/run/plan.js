// Planning: which jobs a run has, in which order, and what each job is told.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { paramSets } from '../measure/workload.js';

export { MODES } from '../measure/defaults.js';

/** Memory cap per job when the user sets none. */
export const DEFAULT_MEM_CAP_MB = 4096;

/**
 * One job; the run loop adds how to rerun it and its limits before it starts.
 * @typedef {{round: number, workload: any, params: Record<string, string|number>, runtime: any,
 *   repro?: string, timeout_s?: number, mem_cap_bytes?: number}} Job
 */

/**
 * The job list: for each round, each workload × params, every runtime, with the runtime
 * order rotated by one per round (A B C, B C A, C A B) so that drift over time and
 * position effects fall on every runtime alike. `only` keeps the parameter sets a filter allows.
 * @param {Record<string, string[]> | null} [only]
 * @returns {Job[]}
 */
export function planJobs(workloads, runtimes, rounds, quick, only = null) {
  /** @type {Job[]} */
  const jobs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const w of workloads) {
      const sets = w.module ? selectParams(paramSets(w.module, quick), only, w.module.open) : [{}];
      for (const params of sets) {
        for (let i = 0; i < runtimes.length; i++) {
          const rt = runtimes[(i + round - 1) % runtimes.length];
          jobs.push({ round, workload: w, params, runtime: rt });
        }
      }
    }
  }
  return jobs;
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
 * @param {{min_ms: number, warmup_ms: number, min_samples: number}} mode
 */
export function jobSpec(job, mode) {
  return {
    id: job.workload.id,
    workload: pathToFileURL(job.workload.file).href,
    params: job.params,
    preload: job.runtime.preload ? pathToFileURL(job.runtime.preload).href : null,
    min_ms: mode.min_ms,
    warmup_ms: mode.warmup_ms,
    min_samples: mode.min_samples,
    cores: availableParallelism(),
  };
}
