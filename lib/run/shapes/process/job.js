// The `process` job shape (issue 27): one job is many fresh processes of one command of the
// runtime under test (a script run as a user runs it), each timed spawn → exit on the
// orchestrator's clock, and each under GNU time for its CPU, peak RSS and page faults. Nothing is
// measured inside the process: the figure is what a user waits for, start to finish.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paramsKey } from '../../../measure/workload.js';
import { shellQuote } from '../../../runtimes/drivers/process.js';
import { GNU_TIME, outsideMeasurement, parseStartTime, START_FORMAT } from '../../../runtimes/outside.js';
import { startChild } from '../../../runtimes/proc.js';
import { scriptLine } from '../../../runtimes/registry.js';
import { outcomeNotRun, toRow } from '../../../runtimes/rows.js';
import { HEAP_STARTS, heapMetrics } from './heap.js';
import { launcherPython, launchStarts } from './launch.js';
import { binaryOf, reapedCpu, startFigures, summedCpu } from './record.js';
import { serverFigures, serverStarts } from './server.js';
import { tracedMetrics } from './strace.js';

/** Starts before the timed ones, not counted: they fill the file cache and any cache the runtime keeps. */
export const WARMUP_STARTS = 2;
const NO_HEAP = { metrics: {}, unmeasured: [], why: null };
const NO_TRACE = { metrics: {}, unmeasured: [] };

/**
 * Whether a job takes the extra starts (strace's two, the heap probe's three): in a row's first
 * round only. Their figures (system calls, tasks, heap after GC) are counts and sizes that do not
 * move between rounds the way a start's wall does, and untimed they only cost time: about half of
 * each QUICK round that took them (the graphs' strace starts are slow), which later rounds spend
 * on timed starts instead. A job with no round (a repro) takes them.
 * @param {{round?: number}} job
 */
export const takesExtraStarts = (job) => (job.round ?? 1) === 1;

/** A command a user can paste to rerun one process job. */
export function processRepro(job) {
  const params = paramsKey(job.params);
  return `node lib/run/cli.js run --runtimes ${shellQuote(job.runtime.id)} --suite ${job.workload.suite} --workload ${job.workload.name}${params ? ` --params ${shellQuote(params)}` : ''} --rounds 1`;
}

/**
 * One process, to its exit: under GNU time where the platform has it (timeFile receives its line).
 * @param {{bin: string, args: string[], env: Record<string, string | undefined>, cwd: string, timeoutMs: number,
 *   timeFile: string | null, register: (kill: () => void) => void}} o
 * @returns {Promise<{wall_ns: number | null, code: number | null, signal: string | null, stdout: string, stderr: string,
 *   spawnError: Error | null, killed: boolean, timed: ReturnType<typeof parseStartTime>}>}
 */
export function startOnce({ bin, args, env, cwd, timeoutMs, timeFile, register }) {
  const [b, a] = timeFile ? [GNU_TIME, ['-f', START_FORMAT, '-o', timeFile, '--', bin, ...args]] : [bin, args];
  return new Promise((resolve) => {
    let killed = false;
    const child = startChild({
      bin: b,
      args: a,
      env,
      cwd,
      maxStdout: 64 * 1024,
      ownGroup: false,
      onEnd(end) {
        clearTimeout(timer);
        let text = '';
        try {
          if (timeFile) text = readFileSync(timeFile, 'utf8');
        } catch {}
        resolve({ ...end, killed, timed: timeFile ? parseStartTime(text) : null });
      },
    });
    const kill = () => {
      killed = true;
      child.killGroup();
    };
    register(kill);
    const timer = setTimeout(kill, Math.max(1, timeoutMs));
  });
}

/**
 * What a failed start said, on one line: its first error line (node "Error: …", deno "error:
 * Uncaught …", bun "error: …"), else its last lines; a stack trace's frames say less than its message.
 * @param {string} stderr
 */
export function errorLine(stderr) {
  // Colour codes out: deno colours its errors on a pipe too.
  const lines = stderr
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')
    .filter(Boolean);
  const first = lines.find((l) => /^\s*(?:Uncaught )?(?:\w*Error|error)(?: \[\w+\])?:/.test(l));
  return (first?.trim() ?? lines.slice(-3).join(' | ')).slice(0, 400);
}

/**
 * What one start says about the job: null when it ran as it should, else the row's status and error.
 * @param {Awaited<ReturnType<typeof startOnce>>} p
 * @param {string} which "start 3 of 20", "warm-up start 1"
 * @param {{rt: any, w: any, state: any, capBytes: number}} o
 * @returns {{status: string, error: string} | null}
 */
export function judgeStart(p, which, { rt, w, state, capBytes }) {
  if (p.spawnError) return { status: 'error', error: `${which}: could not start: ${p.spawnError.message}` };
  if (p.killed) return { status: 'timeout', error: `${which} did not exit within the job's time limit; killed` };
  const exit = p.timed ? p.timed.exit_code : p.code;
  const signal = p.timed?.signal_number ? `signal ${p.timed.signal_number}` : p.signal;
  if (p.timed && p.timed.rss_peak_bytes > capBytes) {
    const mib = (b) => Math.round(b / 2 ** 20);
    return {
      status: 'oom',
      error: `${which} peaked at ${mib(p.timed.rss_peak_bytes)} MiB, over the cap of ${mib(capBytes)} MiB`,
    };
  }
  if (exit === null || exit === undefined)
    return { status: 'crash', error: `${which} was killed by ${signal}: ${errorLine(p.stderr)}` };
  if (exit !== 0) {
    // A runtime that lacks what the script needs says so in its own words; the kind lists them.
    const known = rt.script.when.find((q) => new RegExp(q.stderr).test(p.stderr));
    if (known) return { status: 'unsupported', error: known.reason };
    return { status: 'error', error: `${which} exited with code ${exit}: ${errorLine(p.stderr)}` };
  }
  try {
    w.verify(p.stdout, state);
  } catch (e) {
    return { status: 'error', error: `${which}: wrong output: ${e instanceof Error ? e.message : String(e)}` };
  }
  return null;
}

