// CPU time of this job as the operating system accounts it, read at the CPU window's edges:
// every thread of this process (GC, JIT and worker threads included) and of every process it
// started (pool children included), in nanoseconds from /proc/<pid>/task/<tid>/schedstat.
// process.cpuUsage() is not used: its first call on Deno reports user = system, and Bun reports
// system time as 0; /proc/<pid>/stat counts in 10 ms ticks, too coarse for a short window
// (issue 16.3). node:fs exists in every runtime with a process model; where /proc does not
// (macOS, Windows, workerd), the reader is null and rows say the figure is absent.
import { readdirSync, readFileSync } from 'node:fs';

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
 * @property {number} thread_ms     the calling thread's own CPU
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
 * One reading of this job's CPU, from inside it. The calling thread parks for 1 ms first: the
 * kernel folds a running thread's time into schedstat only at ticks and switches, and the park
 * is a switch, so the reader's own figure is exact (checked against getrusage: within 0.2 ms).
 * @param {Int32Array} park
 * @returns {CpuReading}
 */
function readJob(park) {
  Atomics.wait(park, 0, 0, 1);
  const me = parseSchedstat(readFileSync('/proc/thread-self/schedstat', 'utf8'));
  if (!me) throw new Error('/proc/thread-self/schedstat is unreadable');
  const r = readTree('self');
  // The reader itself shows as R while reading; it was parked, so it does not lag.
  return { ...r, thread_ms: me.run_ns / 1e6, running: Math.max(0, r.running - 1) };
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
    main_thread_ms: b.thread_ms - a.thread_ms,
    error_ms,
  };
}

/**
 * A reader of the job's CPU from /proc, or null where there is none.
 * @returns {{read: () => CpuReading, source: string} | null}
 */
export function procJobCpu() {
  const park = new Int32Array(new SharedArrayBuffer(4));
  const read = () => readJob(park);
  try {
    read();
    return { read, source: SCHEDSTAT };
  } catch {
    return null;
  }
}
