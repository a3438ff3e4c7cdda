// The figures of a process job (lib/run/process/job.js): the wall over its starts, GNU time's
// memory and page faults per start, and CPU from what the orchestrator reaped.
import { readFileSync } from 'node:fs';
import { CLK_TCK } from '../../measure/oscpu.js';
import { summarise } from '../../measure/record.js';
import { heldQuantile, median, quantileSorted, sorted } from '../../measure/stats.js';

/** @typedef {ReturnType<typeof import('../../runtimes/outside.js').parseStartTime>} StartTime */

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
 * The row's own figures from the timed starts: the wall median (with its order-statistics
 * interval), p90 only where there are enough starts to hold it (lib/measure/stats.js requestsFor),
 * GNU time's peak RSS and page faults per start, and CPU per start from `cpu`, the CPU of every
 * process the orchestrator reaped over the timed starts (reapedCpu).
 * @param {{wall_ns: number | null, timed: StartTime}[]} starts
 * @param {{user: number, sys: number} | null} cpu
 */
export async function startFigures(starts, cpu) {
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
    // The one result record (lib/measure/record.js): median, its interval, rate, thinned samples.
    inner: await summarise(walls, {
      unit: 'starts',
      units: 1,
      calls: n,
      timer: 'process.hrtime in the orchestrator, spawn → exit',
      /** @type {Record<string, {value: number, unit: string, better: string, label: string}>} */
      metrics: {
        wall_median_ms: {
          value: quantileSorted(s, 0.5) / 1e6,
          unit: 'ms',
          better: 'lower',
          label: 'wall per start, spawn → exit (median)',
        },
        ...metrics,
      },
    }),
    cpu_ms: cpu,
    rss_peak_bytes,
  };
}