/**
 * `total` starts of the job's command in a row, through the launcher where there is a Python 3
 * (launch.js), else one node spawn() under GNU time each; the CPU of the starts after the warm-ups
 * from what the orchestrator reaped (the launcher's lines carry their own, summedCpu).
 * @param {any} base startOnce's options but the timeout
 * @param {string | null} python
 * @param {number} total
 * @param {number} deadline on performance.now()
 * @param {string} dir
 */
async function allStarts(base, python, total, deadline, dir) {
  if (python) {
    const { timeFile, ...o } = base;
    return {
      starts: await launchStarts({ ...o, python, dir, total, timeoutMs: deadline - performance.now() }),
      cpu: null,
    };
  }
  const starts = [];
  /** @type {{user: number, sys: number} | null} */
  let cpu0 = null;
  for (let i = 0; i < total; i++) {
    if (i === WARMUP_STARTS) cpu0 = reapedCpu();
    const p = await startOnce({ ...base, timeoutMs: deadline - performance.now() });
    starts.push(p);
    if (p.killed || p.spawnError || p.code !== 0) break;
  }
  const cpu1 = reapedCpu();
  return { starts, cpu: cpu0 && cpu1 ? { user: cpu1.user - cpu0.user, sys: cpu1.sys - cpu0.sys } : null };
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
  const how = outsideMeasurement();
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
          : how.timer === 'gnu'
            ? 'GNU time per process (wait4 rusage); wall on the orchestrator clock'
            : 'orchestrator clock only',
        unmeasured: python || how.timer === 'gnu' ? [] : ['cpu_ms', 'rss_peak_bytes', 'page faults'],
        ...figures,
      },
      { unit: 'starts', ...inner },
      ctx,
    );
  // A second isolate in a running process: no kind can time one apart from its start (its kind.json says why).
  if (w.second_isolate) return row({ status: 'unsupported', error: rt.secondIsolate, phase: 'spawn' });
  // A server start (http-first-200) is the driver's server, which every kind has and which runs a variant's preload.
  const server = Boolean(w.server);
  if (rt.script.unsupported && !server)
    return row({ status: 'unsupported', error: rt.script.unsupported, phase: 'spawn' });
  if (rt.preload && !server) {
    const why = "a variant's preload module is imported by parity's harness, which a start-up process does not run";
    return row({ status: 'unsupported', error: why, phase: 'spawn' });
  }
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
      timeFile: how.timer === 'gnu' ? join(tmp, '.parity-time') : null,
      register: (/** @type {() => void} */ k) => {
        killCurrent = k;
      },
    };
    const n = spec.starts ?? 20;
    const extras = takesExtraStarts(job);
    if (server) {
      // The heap after GC from the server's own route, read after the 200 of the last timed starts.
      const heapStarts = extras && w.heap ? HEAP_STARTS : 0;
      const all = await serverStarts(job, driver, base.env, WARMUP_STARTS + n, deadline, base.register, heapStarts);
      if (interrupted) return null;
      const got = await serverFigures(all, { warmup: WARMUP_STARTS, n, heapStarts, rt });
      if (got.fail) return row(got.fail);
      return row({ ...got.inner, report: got.report }, { unmeasured: got.unmeasured, outside_source: got.source });
    }
    const judged = { rt, w, state: cmd.state, capBytes: ctx.limits.mem_cap_bytes };
    const all = await allStarts(base, python, WARMUP_STARTS + n, deadline, tmp);
    if (interrupted) return null;
    for (const [i, p] of all.starts.entries()) {
      const which = i < WARMUP_STARTS ? `warm-up start ${i + 1}` : `start ${i + 1 - WARMUP_STARTS} of ${n}`;
      const bad = judgeStart(p, which, judged);
      if (bad) return row({ ...bad, phase: i < WARMUP_STARTS ? 'warm-up' : 'run' });
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
      return interrupted ? null : !judgeStart(p, which, judged);
    };
    const traced = extras ? await tracedMetrics(rt.bin, args, tmp, traceStart) : NO_TRACE;
    // The heap after a full GC, from extra starts of the kind's probe (heap.js), where the workload asks.
    const heap = traced && (extras && w.heap ? await heapMetrics(rt, cmd.script, tmp, traceStart) : NO_HEAP);
    if (!traced || !heap) return null;
    Object.assign(inner.metrics, traced.metrics, heap.metrics);
    const unmeasured = [
      ...(python || how.timer === 'gnu' ? [] : ['cpu_ms', 'rss_peak_bytes', 'page faults']),
      ...(rss_peak_bytes === null && (python || how.timer === 'gnu') ? ['rss_peak_bytes'] : []),
      ...traced.unmeasured,
      ...heap.unmeasured,
    ];
    const command = [rt.bin, ...args].map(shellQuote).join(' ');
    const report = {
      starts: n,
      warmup_starts: WARMUP_STARTS,
      command,
      binary: binaryOf(rt.bin),
      heap: heap.why ?? undefined,
      extra_starts: extras ? undefined : 'none: strace and the heap probe run in the first round only',
    };
    return row({ ...inner, report }, { cpu_ms, rss_peak_bytes, unmeasured });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
