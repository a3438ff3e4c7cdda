// Process-tree figures of one job, read from /proc every ~20 ms from outside: the runtime's
// threads and every process it started, so what a job spends in child processes or worker threads
// is visible apart from the main thread. Linux only; elsewhere rows name the figures
// as unmeasured.
import { readFileSync } from 'node:fs';
import { CLK_TCK } from '../measure/oscpu.js';
import { descendantsOf } from './descendants.js';
import { listProc, parseChildren, parseStat, parseStatus, readProc } from './procfs.js';

// The HTTP job's server figures read these two parsers through this module.
export { parseStat, parseStatus };

/** Sampling period; the memory cap is checked on the same tick. */
export const TREE_INTERVAL_MS = 20;

/** At most this many child processes are listed one by one (a cold-start job may start thousands). */
const MAX_LISTED = 32;

// JavaScript worker threads' names (comm): node "WorkerThread", deno "worker-<n>", bun "Worker";
// other threads (V8 and JIT helpers, GC, thread pools) are helpers.
const WORKER_THREAD = /^(WorkerThread|worker-\d+|Worker)$/;

const ms = (ticks) => (ticks * 1000) / CLK_TCK;

/** @typedef {{pid: number, ppid: number, comm: string, utime: number, stime: number, rss_peak: number, rss_sum: number, rss_samples: number, exited: boolean}} ProcRecord */
/** @typedef {{tid: number, name: string, utime: number, stime: number, kind: 'main' | 'worker' | 'helper'}} ThreadRecord */

/**
 * A sampler of one job's process tree. `rootPid` is the process parity started; when `wrapped`,
 * that is a wrapper (GNU time) whose first child is the runtime, and the wrapper itself is not
 * counted. Call `sample()` every TREE_INTERVAL_MS (it returns the RSS of every process of the job
 * now, for the memory cap) and `finish(wall_ms)` once at the end.
 * A process or thread that exits between two samples keeps its last sample in the per-child
 * list; the children's CPU total also uses the runtime's cutime + cstime. Keys include the start time, so a reused pid is a new process.
 * `read` and `list` are injectable so the parsing can be tested over recorded /proc text.
 * @param {number} rootPid
 * @param {{wrapped?: boolean, read?: (path: string) => string | null, list?: (path: string) => string[]}} [opts]
 */
export function treeSampler(rootPid, { wrapped = true, read = readProc, list = listProc } = {}) {
  /** @type {TreeState} */
  const state = {
    mainPid: wrapped ? null : rootPid,
    procs: new Map(),
    threads: new Map(),
    mainKey: '',
    samples: 0,
    combinedPeak: 0,
    treePeak: 0,
    reaped: 0,
    aliveKeys: new Set(),
  };
  return {
    /** One sample of the whole tree; returns the summed RSS of the job's processes now, in bytes. */
    sample: () => sampleTree(state, rootPid, read, list),
    /**
     * The tree's figures for the row, or null when the runtime was never seen.
     * @param {number} wall_ms the job's wall time, for CPU % of wall
     */
    finish: (wall_ms) => treeFigures(state, wall_ms),
  };
}

/**
 * What a sampler keeps between samples.
 * @typedef {{mainPid: number | null, procs: Map<string, ProcRecord>, threads: Map<string, ThreadRecord>,
 *   mainKey: string, samples: number, combinedPeak: number, treePeak: number, reaped: number,
 *   aliveKeys: Set<string>}} TreeState
 *   reaped: the runtime's reaped children's CPU (cutime + cstime, ticks) at the last sample;
 *   aliveKeys: children alive at the last sample, not yet in `reaped`
 */

/**
 * Read one process into `procs`; returns its key and current RSS, or null when it is gone.
 * @param {Map<string, ProcRecord>} procs @param {(path: string) => string | null} read @param {number} pid
 */
function readProcess(procs, read, pid) {
  const st = parseStat(read(`/proc/${pid}/stat`) ?? '');
  if (!st || st.state === 'Z') return null; // a zombie has no memory left and its CPU is final
  const status = parseStatus(read(`/proc/${pid}/status`) ?? '');
  const key = `${pid}:${st.starttime}`;
  const rss = status.rss_bytes ?? 0;
  const rec = procs.get(key) ?? {
    pid,
    ppid: st.ppid,
    comm: st.comm,
    utime: 0,
    stime: 0,
    rss_peak: 0,
    rss_sum: 0,
    rss_samples: 0,
    exited: false,
  };
  rec.comm = st.comm; // the wrapper's child is "time" until it execs the runtime
  rec.utime = st.utime;
  rec.stime = st.stime;
  rec.rss_peak = Math.max(rec.rss_peak, rss, status.hwm_bytes ?? 0);
  rec.rss_sum += rss;
  rec.rss_samples++;
  procs.set(key, rec);
  return { key, rss };
}

