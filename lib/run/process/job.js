// The `process` job shape (issue 27): one job is many fresh processes of one command of the
// runtime under test (a script run as a user runs it), each timed spawn → exit on the
// orchestrator's clock, and each under GNU time for its CPU, peak RSS and page faults. Nothing is
// measured inside the process: the figure is what a user waits for, start to finish.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paramsKey } from '../../measure/workload.js';
import { shellQuote } from '../../runtimes/drivers/process.js';
import { GNU_TIME, outsideMeasurement, parseStartTime, START_FORMAT } from '../../runtimes/outside.js';
import { startChild } from '../../runtimes/proc.js';
import { scriptLine } from '../../runtimes/registry.js';
import { outcomeNotRun, toRow } from '../../runtimes/rows.js';
import { reapedCpu, startFigures } from './figures.js';
import { readStrace, straceArgv } from './strace.js';

/** Starts before the timed ones, not counted: they fill the file cache and any cache the runtime keeps. */
export const WARMUP_STARTS = 2;

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
 * One process job → one row (null when the user interrupted it).
 * @param {any} job
 * @param {any} spec the mode's figures (starts, inputs_dir)
 * @param {import('../../runtimes/rows.js').JobContext} ctx
 */
export async function runProcessJob(job, spec, ctx) {
  const rt = job.runtime;
  const w = job.workload.module;
  const how = outsideMeasurement();
  const t0 = performance.now();
  /** @param {any} inner @param {any} [figures] */
  const row = (inner, figures = {}) =>
    toRow(
      job,
      {
        ...outcomeNotRun(),
        wall_ms: performance.now() - t0,
        outside_source:
          how.timer === 'gnu'
            ? 'GNU time per process (wait4 rusage); wall on the orchestrator clock'
            : 'orchestrator clock only',
        unmeasured: how.timer === 'gnu' ? [] : ['cpu_ms', 'rss_peak_bytes', 'page faults'],
        ...figures,
      },
      { unit: 'starts', ...inner },
      ctx,
    );
  if (rt.script.unsupported) return row({ status: 'unsupported', error: rt.script.unsupported, phase: 'spawn' });
  if (rt.preload) {
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
    const args = /** @type {string[]} */ (scriptLine(rt, cmd.script, cmd.args ?? []));
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
    const judged = { rt, w, state: cmd.state, capBytes: ctx.limits.mem_cap_bytes };
    const starts = [];
    /** @type {{user: number, sys: number} | null} */
    let cpu0 = null;
    for (let i = 0; i < WARMUP_STARTS + n; i++) {
      if (i === WARMUP_STARTS) cpu0 = reapedCpu();
      const p = await startOnce({ ...base, timeoutMs: deadline - performance.now() });
      if (interrupted) return null;
      const which = i < WARMUP_STARTS ? `warm-up start ${i + 1}` : `start ${i + 1 - WARMUP_STARTS} of ${n}`;
      const bad = judgeStart(p, which, judged);
      if (bad) return row({ ...bad, phase: i < WARMUP_STARTS ? 'warm-up' : 'run' });
      if (i >= WARMUP_STARTS) starts.push(p);
    }
    const cpu1 = reapedCpu();
    const cpu = cpu0 && cpu1 ? { user: cpu1.user - cpu0.user, sys: cpu1.sys - cpu0.sys } : null;
    const { inner: record, cpu_ms, rss_peak_bytes } = await startFigures(starts, cpu);
    const inner = /** @type {any} */ (record);
    // One more start under strace, after the timed ones: its count of system calls. A start strace
    // cannot trace (not installed, ptrace refused) leaves the figure absent and named, never zero.
    const traceFile = join(tmp, '.parity-strace');
    const traced = straceArgv(rt.bin, args, traceFile);
    /** @type {{calls: number, spawns: number} | null} */
    let syscalls = null;
    if (traced) {
      const p = await startOnce({
        ...base,
        bin: traced[0],
        args: traced[1],
        timeFile: null,
        timeoutMs: deadline - performance.now(),
      });
      if (interrupted) return null;
      if (!judgeStart(p, 'the strace start', judged)) syscalls = readStrace(traceFile);
    }
    if (syscalls !== null) {
      const of = 'of one start (strace -f -c on an extra start, not timed)';
      const label = `system calls ${of}, every thread and process`;
      inner.metrics.syscalls = { value: syscalls.calls, unit: 'calls', better: 'lower', label };
      const started = `threads and processes started ${of}: successful clone, clone3, fork, vfork`;
      inner.metrics.threads_started = { value: syscalls.spawns, unit: 'tasks', better: 'none', label: started };
    }
    const command = [rt.bin, ...args].map(shellQuote).join(' ');
    const unmeasured = [
      ...(how.timer === 'gnu' ? [] : ['cpu_ms', 'rss_peak_bytes', 'page faults']),
      ...(syscalls === null ? ['syscalls', 'threads_started'] : []),
    ];
    return row(
      { ...inner, report: { starts: n, warmup_starts: WARMUP_STARTS, command } },
      { cpu_ms, rss_peak_bytes, unmeasured },
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
