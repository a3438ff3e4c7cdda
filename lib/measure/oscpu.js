// CPU time of this job as the operating system accounts it, read at the CPU window's edges:
// every thread of this process (GC, JIT and worker threads included) and of every process it
// started (pool children included), in nanoseconds from /proc/<pid>/task/<tid>/schedstat.
// process.cpuUsage() is not used: its first call on Deno reports user = system, and Bun reports
// system time as 0; /proc/<pid>/stat counts in 10 ms ticks, too coarse for a short window
//. node:fs exists in every runtime with a process model; where /proc does not
// (macOS, Windows, workerd), the reader is null and rows say the figure is absent.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat reports CPU in ticks of 1/100 s on every mainstream architecture. */
export const CLK_TCK = 100;

/**
 * A running thread's schedstat lags by at most one scheduler tick (the kernel folds run time in
 * at ticks and switches). 250 Hz is the common CONFIG_HZ; a kernel at 100 Hz would lag 10 ms.
 */
export const STALE_MS = 4;

/** The source named in rows. */
export const SCHEDSTAT = '/proc/<pid>/task/<tid>/schedstat';

/**
 * utime and stime (fields 14 and 15) and the reaped children's cutime and cstime (16, 17) of a
 * /proc/<pid>/stat line, in ms, and the state (field 3). The command name (field 2) may contain
 * spaces and parentheses, so fields are counted after its closing parenthesis.
 * @param {string} text
 * @returns {{user_ms: number, sys_ms: number, children_ms: number, state: string} | null}
 */
export function parseProcStat(text) {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): field n is rest[n - 3].
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(rest[i]));
  if (![utime, stime, cutime, cstime].every(Number.isFinite)) return null;
  const ms = (t) => (t * 1000) / CLK_TCK;
  return { user_ms: ms(utime), sys_ms: ms(stime), children_ms: ms(cutime + cstime), state: rest[0] };
}

/** Run time and run-queue wait (ns) of a schedstat line: "<on cpu> <waiting> <timeslices>". */
export function parseSchedstat(text) {
  const [run, wait] = text.split(' ').map(Number);
  return Number.isFinite(run) && Number.isFinite(wait) ? { run_ns: run, wait_ns: wait } : null;
}

const readOr = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // exited between listing and reading
  }
};
const list = (path) => {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
};

/**
 * @typedef {object} CpuReading
 * @property {number} user_ms       this process's user time, all threads, dead ones included (ticks)
 * @property {number} sys_ms
 * @property {number} tree_user_ms  user time of every live process of the tree, in ticks
 * @property {number} tree_sys_ms
 * @property {number} reaped_ms     reaped children's user+sys (ticks)
 * @property {Map<string, number>} run   ns on CPU by "<pid>/<tid>" for every live thread of the job
 * @property {number} wait_ns       ns the job's threads were runnable but waiting for a CPU
 * @property {number} thread_ms     the calling thread's own CPU (in-process readings: before the walk)
 * @property {number} [thread_end_ms]  the calling thread's own CPU after the walk
 * @property {string} [self_key]    the calling thread's key in `run`
 * @property {number} running       other threads running at the read (each may lag STALE_MS)
 */

/**
 * One reading of the CPU of a process tree: `root` ('self' or a pid) and every process it started.
 * @param {string} root
 * @returns {CpuReading}
 */
export function readTree(root) {
  const top = parseProcStat(readFileSync(`/proc/${root}/stat`, 'utf8'));
  if (!top) throw new Error(`/proc/${root}/stat has no utime/stime fields`);
  const run = new Map();
  let wait_ns = 0;
  let running = 0;
  const pids = [root];
  let tree_user_ms = 0;
  let tree_sys_ms = 0;
  for (let i = 0; i < pids.length && i < 4096; i++) {
    const pid = pids[i];
    const p = i === 0 ? top : parseProcStat(readOr(`/proc/${pid}/stat`) ?? '');
    tree_user_ms += p?.user_ms ?? 0;
    tree_sys_ms += p?.sys_ms ?? 0;
    for (const tid of list(`/proc/${pid}/task`)) {
      const s = parseSchedstat(readOr(`/proc/${pid}/task/${tid}/schedstat`) ?? '');
      if (!s) continue;
      // Keys stay "self/…" for the root so that cpuBetween can tell its threads from children's.
      run.set(`${i === 0 ? 'self' : pid}/${tid}`, s.run_ns);
      wait_ns += s.wait_ns;
      const state = parseProcStat(readOr(`/proc/${pid}/task/${tid}/stat`) ?? '')?.state;
      if (state === 'R') running++;
      for (const c of (readOr(`/proc/${pid}/task/${tid}/children`) ?? '').split(/\s+/)) if (c) pids.push(c);
    }
  }
  return { ...top, tree_user_ms, tree_sys_ms, reaped_ms: top.children_ms, run, wait_ns, thread_ms: 0, running };
}

