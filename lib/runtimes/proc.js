// Run one job in a fresh process and measure it from outside: wall time, CPU user+sys and
// peak RSS via GNU time's wait4() rusage (exact even for crashed or killed children), plus
// a /proc poll that enforces the memory cap while the job runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendantsOf, killAll } from './descendants.js';
import {
  GNU_TIME,
  outsideMeasurement,
  parseBsdTimeOutput,
  parseTimeOutput,
  psDescendants,
  unmeasuredNow,
} from './outside.js';
import { TREE_INTERVAL_MS, treeSampler } from './proctree.js';

export { checkGnuTime } from './outside.js';

/** Once the runtime has exited, how long its output pipes may stay open (held by stragglers) before they are cut. */
const PIPE_GRACE_MS = 300;

const SIGNALS = {
  1: 'SIGHUP',
  2: 'SIGINT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  15: 'SIGTERM',
};

/**
 * The one way parity starts a child: in its own process group (so that the child and anything it
 * starts can be killed together), stdin closed, stdout and stderr kept as bounded tails, and an
 * end that does not wait on pipes a straggler holds: `onEnd` fires once, after the child exits
 * and its pipes close, or PIPE_GRACE_MS after the exit with whatever arrived, the group killed.
 * `wall_ns` is spawn → exit on the orchestrator's clock (null when it never started).
 * `ownGroup: false` keeps the child in parity's own process group (a new group costs 1–3 ms per
 * spawn here, which a start-up job of a few ms cannot carry); its kill is then the child and every
 * descendant /proc lists, so a descendant that left the tree is not reached.
 * @param {{bin: string, args: string[], env?: Record<string, string | undefined>, cwd?: string, maxStdout?: number, control?: boolean, ownGroup?: boolean,
 *   onEnd: (end: {code: number | null, signal: string | null, stdout: string, stderr: string, spawnError: Error | null, wall_ns: number | null}) => void}} opts
 */
