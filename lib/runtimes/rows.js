// From what a job's process did to one result row. Shared by every driver: a driver supplies an
// outcome (stderr, exit, outside figures, why it was killed) and the job's record
// (lib/measure/record.js: parsed once from a runner's stdout, or built by the driver itself);
// this decides the status, and the record module says which of its fields the row takes.
import { rowFields } from '../measure/record.js';
import { treeMetrics, wantsTreeMetrics } from './proctree.js';

/**
 * The outcome of a job that never started: no process, no figures. The record passed beside it
 * (failedRecord) says why.
 */
export function outcomeNotRun() {
  return { stderr: '', exit_code: 0, wall_ms: 0, cpu_ms: null, rss_peak_bytes: null, signal: null };
}

/**
 * What a driver is given with a job: the runtime's version facts, the limits to enforce (the run's
 * mode decides them; no driver defaults them), the command that reruns the job, and a hook that
 * receives the job's kill function.
 * @typedef {{version: any, limits: {timeout_s: number, mem_cap_bytes: number}, repro?: string,
 *   onSpawn?: (kill: () => void) => void}} JobContext
 */

/** A stopped process that has an exit code (not the stop's signal) had ended before the stop. */
const exitedOnItsOwn = (outcome) => outcome.exit_code !== null && outcome.exit_code !== undefined && !outcome.signal;

/**
 * Turn what the process did and what the job reported into one result row. Outside figures are
 * authoritative. `outcome.stopped` says the driver itself ended the process after it reported (a
 * server stopped at the end of its job): the signal it was killed with is then not a crash, but
 * an exit code is: the process ended on its own before the kill (a server that exits mid-load,
 * seen by the load client as a reset connection before the orchestrator saw the exit).
 * @param {any} job
 * @param {any} outcome
 * @param {Record<string, any> | null} record the job's record, null when it reported none
 * @param {Partial<JobContext> | null} ctx
 * @returns {Record<string, any>} a row of the results schema
 */
export function toRow(job, outcome, record, ctx) {
  const version = ctx?.version ?? null;
  const lastErr = (outcome.stderr ?? '').trim().split('\n').filter(Boolean).slice(-3).join(' | ').slice(0, 500);
  // The record's own word, unless the outside says otherwise below.
  let { status = 'crash', error = null } = record ?? {};
  if (outcome.killed_for === 'timeout') {
    status = 'timeout';
    error = `no result within ${ctx?.limits?.timeout_s} s; killed`;
  } else if (outcome.killed_for === 'oom' || (!record && /out of memory|allocation failed/i.test(lastErr))) {
    status = 'oom';
    error = `exceeded the memory cap of ${Math.round((ctx?.limits?.mem_cap_bytes ?? 0) / 2 ** 20)} MiB (peak RSS ${Math.round((outcome.rss_peak_bytes ?? 0) / 2 ** 20)} MiB)`;
    if (outcome.killed_for !== 'oom') error = `runtime ran out of memory: ${lastErr}`;
  } else if (!record || (outcome.exit_code !== 0 && (!outcome.stopped || exitedOnItsOwn(outcome)))) {
    status = 'crash';
    const how = outcome.signal ? `killed by ${outcome.signal}` : `exited with code ${outcome.exit_code}`;
    error = `${how} before reporting a result${lastErr ? `: ${lastErr}` : ''}`;
  }
  const ok = status === 'ok';
  const { metrics: own = {}, unmeasured: inside = [] } = record ?? {};
  // The process tree's figures become metrics where they say something beyond cpu_ms (children,
  // worker threads, or a workload that asks); what the runner reports itself wins over them.
  const tree = outcome.tree ?? null;
  const metrics = { ...(ok && wantsTreeMetrics(tree, job.workload.module) ? treeMetrics(tree) : {}), ...own };
  // Figures a platform (outside) or a runtime (inside, e.g. no /proc for cpu_window) cannot measure.
  const unmeasured = [...(outcome.unmeasured ?? []), ...inside];
  const facts = {
    runtime_version: version?.version,
    engine: version?.engine,
    engine_version: version?.engine_version,
    unit: job.workload.module?.unit,
  };
  return {
    runtime: job.runtime.id,
    suite: job.workload.suite,
    workload: job.workload.name,
    params: job.params,
    round: job.round,
    status,
    error,
    ...rowFields(record, ok, facts),
    ...(Object.keys(metrics).length ? { metrics } : {}),
    ...(job.workload.module?.conformance ? { conformance_folders: job.workload.module.conformance } : {}),
    cpu_ms: outcome.cpu_ms,
    wall_ms: outcome.wall_ms,
    rss_peak_bytes: outcome.rss_peak_bytes,
    ...(outcome.outside_source ? { outside_source: outcome.outside_source } : {}),
    ...(unmeasured.length ? { unmeasured } : {}),
    exit_code: outcome.exit_code,
    signal: outcome.signal,
    ...(tree ? { tree } : {}),
    repro: ctx?.repro ?? null,
  };
}