/**
 * Version of how a window's edges are taken, recorded in each cpu_window: 2 = the reader's own
 * /proc walk is outside the window (readJob), as the harness's wall clock is. Files without it
 * count one walk of main-thread CPU inside each window.
 */
export const CPU_WINDOW_CONVENTION = 2;

/** This thread's CPU (ns) from schedstat, read right after a 1 ms park so that it does not lag. */
function ownRun(park) {
  Atomics.wait(park, 0, 0, 1);
  const me = parseSchedstat(readFileSync('/proc/thread-self/schedstat', 'utf8'));
  if (!me) throw new Error('/proc/thread-self/schedstat is unreadable');
  return me.run_ns;
}

/**
 * One reading of this job's CPU, from inside it. The calling thread parks for 1 ms before each
 * of its own readings: the kernel folds a running thread's time into schedstat only at ticks and
 * switches, and the park is a switch, so the reader's own figure is exact (checked against
 * getrusage: within 0.2 ms). Its own CPU is read before and after the /proc walk, so a window
 * between two readings (cpuBetween: from the end of one to the start of the next) leaves out the
 * walk's own CPU, 0.7–1 ms of main-thread time per reading here, as the harness's wall clock does.
 * @param {Int32Array} park
 * @param {string} key  this thread's key in the walk ("self/<tid>")
 * @returns {CpuReading}
 */
function readJob(park, key) {
  const before = ownRun(park);
  const r = readTree('self');
  const after = ownRun(park);
  // The reader itself shows as R while reading; it was parked, so it does not lag.
  return {
    ...r,
    thread_ms: before / 1e6,
    thread_end_ms: after / 1e6,
    self_key: key,
    running: Math.max(0, r.running - 1),
  };
}

/**
 * CPU between two readings, in ms, with an error bound: threads running at an edge lag by up to
 * a tick; a thread that exited inside the window took its last run time with it, so then this
 * process's figure falls back to its tick counters (which keep dead threads), ±10 ms per edge;
 * children reaped inside the window come from cutime/cstime, also in ticks.
 * @param {CpuReading} a
 * @param {CpuReading} b
 */
export function cpuBetween(a, b) {
  let ns = 0;
  let exited = false;
  let exitedSelf = false;
  for (const [k, v] of b.run) ns += v - (a.run.get(k) ?? 0);
  for (const [k, v] of a.run) {
    if (b.run.has(k)) continue;
    exited = true;
    if (k.startsWith('self/')) exitedSelf = true;
    ns -= v;
  }
  // The reading thread's own window runs from the end of `a`'s walk to the start of `b`'s.
  const key = a.self_key;
  const own = key && key === b.self_key && a.thread_end_ms !== undefined && a.run.has(key) && b.run.has(key);
  if (own) ns += (b.thread_ms - Number(a.thread_end_ms)) * 1e6 - (Number(b.run.get(key)) - Number(a.run.get(key)));
  let cpu_ms = ns / 1e6;
  let error_ms = STALE_MS * (a.running + b.running);
  if (exitedSelf) {
    // Replace this process's part with its tick counters, which keep what dead threads used.
    let selfNs = 0;
    for (const [k, v] of b.run) if (k.startsWith('self/')) selfNs += v - (a.run.get(k) ?? 0);
    for (const [k, v] of a.run) if (k.startsWith('self/') && !b.run.has(k)) selfNs -= v;
    cpu_ms += b.user_ms + b.sys_ms - (a.user_ms + a.sys_ms) - selfNs / 1e6;
    error_ms += 2 * (1000 / CLK_TCK);
  }
  const reaped = b.reaped_ms - a.reaped_ms;
  if (reaped > 0 || exited) {
    // A child reaped in the window: its whole life is in cutime; what it had run before the
    // window was subtracted above with its vanished threads.
    cpu_ms += reaped;
    error_ms += 2 * (1000 / CLK_TCK);
  }
  return {
    cpu_ms,
    // The split in ticks, for the share of system time; cpu_ms is the figure.
    user_ms: Math.max(0, b.tree_user_ms - a.tree_user_ms),
    sys_ms: Math.max(0, b.tree_sys_ms - a.tree_sys_ms),
    wait_ms: (b.wait_ns - a.wait_ns) / 1e6,
    main_thread_ms: b.thread_ms - (own ? /** @type {number} */ (a.thread_end_ms) : a.thread_ms),
    error_ms,
  };
}

/**
 * A reader of the job's CPU from /proc, or null where there is none.
 * @returns {{read: () => CpuReading, source: string} | null}
 */
export function procJobCpu() {
  const park = new Int32Array(new SharedArrayBuffer(4));
  let key = '';
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>"; the walk names the root's threads "self/<tid>".
    key = `self/${readlinkSync('/proc/thread-self').split('/').pop()}`;
  } catch {
    return null;
  }
  const read = () => readJob(park, key);
  try {
    read();
    return { read, source: SCHEDSTAT };
  } catch {
    return null;
  }
}
