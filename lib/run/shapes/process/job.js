// The `process` job shape: one job is many fresh processes of one command of the
// runtime under test (a script run as a user runs it), each timed spawn → exit on the
// orchestrator's clock, and each under GNU time for its CPU, peak RSS and page faults. Nothing is
// measured inside the process: the figure is what a user waits for, start to finish.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellQuote } from '../../../runtimes/drivers/process.js';
import { outsideMeasurement } from '../../../runtimes/outside.js';
import { scriptLine } from '../../../runtimes/registry.js';
import { outcomeNotRun, toRow } from '../../../runtimes/rows.js';
import { HEAP_STARTS, heapMetrics } from './heap.js';
import { launcherPython } from './launch.js';
import { binaryOf, startFigures, summedCpu } from './record.js';
import { serverFigures, serverStarts } from './server.js';
import { allStarts, judgeStart, startOnce, WARMUP_STARTS } from './starts.js';
import { tracedMetrics } from './strace.js';

const NO_HEAP = { metrics: {}, unmeasured: [], why: null };
const NO_TRACE = { metrics: {}, unmeasured: [] };
/** What a start measured without GNU time or the launcher leaves unmeasured. */
const CLOCK_ONLY_UNMEASURED = ['cpu_ms', 'rss_peak_bytes', 'page faults'];

/**
 * Whether a job takes the extra starts (strace's two, the heap probe's three): in a row's first
 * round only. Their figures (system calls, tasks, heap after GC) are counts and sizes that do not
 * move between rounds the way a start's wall does, and untimed they only cost time: about half of
 * each QUICK round that took them (the graphs' strace starts are slow), which later rounds spend
 * on timed starts instead. A job with no round (a repro) takes them.
 * @param {{round?: number}} job
 */
export const takesExtraStarts = (job) => (job.round ?? 1) === 1;

/**
 * Why a job cannot run at all on its runtime, as a failed record, or null.
 * @param {any} w the workload module @param {any} rt the runtime @param {boolean} server
 */
function notRunnable(w, rt, server) {
  // A second isolate in a running process: no kind can time one apart from its start (its kind.json says why).
  if (w.second_isolate) return { status: 'unsupported', error: rt.secondIsolate, phase: 'spawn' };
  // A server start (http-first-200) is the driver's server, which every kind has and which runs a variant's preload.
  if (server) return null;
  if (rt.script.unsupported) return { status: 'unsupported', error: rt.script.unsupported, phase: 'spawn' };
  if (rt.preload) {
    const why = "a variant's preload module is imported by parity's harness, which a start-up process does not run";
    return { status: 'unsupported', error: why, phase: 'spawn' };
  }
  return null;
}

/**
 * The timed starts of a script, judged one by one, then (first round only) two starts under strace
 * and the heap probe's. Resolves with the row's parts, or null when the user interrupted it.
 * @param {{job: any, w: any, rt: any, cmd: any, base: any, args: string[], python: string | null, gnu: boolean,
 *   n: number, deadline: number, tmp: string, capBytes: number, interrupted: () => boolean}} o
 */
async function scriptStarts({ job, w, rt, cmd, base, args, python, gnu, n, deadline, tmp, capBytes, interrupted }) {
  const judged = { rt, w, state: cmd.state, capBytes };
  const all = await allStarts(base, python, WARMUP_STARTS + n, deadline, tmp);
  if (interrupted()) return null;
  for (const [i, p] of all.starts.entries()) {
    const which = i < WARMUP_STARTS ? `warm-up start ${i + 1}` : `start ${i + 1 - WARMUP_STARTS} of ${n}`;
    const bad = judgeStart(p, which, judged);
    if (bad) return { inner: { ...bad, phase: i < WARMUP_STARTS ? 'warm-up' : 'run' } };
  }
  const starts = all.starts.slice(WARMUP_STARTS);
  const cpu = python ? summedCpu(starts) : all.cpu;
  const { inner: record, cpu_ms, rss_peak_bytes } = await startFigures(starts, cpu, python ? 'launcher' : 'spawn');
  const inner = /** @type {any} */ (record);
  // Two more starts under strace, after the timed ones (strace slows them): the count of system
  // calls, and the tasks alive. A start strace cannot trace (not installed, ptrace refused) leaves
  // its figures absent and named, never zero.
  /** @type {(argv: [string, string[]] | null, which: string) => Promise<boolean | null>} */
  const traceStart = async (argv, which) => {
    if (!argv) return false;
    const o = { ...base, bin: argv[0], args: argv[1], timeFile: null, timeoutMs: deadline - performance.now() };
    const p = await startOnce(o);
    return interrupted() ? null : !judgeStart(p, which, judged);
  };
  const extras = takesExtraStarts(job);
  const traced = extras ? await tracedMetrics(rt.bin, args, tmp, traceStart) : NO_TRACE;
  // The heap after a full GC, from extra starts of the kind's probe (heap.js), where the workload asks.
  const heap = traced && (extras && w.heap ? await heapMetrics(rt, cmd.script, tmp, traceStart) : NO_HEAP);
  if (!traced || !heap) return null;
  Object.assign(inner.metrics, traced.metrics, heap.metrics);
  const unmeasured = [
    ...(python || gnu ? [] : CLOCK_ONLY_UNMEASURED),
    ...(rss_peak_bytes === null && (python || gnu) ? ['rss_peak_bytes'] : []),
    ...traced.unmeasured,
    ...heap.unmeasured,
  ];
  const report = {
    starts: n,
    warmup_starts: WARMUP_STARTS,
    command: [rt.bin, ...args].map(shellQuote).join(' '),
    binary: binaryOf(rt.bin),
    heap: heap.why ?? undefined,
    extra_starts: extras ? undefined : 'none: strace and the heap probe run in the first round only',
  };
  return { inner: { ...inner, report }, figures: { cpu_ms, rss_peak_bytes, unmeasured } };
}