/**
 * The runtime's threads, each kept with its CPU and kind; returns those that run JavaScript (the
 * main thread and workers), whose children files are read: helpers (GC, JIT, platform) start no
 * process, and skipping them halves the cost of a sample.
 * @param {TreeState} state @param {number} mainPid @param {(path: string) => string | null} read
 * @param {(path: string) => string[]} list
 */
function sampleThreads(state, mainPid, read, list) {
  const jsThreads = [mainPid];
  for (const tid of list(`/proc/${mainPid}/task`).map(Number)) {
    const st = parseStat(read(`/proc/${mainPid}/task/${tid}/stat`) ?? '');
    if (!st) continue;
    const kind = tid === mainPid ? 'main' : WORKER_THREAD.test(st.comm) ? 'worker' : 'helper';
    state.threads.set(`${tid}:${st.starttime}`, { tid, name: st.comm, utime: st.utime, stime: st.stime, kind });
    if (kind === 'worker') jsThreads.push(tid);
  }
  return jsThreads;
}

/**
 * Every process below the runtime, breadth first from the children of its JavaScript threads;
 * returns their summed RSS and which are alive (by pid and by key).
 * @param {TreeState} state @param {number} mainPid @param {number[]} jsThreads
 * @param {(path: string) => string | null} read
 */
function walkChildren(state, mainPid, jsThreads, read) {
  // A child started from a worker thread is listed under that thread.
  const queue = jsThreads.flatMap((tid) => parseChildren(read(`/proc/${mainPid}/task/${tid}/children`) ?? ''));
  const seen = new Set([mainPid]);
  const alive = new Set();
  const aliveKeys = new Set();
  let rss = 0;
  while (queue.length) {
    const pid = /** @type {number} */ (queue.shift());
    if (seen.has(pid)) continue;
    seen.add(pid);
    const child = readProcess(state.procs, read, pid);
    if (!child) continue;
    alive.add(pid);
    aliveKeys.add(child.key);
    rss += child.rss;
    // Grandchildren: only the children of each process's main thread are followed (listing
    // every thread of every child on every tick would cost more than the figures are worth).
    queue.push(...parseChildren(read(`/proc/${pid}/task/${pid}/children`) ?? ''));
  }
  return { rss, alive, aliveKeys };
}

/**
 * One sample of the tree into `state`; returns the summed RSS of the job's processes now, in bytes.
 * @param {TreeState} state @param {number} rootPid @param {(path: string) => string | null} read
 * @param {(path: string) => string[]} list
 */
function sampleTree(state, rootPid, read, list) {
  if (state.mainPid === null) {
    state.mainPid = parseChildren(read(`/proc/${rootPid}/task/${rootPid}/children`) ?? '')[0] ?? null;
    if (state.mainPid === null) return 0; // the wrapper has not started the runtime yet
  }
  const mainPid = state.mainPid;
  state.samples++;
  const main = readProcess(state.procs, read, mainPid);
  if (!main) return 0;
  state.mainKey = main.key;
  state.reaped = Math.max(state.reaped, parseStat(read(`/proc/${mainPid}/stat`) ?? '')?.reaped ?? 0);
  const jsThreads = sampleThreads(state, mainPid, read, list);
  const children = walkChildren(state, mainPid, jsThreads, read);
  for (const [key, rec] of state.procs) if (key !== state.mainKey) rec.exited = !children.alive.has(rec.pid);
  state.aliveKeys = children.aliveKeys;
  state.combinedPeak = Math.max(state.combinedPeak, children.rss);
  state.treePeak = Math.max(state.treePeak, main.rss + children.rss);
  return main.rss + children.rss;
}

/**
 * The tree's figures for the row, or null when the runtime was never seen.
 * @param {TreeState} state @param {number} wall_ms
 */
function treeFigures(state, wall_ms) {
  const main = state.procs.get(state.mainKey);
  if (!main) return null;
  const cpu = (r) => ({ user: ms(r.utime), sys: ms(r.stime) });
  const kids = [...state.procs.entries()].filter(([k]) => k !== state.mainKey).map(([, r]) => r);
  kids.sort((a, b) => cpuMs(b) - cpuMs(a));
  const threadList = [...state.threads.values()];
  return {
    source: '/proc',
    interval_ms: TREE_INTERVAL_MS,
    resolution_ms: 1000 / CLK_TCK,
    samples: state.samples,
    wall_ms,
    parent: {
      pid: main.pid,
      comm: main.comm,
      cpu_ms: cpu(main),
      rss_peak_bytes: main.rss_peak,
      threads: threadList.map((t) => ({ tid: t.tid, name: t.name, kind: t.kind, cpu_ms: cpu(t) })),
    },
    children: kids.slice(0, MAX_LISTED).map((k) => ({
      pid: k.pid,
      ppid: k.ppid,
      comm: k.comm,
      cpu_ms: cpu(k),
      rss_peak_bytes: k.rss_peak,
      rss_avg_bytes: k.rss_samples ? Math.round(k.rss_sum / k.rss_samples) : null,
      exited: k.exited,
    })),
    children_unlisted: Math.max(0, kids.length - MAX_LISTED),
    summary: treeSummary(state, main, kids, threadList, wall_ms),
  };
}

