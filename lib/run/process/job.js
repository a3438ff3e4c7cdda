// The `process` job shape (issue 27): one job is many fresh processes of one command of the
// runtime under test (a script run as a user runs it), each timed spawn → exit on the
// orchestrator's clock, and each under GNU time for its CPU, peak RSS and page faults. Nothing is
// measured inside the process: the figure is what a user waits for, start to finish.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLK_TCK } from '../../measure/oscpu.js';
import { heldQuantile, median, medianCI, quantileSorted, sorted, thinSamples } from '../../measure/stats.js';
import { paramsKey } from '../../measure/workload.js';
import { shellQuote } from '../../runtimes/drivers/process.js';
import { GNU_TIME, outsideMeasurement, parseStartTime, START_FORMAT } from '../../runtimes/outside.js';
import { startChild } from '../../runtimes/proc.js';
import { scriptLine } from '../../runtimes/registry.js';
import { outcomeNotRun, rowFromInner } from '../../runtimes/rows.js';

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
 * CPU (ms) of every child this process has reaped, and of theirs: cutime and cstime of
 * /proc/self/stat. Read around the timed starts, it is their CPU with one 10 ms step over the
 * whole job; GNU time's own figures are truncated to 10 ms per process (a 4 ms start reads 0).
 * Null without /proc.
 * @returns {{user: number, sys: number} | null}
 */
export function reapedCpu() {
  try {
    const text = readFileSync('/proc/self/stat', 'utf8');
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [user, sys] = [rest[13], rest[14]].map((t) => (Number(t) * 1000) / CLK_TCK);
    return Number.isFinite(user) && Number.isFinite(sys) ? { user, sys } : null;
  } catch {
    return null;
  }
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
 * The row's own figures from the timed starts: the wall median (with its order-statistics
 * interval), p90 only where there are enough starts to hold it (lib/measure/stats.js requestsFor),
 * GNU time's peak RSS and page faults per start, and CPU per start from `cpu`, the CPU of every
 * process the orchestrator reaped over the timed starts (reapedCpu).
 * @param {Awaited<ReturnType<typeof startOnce>>[]} starts
 * @param {{user: number, sys: number} | null} cpu
 */
export function startFigures(starts, cpu) {
  const walls = starts.map((p) => /** @type {number} */ (p.wall_ns));
  const s = sorted(walls);
  const n = s.length;
  const timed = starts.map((p) => p.timed).filter((t) => t !== null);
  /** @type {Record<string, {value: number, unit: string, better: string, label: string}>} */
  const metrics = {};
  const p90 = heldQuantile(quantileSorted(s, 0.9), 0.9, n);
  if (p90 !== null)
    metrics.wall_p90_ms = { value: p90 / 1e6, unit: 'ms', better: 'lower', label: 'wall p90 over the starts' };
  if (cpu) {
    metrics.cpu_per_start_ms = {
      value: (cpu.user + cpu.sys) / n,
      unit: 'ms',
      better: 'lower',
      label: "CPU per start (user+sys over the timed starts ÷ starts; GNU time's own included)",
    };
  }
  if (timed.length === n) {
    const per = (k, label, unit) => ({ value: median(timed.map((t) => t[k])), unit, better: 'lower', label });
    metrics.rss_per_start_bytes = per('rss_peak_bytes', 'peak RSS per start (median)', 'bytes');
    metrics.minor_faults = per('minor_faults', 'minor page faults per start (median)', 'faults');
    metrics.major_faults = per('major_faults', 'major page faults per start (median)', 'faults');
  }
  const rss_peak_bytes = timed.length === n ? Math.max(...timed.map((t) => t.rss_peak_bytes)) : null;
  return {
    inner: {
      status: 'ok',
      unit: 'starts',
      units_per_call: 1,
      samples_ns: thinSamples(walls),
      samples_total: n,
      calls: n,
      median_ns: quantileSorted(s, 0.5),
      ci95_ns: medianCI(walls),
      throughput: null,
      timer: 'process.hrtime in the orchestrator, spawn → exit',
      metrics: {
        wall_median_ms: {
          value: quantileSorted(s, 0.5) / 1e6,
          unit: 'ms',
          better: 'lower',
          label: 'wall per start, spawn → exit (median)',
        },
        ...metrics,
      },
    },
    cpu_ms: cpu,
    rss_peak_bytes,
  };
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
    rowFromInner(
      job,
      {
        ...outcomeNotRun('', inner.phase ?? 'start'),
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
    const { inner, cpu_ms, rss_peak_bytes } = startFigures(starts, cpu);
    const command = [rt.bin, ...args].map(shellQuote).join(' ');
    return row({ ...inner, report: { starts: n, warmup_starts: WARMUP_STARTS, command } }, { cpu_ms, rss_peak_bytes });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