/**
 * One process job → one row (null when the user interrupted it).
 * @param {any} job
 * @param {any} spec the mode's figures (starts, inputs_dir)
 * @param {import('../../../runtimes/rows.js').JobContext} ctx
 * @param {any} [driver] the runtime's driver: its server seam for a server's starts (http-first-200)
 */
export async function runProcessJob(job, spec, ctx, driver = null) {
  const rt = job.runtime;
  const w = job.workload.module;
  const gnu = outsideMeasurement().timer === 'gnu';
  const python = launcherPython();
  const t0 = performance.now();
  /** @param {any} inner @param {any} [figures] */
  const row = (inner, figures = {}) =>
    toRow(
      job,
      {
        ...outcomeNotRun(),
        wall_ms: performance.now() - t0,
        outside_source: python
          ? 'the launcher per process (lib/run/shapes/process/starts.py: posix_spawn, wait4 rusage, its clock)'
          : gnu
            ? 'GNU time per process (wait4 rusage); wall on the orchestrator clock'
            : 'orchestrator clock only',
        unmeasured: python || gnu ? [] : CLOCK_ONLY_UNMEASURED,
        ...figures,
      },
      { unit: 'starts', ...inner },
      ctx,
    );
  const server = Boolean(w.server);
  const cannot = notRunnable(w, rt, server);
  if (cannot) return row(cannot);
  const tmp = mkdtempSync(join(tmpdir(), 'parity-starts-'));
  try {
    /** @type {any} */
    let cmd;
    try {
      cmd = await w.command(job.params, { dir: spec.inputs_dir ?? tmp });
    } catch (e) {
      return row({ status: 'error', error: `command: ${e instanceof Error ? e.message : String(e)}`, phase: 'setup' });
    }
    if (cmd.unsupported) return row({ status: 'unsupported', error: cmd.unsupported, phase: 'setup' });
    const args = server ? [] : /** @type {string[]} */ (scriptLine(rt, cmd.script, cmd.args ?? []));
    const deadline = t0 + ctx.limits.timeout_s * 1000;
    let interrupted = false;
    /** @type {() => void} */
    let killCurrent = () => {};
    ctx.onSpawn?.(() => {
      interrupted = true;
      killCurrent();
    });
    const base = {
      bin: rt.bin,
      args,
      env: { ...process.env, ...rt.env, TMPDIR: tmp },
      // The job's own empty folder: no project config (package.json, deno.json, bunfig.toml) is found from it.
      cwd: tmp,
      timeFile: gnu ? join(tmp, '.parity-time') : null,
      register: (/** @type {() => void} */ k) => {
        killCurrent = k;
      },
    };
    const n = spec.starts ?? 20;
    if (server) {
      // The heap after GC from the server's own route, read after the 200 of the last timed starts.
      const heapStarts = takesExtraStarts(job) && w.heap ? HEAP_STARTS : 0;
      const all = await serverStarts(job, driver, base.env, WARMUP_STARTS + n, deadline, base.register, heapStarts);
      if (interrupted) return null;
      const got = await serverFigures(all, { warmup: WARMUP_STARTS, n, heapStarts, rt });
      if (got.fail) return row(got.fail);
      return row({ ...got.inner, report: got.report }, { unmeasured: got.unmeasured, outside_source: got.source });
    }
    const capBytes = ctx.limits.mem_cap_bytes;
    const o = { job, w, rt, cmd, base, args, python, gnu, n, deadline, tmp, capBytes, interrupted: () => interrupted };
    const got = await scriptStarts(o);
    return got && row(got.inner, got.figures);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