export function startChild({
  bin,
  args,
  env,
  cwd,
  maxStdout = 16 * 1024 * 1024,
  control = false,
  ownGroup = true,
  onEnd,
}) {
  // `control`: a pipe on fd 3 for a server that reports readiness there (workerd --control-fd 3).
  /** @type {any[]} */
  const stdio = control ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'];
  // windowsHide: a detached child on Windows would otherwise open a console window per job.
  // The clock around spawn → exit, for jobs timed by their whole process (lib/run/shapes/process/).
  const startedAt = process.hrtime.bigint();
  const child = spawn(bin, args, { cwd, env, stdio, detached: ownGroup, windowsHide: true });
  /** @type {bigint | null} */
  let exitedAt = null;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    // Keep the tail only: a runaway job must not fill the orchestrator's memory.
    stdout = (stdout + d).slice(-maxStdout);
  });
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-64 * 1024);
  });
  // Windows has no process groups to signal: there the child alone is killed.
  const killGroup = () => {
    try {
      if (!ownGroup && child.pid) killAll(descendantsOf(child.pid));
      if (process.platform === 'win32' || !ownGroup) child.kill('SIGKILL');
      else if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  let ended = false;
  const end = (code, signal, spawnError = null) => {
    if (ended) return;
    ended = true;
    killGroup();
    child.stdout.destroy();
    child.stderr.destroy();
    const wall_ns = exitedAt === null ? null : Number(exitedAt - startedAt);
    onEnd({ code, signal, stdout, stderr, spawnError, wall_ns });
  };
  child.on('error', (e) => end(null, null, /** @type {any} */ (e)));
  child.on('exit', (code, signal) => {
    exitedAt = process.hrtime.bigint();
    // The child is gone: kill stragglers, which closes the pipes they held; read what is still
    // buffered, but never wait longer than the grace period for it.
    killGroup();
    setTimeout(() => end(code, signal), PIPE_GRACE_MS);
    child.on('close', () => end(code, signal));
  });
  return { pid: /** @type {number} */ (child.pid), killGroup, control: control ? child.stdio[3] : null };
}

/**
 * Spawn `bin args` under GNU time, enforce timeout and memory cap, and return what happened.
 * The job runs in its own process group. On timeout or memory cap every process of the job is
 * killed at once (GNU time, the group leader, is spared so that it still reports the runtime's
 * rusage, then goes too); the result never waits on pipes a straggler holds open. The memory cap
 * and the polled peak RSS are the sum over the job's whole process tree.
 * A driver that talks to the process while it runs (a server) gets `onStart({pid, control,
 * stop})`: `stop()` ends it as planned, so its exit is recorded as `stopped`, not a crash.
 * @param {{bin: string, args: string[], env?: Record<string, string | undefined>, cwd?: string, timeoutMs: number, memCapBytes: number,
 *   onSpawn?: (kill: () => void) => void, platform?: string, control?: boolean,
 *   onStart?: (job: {pid: number, control: any, stop: () => void}) => void}} opts
 */
export function runMeasured({
  bin,
  args,
  env,
  cwd,
  timeoutMs,
  memCapBytes,
  onSpawn,
  platform = process.platform,
  control = false,
  onStart,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'parity-'));
  const timeFile = join(dir, 'time');
  const how = outsideMeasurement(platform);
  const command = underTimer(how, timeFile, bin, args);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    /** @type {null | 'timeout' | 'oom' | 'interrupted' | 'stopped'} */
    let killedFor = null;
    let rssSeen = 0;
    /** @type {ReturnType<typeof treeSampler> | null} */
    let tree = null;
    const job = startChild({
      bin: command[0],
      args: command[1],
      env,
      cwd,
      control,
      onEnd({ code, signal, stdout, stderr }) {
        const wall_ms = Number(process.hrtime.bigint() - started) / 1e6;
        clearTimeout(timer);
        clearInterval(poll);
        const outside = readTimer(how, timeFile);
        rmSync(dir, { recursive: true, force: true });
        resolve({
          ...endRecord(how, outside, { code, signal, rssSeen, killedFor }),
          stdout,
          stderr,
          wall_ms,
          tree: tree?.finish(wall_ms) ?? null,
        });
      },
    });
    const killJob = (why) => {
      if (killedFor) return;
      killedFor = why;
      // Everything below the timer at once; it reaps the runtime and writes its rusage. Without
      // /proc (macOS) ps lists the tree once; without a timer (Windows) the whole group goes.
      if (how.proc) killAll(descendantsOf(job.pid));
      else if (how.timer) killAll(psDescendants(job.pid));
      else job.killGroup();
      // Whatever escaped (or the timer itself, if it does not exit) goes with the group shortly after.
      setTimeout(job.killGroup, 1000).unref();
    };
    onSpawn?.(() => killJob('interrupted'));
    onStart?.({ pid: job.pid, control: job.control, stop: () => killJob('stopped') });
    const timer = setTimeout(() => killJob('timeout'), timeoutMs);
    // The memory cap, the tree's RSS and its CPU split need /proc; elsewhere they are named in
    // `unmeasured`. The sum over the whole tree is what the cap and the peak RSS cover.
    if (how.proc && job.pid) tree = treeSampler(job.pid, { wrapped: how.timer === 'gnu' });
    const poll = setInterval(() => {
      if (!tree) return;
      const rss = tree.sample();
      rssSeen = Math.max(rssSeen, rss);
      if (memCapBytes && rss > memCapBytes) killJob('oom');
    }, TREE_INTERVAL_MS);
  });
}

/**
 * The job's command line under the outside timer: GNU time's `-f` fields, BSD time's `-l`, or the
 * bare command where there is no timer.
 * @returns {[string, string[]]}
 */
function underTimer(how, timeFile, bin, args) {
  if (how.timer === 'gnu') return [GNU_TIME, ['-f', '%U %S %M %x', '-o', timeFile, '--', bin, ...args]];
  if (how.timer === 'bsd') return ['/usr/bin/time', ['-l', '-o', timeFile, bin, ...args]];
  return [bin, args];
}

