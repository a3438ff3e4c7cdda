// The starts of a start-up workload that starts a server (one that names a `server` module):
// the HTTP suite's server of the runtime (its driver's server seam serving the module the workload
// names, the one definition of how each runtime serves the hono app), started and stopped N times, each timed from spawn to the first
// 200 from /healthz (the HTTP suite's own probe, firstOk) on the orchestrator's clock. A server
// never exits by itself, so this is how workerd has a start-up figure.

import { readFileSync } from 'node:fs';
import { median } from '../../../measure/stats/stats.js';
import { startChild } from '../../../runtimes/proc.js';
import { parseStatus } from '../../../runtimes/proctree.js';
import { heapAfterGc, treeRssBytes } from '../server/memory.js';
import { firstOk, servedModule } from '../server/start.js';
import { heapMetric } from './heap.js';
import { binaryOf, startFigures } from './record.js';

/** VmRSS of one process, bytes; null when gone. @param {number} pid */
function ownRss(pid) {
  try {
    return parseStatus(readFileSync(`/proc/${pid}/status`, 'utf8')).rss_bytes;
  } catch {
    return null;
  }
}

/** @param {...(number | null)} xs */
const sumOrNull = (...xs) =>
  xs.every((x) => x === null) ? null : xs.reduce((a, x) => /** @type {number} */ (a) + (x ?? 0), 0);

const FAILED = { wall_ns: null, rss_bytes: null, heap: null, error: null, killed: false };

/**
 * One server start: spawn → port → first 200, then the server killed and waited for. With
 * `heap`, after the 200 and its RSS (so outside the timed span), the server's own heap after a full
 * GC from its /__parity/heap route (the HTTP suite's reading, lib/run/shapes/server/memory.js); null where
 * the server has no such route (workerd) or it did not answer.
 * @param {any} job
 * @param {any} driver
 * @param {Record<string, string | undefined>} env
 * @param {number} untilMs on performance.now()
 * @param {(kill: () => void) => void} register
 * @param {boolean} [heap]
 * @returns {Promise<{wall_ns: number | null, rss_bytes: number | null, error: string | null, killed: boolean,
 *   heap: {heap_used_bytes: number, source: string} | null, unsupported?: string}>}
 */
export async function serverStart(job, driver, env, untilMs, register, heap = false) {
  const launch = await driver.server(job, {
    module: servedModule(job.workload.module, job.workload.file),
    node_env: env.NODE_ENV ?? '(unset)',
  });
  if (launch.unsupported) return { ...FAILED, unsupported: launch.unsupported };
  const gone = { ended: false };
  /** @type {(v: any) => void} */
  let ended = () => {};
  const end = new Promise((r) => {
    ended = r;
  });
  let killed = false;
  const t0 = performance.now();
  const h = startChild({
    ...{ bin: launch.bin, args: launch.args, env, cwd: launch.cwd, control: launch.control ?? false },
    onEnd(e) {
      gone.ended = true;
      ended(e);
    },
  });
  register(() => {
    killed = true;
    h.killGroup();
  });
  try {
    const port = await launch.port(h, Math.max(1, untilMs - performance.now()), gone);
    const ready = await firstOk(port, untilMs, gone);
    const rss_bytes = sumOrNull(ownRss(h.pid), treeRssBytes(h.pid));
    const own = heap ? await heapAfterGc(port, () => null) : null;
    return {
      wall_ns: Math.round((ready - t0) * 1e6),
      rss_bytes,
      heap: own && { heap_used_bytes: own.heap_used_bytes, source: own.source },
      error: null,
      killed,
    };
  } catch (e) {
    const said = /** @type {any} */ (await Promise.race([end, null]))?.stderr?.trim().split('\n').at(-1);
    const why = `${e instanceof Error ? e.message : String(e)}${said ? `: ${said}` : ''}`;
    return { ...FAILED, error: why, killed };
  } finally {
    h.killGroup();
    await end;
    launch.cleanup?.();
  }
}

/**
 * `total` server starts in a row; stops at the first that fails. The last `heapStarts` of them
 * also read the server's heap after the 200 (serverStart).
 * @param {any} job
 * @param {any} driver
 * @param {Record<string, string | undefined>} env
 * @param {number} total
 * @param {number} deadline on performance.now()
 * @param {(kill: () => void) => void} register
 * @param {number} [heapStarts]
 */
export async function serverStarts(job, driver, env, total, deadline, register, heapStarts = 0) {
  const starts = [];
  for (let i = 0; i < total; i++) {
    const s = await serverStart(job, driver, env, deadline, register, i >= total - heapStarts);
    starts.push(s);
    if (s.error || s.killed || s.unsupported) break;
  }
  return starts;
}

/**
 * What a job's server starts say (serverStarts' list, warm-ups first): `fail`, the row's status
 * and error at the first start that failed; else its figures: the spawn → first 200 walls, the
 * RSS there, and the heap after GC of the last `heapStarts` starts (absent and named, with the
 * kind's reason, where the server gave none).
 * @param {Awaited<ReturnType<typeof serverStart>>[]} all
 * @param {{warmup: number, n: number, heapStarts: number, rt: any}} o
 */
export async function serverFigures(all, { warmup, n, heapStarts, rt }) {
  for (const [i, p] of all.entries()) {
    const which = i < warmup ? `warm-up start ${i + 1}` : `start ${i + 1 - warmup} of ${n}`;
    const phase = i < warmup ? 'warm-up' : 'run';
    if (p.unsupported) return { fail: { status: 'unsupported', error: p.unsupported, phase: 'spawn' } };
    if (p.killed)
      return { fail: { status: 'timeout', error: `${which} did not answer within the job's time limit`, phase } };
    if (p.error) return { fail: { status: 'error', error: `${which}: ${p.error}`, phase } };
  }
  const starts = all.slice(warmup);
  const walls = starts.map((p) => ({ wall_ns: p.wall_ns, timed: null }));
  const inner = /** @type {any} */ ((await startFigures(walls, null, 'server')).inner);
  const rss = median(starts.map((p) => p.rss_bytes ?? Number.NaN));
  if (Number.isFinite(rss)) {
    const label = "RSS at the first 200 (the server's process tree, /proc), median";
    inner.metrics.rss_first_200_bytes = { value: rss, unit: 'bytes', better: 'lower', label };
  }
  const heaps = all.slice(all.length - heapStarts).flatMap((p) => (p.heap ? [p.heap] : []));
  const heapRead = heapStarts > 0 && heaps.length === heapStarts;
  if (heapRead)
    Object.assign(
      inner.metrics,
      heapMetric(heaps, `the last ${heapStarts} timed starts of the first round, read after their 200`),
    );
  const heapWhy =
    heapStarts > 0 && !heapRead
      ? `unsupported: ${rt.heap.unsupported ?? "the server's /__parity/heap route gave no figure"}`
      : undefined;
  return {
    inner,
    unmeasured: [
      ...['cpu_ms', 'rss_peak_bytes', 'page faults', 'syscalls', 'threads_started', 'tasks_peak'],
      ...(heapWhy ? ['heap_after_gc_bytes'] : []),
    ],
    report: { starts: n, warmup_starts: warmup, binary: binaryOf(rt.bin), heap: heapWhy },
    source: 'the orchestrator clock: spawn → first 200 from /healthz',
  };
}