/** CPU (user + sys) of a process or thread record, in ms. @param {{utime: number, stime: number}} r */
const cpuMs = (r) => ms(r.utime + r.stime);

/**
 * The summary figures of a tree (those that become row metrics: TREE_METRICS).
 * @param {TreeState} state @param {ProcRecord} main @param {ProcRecord[]} kids
 * @param {ThreadRecord[]} threadList @param {number} wall_ms
 */
function treeSummary(state, main, kids, threadList, wall_ms) {
  const aliveKids = [...state.procs].filter(([k]) => state.aliveKeys.has(k)).map(([, r]) => r);
  const sumCpu = (list) => list.reduce((s, k) => s + cpuMs(k), 0);
  const ofKind = (kind) => threadList.filter((t) => t.kind === kind);
  const rssSamples = kids.reduce((n, k) => n + k.rss_samples, 0);
  const parentCpu = cpuMs(main);
  return {
    parent_cpu_ms: parentCpu,
    parent_cpu_pct: wall_ms > 0 ? Math.round((parentCpu / wall_ms) * 1000) / 10 : null,
    children: kids.length,
    // Two lower bounds, the larger kept: every child's last sample (misses what it ran after),
    // or reaped children (read by the kernel at exit) + those alive at the last sample.
    children_cpu_ms: kids.length || state.reaped ? Math.max(sumCpu(kids), ms(state.reaped) + sumCpu(aliveKids)) : null,
    // One child's RSS, averaged over every sample of every child.
    child_rss_avg_bytes: rssSamples ? Math.round(kids.reduce((s, k) => s + k.rss_sum, 0) / rssSamples) : null,
    child_rss_peak_bytes: kids.length ? Math.max(...kids.map((k) => k.rss_peak)) : null,
    // All children at once: the largest sampled sum of their RSS.
    child_rss_combined_bytes: kids.length ? state.combinedPeak : null,
    tree_rss_peak_bytes: state.treePeak,
    main_thread_cpu_ms: sumCpu(ofKind('main')),
    worker_threads: ofKind('worker').length,
    worker_threads_cpu_ms: sumCpu(ofKind('worker')),
    helper_threads_cpu_ms: sumCpu(ofKind('helper')),
  };
}

/** Unit, direction and label of each summary figure that becomes a row metric. */
const TREE_METRICS = {
  parent_cpu_ms: { unit: 'ms', better: 'lower', label: 'CPU of the runtime process (all its threads)' },
  parent_cpu_pct: { unit: '%', better: 'none', label: 'CPU of the runtime process, % of wall' },
  children_cpu_ms: { unit: 'ms', better: 'lower', label: 'CPU of the child processes' },
  child_rss_avg_bytes: { unit: 'bytes', better: 'lower', label: 'RSS of one child process, average' },
  child_rss_peak_bytes: { unit: 'bytes', better: 'lower', label: 'peak RSS of the largest child process' },
  child_rss_combined_bytes: { unit: 'bytes', better: 'lower', label: 'peak RSS of all child processes together' },
  main_thread_cpu_ms: { unit: 'ms', better: 'lower', label: 'CPU of the runtime process main thread' },
  worker_threads_cpu_ms: { unit: 'ms', better: 'lower', label: 'CPU of worker threads' },
};

/**
 * The tree's summary as row metrics ({value, unit, better, label}); figures that do not apply
 * (no children: no child RSS) are left out, never zero.
 * @param {any} tree a finish() result
 * @returns {Record<string, {value: number, unit: string, better: 'lower' | 'higher' | 'none', label: string}>}
 */
export function treeMetrics(tree) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [id, m] of Object.entries(TREE_METRICS)) {
    const value = tree?.summary?.[id];
    if (typeof value === 'number' && Number.isFinite(value)) out[id] = { value, ...m };
  }
  return out;
}

/**
 * Whether a job's tree figures belong in its metrics (and so in its tables): when the workload
 * asks for them (`tree: true`, so that a single-threaded strategy is a column beside pooled ones)
 * or when the job did start a child process or a worker thread.
 * @param {any} tree
 * @param {any} module the workload module
 */
export const wantsTreeMetrics = (tree, module) =>
  Boolean(tree && (module?.tree === true || tree.summary.children > 0 || tree.summary.worker_threads > 0));

/** CPU (user + sys) of every process below `pid`, in ms, from /proc. */
export function treeCpuMs(pid) {
  let ticks = 0;
  for (const p of descendantsOf(pid)) {
    try {
      const st = parseStat(readFileSync(`/proc/${p}/stat`, 'utf8'));
      if (st) ticks += st.utime + st.stime;
    } catch {
      // gone between listing and reading
    }
  }
  return (ticks * 1000) / CLK_TCK;
}
