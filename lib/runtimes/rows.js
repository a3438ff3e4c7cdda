// From what a job's process did to one result row. Shared by every driver: a driver supplies an
// outcome (stdout, stderr, exit, outside figures, why it was killed), this decides the status.
import { treeMetrics, wantsTreeMetrics } from './proctree.js';

/** The outcome of a job that never started: what a runner would have printed for it. */
export function outcomeNotRun(error, phase) {
  const stdout = JSON.stringify({ status: 'error', error, phase });
  return { stdout, stderr: '', exit_code: 0, wall_ms: 0, cpu_ms: null, rss_peak_bytes: null, signal: null };
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
 * Turn what the process did into one result row. Outside figures are authoritative.
 * `outcome.stopped` says the driver itself ended the process after it reported (a server
 * stopped at the end of its job): the signal it was killed with is then not a crash, but an exit
 * code is: the process ended on its own before the kill (a server that exits mid-load, seen by the
 * load client as a reset connection before the orchestrator saw the exit).
 * @param {any} job
 * @param {any} outcome
 * @param {Partial<JobContext> | null} ctx
 */
export function toRow(job, outcome, ctx) {
  const version = ctx?.version ?? null;
  const lines = outcome.stdout.trim().split('\n').filter(Boolean);
  let inner = null;
  try {
    inner = JSON.parse(lines.at(-1) ?? '');
  } catch {}
  const lastErr = outcome.stderr.trim().split('\n').filter(Boolean).slice(-3).join(' | ').slice(0, 500);
  let status = inner?.status ?? 'crash';
  let error = inner?.error ?? null;
  if (outcome.killed_for === 'timeout') {
    status = 'timeout';
    error = `no result within ${ctx?.limits?.timeout_s} s; killed`;
  } else if (outcome.killed_for === 'oom' || (!inner && /out of memory|allocation failed/i.test(lastErr))) {
    status = 'oom';
    error = `exceeded the memory cap of ${Math.round((ctx?.limits?.mem_cap_bytes ?? 0) / 2 ** 20)} MiB (peak RSS ${Math.round((outcome.rss_peak_bytes ?? 0) / 2 ** 20)} MiB)`;
    if (outcome.killed_for !== 'oom') error = `runtime ran out of memory: ${lastErr}`;
  } else if (!inner || (outcome.exit_code !== 0 && (!outcome.stopped || exitedOnItsOwn(outcome)))) {
    status = 'crash';
    const how = outcome.signal ? `killed by ${outcome.signal}` : `exited with code ${outcome.exit_code}`;
    error = `${how} before reporting a result${lastErr ? `: ${lastErr}` : ''}`;
  }
  const ok = status === 'ok';
  // The process tree's figures become metrics where they say something beyond cpu_ms (children,
  // worker threads, or a workload that asks); what the runner reports itself wins over them.
  const tree = outcome.tree ?? null;
  const metrics = {
    ...(ok && wantsTreeMetrics(tree, job.workload.module) ? treeMetrics(tree) : {}),
    ...(inner?.metrics ?? {}),
  };
  // Figures a platform (outside) or a runtime (inside, e.g. no /proc for cpu_window) cannot measure.
  const unmeasured = [...(outcome.unmeasured ?? []), ...(inner?.unmeasured ?? [])];
  return {
    runtime: job.runtime.id,
    runtime_version: inner?.runtime_version ?? version?.version ?? null,
    engine: inner?.engine ?? version?.engine ?? null,
    engine_version: inner?.engine_version ?? version?.engine_version ?? null,
    suite: job.workload.suite,
    workload: job.workload.name,
    params: job.params,
    round: job.round,
    status,
    error,
    phase: inner?.phase ?? null,
    unit: inner?.unit ?? job.workload.module?.unit ?? null,
    units_per_call: ok ? inner.units_per_call : null,
    samples_ns: ok ? inner.samples_ns : [],
    samples_total: ok ? inner.samples_total : 0,
    calls: ok ? inner.calls : 0,
    median_ns: ok ? inner.median_ns : null,
    ci95_ns: ok ? inner.ci95_ns : null,
    // A rate that is not a finite number (no request completed in a tiny load) is no figure.
    throughput: ok && Number.isFinite(inner.throughput?.value) ? inner.throughput : null,
    noop_ns: inner?.noop_ns ?? null,
    suspect: inner?.suspect ?? null,
    timer: inner?.timer ?? null,
    gc: inner?.gc ?? null,
    ...(inner?.report === undefined ? {} : { report: inner.report }),
    ...(Object.keys(metrics).length ? { metrics } : {}),
    ...(job.workload.module?.conformance ? { conformance_folders: job.workload.module.conformance } : {}),
    cpu_ms: outcome.cpu_ms,
    wall_ms: outcome.wall_ms,
    rss_peak_bytes: outcome.rss_peak_bytes,
    ...(outcome.outside_source ? { outside_source: outcome.outside_source } : {}),
    ...(unmeasured.length ? { unmeasured } : {}),
    exit_code: outcome.exit_code,
    signal: outcome.signal,
    cpu_window: ok ? (inner.cpu_window ?? null) : null,
    inproc: inner?.inproc ?? null,
    ...(tree ? { tree } : {}),
    repro: ctx?.repro ?? null,
  };
}

/**
 * A row from what a driver learnt by talking to a server (workerd's steps, an HTTP load) rather
 * than from the process's stdout: `inner` is what a runner would have printed, with the runtime's
 * version facts; without it (the server died first) the process's own output decides.
 * @param {any} job
 * @param {any} outcome
 * @param {any} inner
 * @param {JobContext} ctx
 */
export function rowFromInner(job, outcome, inner, ctx) {
  const version = ctx.version;
  const facts = { runtime_version: version?.version, engine: version?.engine, engine_version: version?.engine_version };
  return toRow(job, { ...outcome, stdout: inner ? JSON.stringify({ ...inner, ...facts }) : outcome.stdout }, ctx);
}