/** The outside timer's reading of the ended job, or null for each kind it is not. */
function readTimer(how, timeFile) {
  let text = '';
  try {
    text = readFileSync(timeFile, 'utf8');
  } catch {}
  return {
    gnu: how.timer === 'gnu' ? parseTimeOutput(text) : null,
    bsd: how.timer === 'bsd' ? parseBsdTimeOutput(text) : null,
  };
}

/**
 * The ended job's outcome from the timer's reading and what parity saw: CPU and peak RSS (the
 * larger of the timer's and the polled tree's), the runtime's own exit code and signal (the
 * timer's report of them, not the timer's own exit), why parity killed it.
 */
function endRecord(how, { gnu, bsd }, { code, signal, rssSeen, killedFor }) {
  const signal_number = gnu?.signal_number ?? null;
  const cpu_ms = gnu?.cpu_ms ?? bsd?.cpu_ms ?? null;
  const rss_peak_bytes = Math.max(gnu?.rss_peak_bytes ?? bsd?.rss_peak_bytes ?? 0, rssSeen) || null;
  return {
    cpu_ms,
    rss_peak_bytes,
    exit_code: gnu ? gnu.exit_code : code,
    signal: signal_number === null ? signal : (SIGNALS[signal_number] ?? `signal ${signal_number}`),
    killed_for: killedFor === 'stopped' ? null : killedFor,
    stopped: killedFor === 'stopped',
    outside_source: how.source,
    unmeasured: unmeasuredNow(how.unmeasured, { cpu_ms, rss_peak_bytes }),
  };
}

/**
 * Run a helper process (a load generator, a WPT host) to its end through startChild, killed with
 * its group after `timeoutMs`; `register` receives that kill, so an interrupt ends it with the job.
 * @param {{bin: string, args: string[], env?: Record<string, string | undefined>, cwd?: string, timeoutMs: number,
 *   maxStdout?: number, register?: (kill: () => void) => void}} opts
 * @returns {Promise<{code: number | null, signal: string | null, stdout: string, stderr: string, spawnError: Error | null, wall_ns: number | null, killed: boolean, ms: number}>}
 */
export function runToEnd({ bin, args, env, cwd, timeoutMs, maxStdout = 65536, register }) {
  const started = performance.now();
  return new Promise((resolve) => {
    let killed = false;
    const child = startChild({
      bin,
      args,
      env,
      cwd,
      maxStdout,
      onEnd(end) {
        clearTimeout(timer);
        resolve({ ...end, killed, ms: performance.now() - started });
      },
    });
    const kill = () => {
      killed = true;
      child.killGroup();
    };
    register?.(kill);
    const timer = setTimeout(kill, timeoutMs);
  });
}

/**
 * Spawn a helper process that reports through a JSON-lines file (WPT hosts, the checks
 * collector) and gather its lines, its exit status and the tails of its output. `argsFor`
 * receives the path the process must write to. After `timeoutMs` the process is killed. The
 * process has a folder of its own, removed when it ends: `argsFor` (second argument) and `env`
 * may use it.
 * @param {{bin: string, argsFor: (out: string, dir: string) => string[], env?: Record<string, string> | ((dir: string) => Record<string, string>),
 *   cwd?: string, timeoutMs: number}} opts
 * @returns {Promise<{lines: any[], code: number | null, signal: string | null, killed: boolean, ms: number, stdout: string, stderr: string, spawnError: Error | null}>}
 */
export async function spawnJsonLines({ bin, argsFor, env, cwd, timeoutMs }) {
  const dir = mkdtempSync(join(tmpdir(), 'parity-lines-'));
  const out = join(dir, 'out.jsonl');
  const end = await runToEnd({
    bin,
    args: argsFor(out, dir),
    env: typeof env === 'function' ? env(dir) : env,
    cwd,
    timeoutMs,
  });
  let lines = [];
  try {
    lines = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    // No file: the process failed before its first line; the exit status and stderr say why.
  }
  rmSync(dir, { recursive: true, force: true });
  return { ...end, lines, ms: Math.round(end.ms) };
}
