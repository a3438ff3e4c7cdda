// The figures of a process job (lib/run/shapes/process/job.js): the wall over its starts, peak RSS and
// page faults per start (wait4's rusage, read by the launcher or GNU time), and CPU per start.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { CLK_TCK } from '../../../measure/oscpu.js';
import { summarise } from '../../../measure/record.js';
import { heldQuantile, median, quantileSorted, sorted } from '../../../measure/stats/stats.js';
import { displayPath } from '../../../paths.js';
import { parseStat } from '../../../runtimes/procfs.js';

/** @typedef {ReturnType<typeof import('../../../runtimes/outside.js').parseStartTime>} StartTime */

/**
 * CPU (ms) of every child this process has reaped, and of theirs: cutime and cstime of
 * /proc/self/stat. Read around the timed starts, it is their CPU with one 10 ms step over the
 * whole job; GNU time's own figures are truncated to 10 ms per process (a 4 ms start reads 0).
 * Null without /proc.
 * @returns {{user: number, sys: number} | null}
 */
export function reapedCpu() {
  try {
    const st = parseStat(readFileSync('/proc/self/stat', 'utf8'));
    if (!st) return null;
    const [user, sys] = [st.cutime, st.cstime].map((t) => (t * 1000) / CLK_TCK);
    return Number.isFinite(user) && Number.isFinite(sys) ? { user, sys } : null;
  } catch {
    return null;
  }
}

/**
 * CPU (ms) of the starts, summed from each start's own rusage (the launcher's lines: microseconds,
 * the runtime and every process it waited for); null when a start has none.
 * @param {{timed: StartTime}[]} starts
 * @returns {{user: number, sys: number} | null}
 */
export function summedCpu(starts) {
  if (starts.some((p) => !p.timed)) return null;
  const sum = (k) => starts.reduce((a, p) => a + /** @type {any} */ (p.timed).cpu_ms[k], 0);
  return { user: sum('user'), sys: sum('sys') };
}

/** How the wall of each start was timed. */
const TIMERS = {
  launcher: 'perf_counter_ns in the launcher, posix_spawn → wait4',
  spawn: 'process.hrtime in the orchestrator, spawn → exit',
  server: 'performance.now in the orchestrator, spawn → first 200 from /healthz (polled every 5 ms)',
};

/**
 * The row's own figures from the timed starts: the wall median (with its order-statistics
 * interval), p90 and p99 only where there are enough starts to hold them (100 and 1,000:
 * lib/measure/stats/stats.js requestsFor), peak RSS and page faults per start, and CPU per start from
 * `cpu`: the starts' own rusage summed (summedCpu, `launcher`), or the CPU of every process the
 * orchestrator reaped over the timed starts (reapedCpu: GNU time's own exec included).
 * @param {{wall_ns: number | null, timed: StartTime}[]} starts
 * @param {{user: number, sys: number} | null} cpu
 * @param {'launcher' | 'spawn' | 'server'} [how] the launcher's starts (launch.js), spawn() under GNU time,
 *   or a server's spawn → first 200 (server.js)
 */
export async function startFigures(starts, cpu, how = 'spawn') {
  const launcher = how === 'launcher';
  const walls = starts.map((p) => /** @type {number} */ (p.wall_ns));
  const s = sorted(walls);
  const n = s.length;
  const timed = starts.map((p) => p.timed).filter((t) => t !== null);
  /** @type {Record<string, {value: number, unit: string, better: string, label: string}>} */
  const metrics = {};
  const p90 = heldQuantile(quantileSorted(s, 0.9), 0.9, n);
  if (p90 !== null)
    metrics.wall_p90_ms = { value: p90 / 1e6, unit: 'ms', better: 'lower', label: 'wall p90 over the starts' };
  const p99 = heldQuantile(quantileSorted(s, 0.99), 0.99, n);
  if (p99 !== null)
    metrics.wall_p99_ms = { value: p99 / 1e6, unit: 'ms', better: 'lower', label: 'wall p99 over the starts' };
  if (cpu) {
    const how = launcher ? "each start's own rusage" : "GNU time's own included";
    metrics.cpu_per_start_ms = {
      value: (cpu.user + cpu.sys) / n,
      unit: 'ms',
      better: 'lower',
      label: `CPU per start (user+sys over the timed starts ÷ starts; ${how})`,
    };
  }
  // A start whose peak is no more than the launcher's own read the launcher's memory, not its own
  // (starts.py floor_kib): no RSS figure then. Every runtime here peaks above it (20 MB and more).
  const floorOf = (/** @type {any} */ t) => t.rss_floor_bytes ?? 0;
  const rssKnown = timed.length === n && !timed.some((t) => t.rss_peak_bytes <= floorOf(t));
  if (timed.length === n) {
    const per = (k, label, unit) => ({ value: median(timed.map((t) => t[k])), unit, better: 'lower', label });
    if (rssKnown) metrics.rss_per_start_bytes = per('rss_peak_bytes', 'peak RSS per start (median)', 'bytes');
    metrics.minor_faults = per('minor_faults', 'minor page faults per start (median)', 'faults');
    metrics.major_faults = per('major_faults', 'major page faults per start (median)', 'faults');
  }
  const rss_peak_bytes = rssKnown ? Math.max(...timed.map((t) => t.rss_peak_bytes)) : null;
  return {
    // The one result record (lib/measure/record.js): median, its interval, rate, thinned samples.
    inner: await summarise(walls, {
      unit: 'starts',
      units: 1,
      calls: n,
      timer: TIMERS[how],
      /** @type {Record<string, {value: number, unit: string, better: string, label: string}>} */
      metrics: {
        // A server's start ends at its first 200, not at an exit: its own figure, so no table mixes the two.
        [how === 'server' ? 'first_200_median_ms' : 'wall_median_ms']: {
          value: quantileSorted(s, 0.5) / 1e6,
          unit: 'ms',
          better: 'lower',
          label:
            how === 'server' ? 'spawn → first 200 from /healthz (median)' : 'wall per start, spawn → exit (median)',
        },
        ...metrics,
      },
    }),
    cpu_ms: cpu,
    rss_peak_bytes,
  };
}

/**
 * The runtime's binary as the kernel runs it (symlinks resolved) and its size on disk: printed
 * beside the start-up tables. Null when it cannot be read.
 * @param {string} bin
 */
export function binaryOf(bin) {
  try {
    const path = realpathSync(bin);
    return { path: displayPath(path), bytes: statSync(path).size };
  } catch {
    return null;
  }
}
