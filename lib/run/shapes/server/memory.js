// A server's memory from outside it: the resident set (VmRSS, /proc/<pid>/status) of every process
// of its tree, summed, read idle after start and every few ms through the timed load. A leak shows
// as growth from the first quarter of the load to the last. Summed RSS counts a page shared by two
// processes of the tree twice (a server is one process on every runtime here, so it does not).
import { readFileSync } from 'node:fs';
import { median } from '../../../measure/stats/stats.js';
import { descendantsOf } from '../../../runtimes/descendants.js';
import { parseStatus } from '../../../runtimes/proctree.js';

/** The most samples one load keeps, whatever its length. */
export const MAX_RSS_SAMPLES = 5000;

/** Sampling interval for a load of `loadMs`: about 40 samples, every 25–100 ms. */
export const rssIntervalMs = (loadMs) => Math.min(100, Math.max(25, Math.round(loadMs / 40)));

/**
 * RSS of every process below `root` (the job's wrapper), in bytes; null when none could be read.
 * @param {number} root
 */
export function treeRssBytes(root) {
  let sum = 0;
  let seen = 0;
  for (const p of descendantsOf(root)) {
    try {
      const { rss_bytes } = parseStatus(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (rss_bytes !== null) {
        sum += rss_bytes;
        seen++;
      }
    } catch {
      // gone between listing and reading
    }
  }
  return seen ? sum : null;
}

/**
 * Sample `read()` every `intervalMs` until stop(); at most MAX_RSS_SAMPLES samples.
 * @param {() => number | null} read
 * @param {number} intervalMs
 * @returns {{stop: () => {t0: number, t1: number, samples: [number, number][]}}} samples as [ms since start, bytes]
 */
export function rssSampler(read, intervalMs) {
  /** @type {[number, number][]} */
  const samples = [];
  const t0 = performance.now();
  const take = () => {
    const v = read();
    if (v !== null && samples.length < MAX_RSS_SAMPLES) samples.push([Math.round(performance.now() - t0), v]);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      take();
      clearInterval(timer);
      return { t0, t1: performance.now(), samples };
    },
  };
}

/**
 * Median, peak and growth of a load's samples: growth is the median of the last quarter of the
 * load's time minus the median of its first quarter. Null figures from fewer than 8 samples.
 * @param {[number, number][]} samples [ms since start, bytes]
 * @param {number} spanMs the load's length in ms
 */
export function loadRss(samples, spanMs) {
  if (samples.length < 8) return { median: null, peak: null, growth: null, first: null, last: null };
  const bytes = samples.map(([, b]) => b);
  const q = spanMs / 4;
  const firstQ = samples.filter(([t]) => t <= q).map(([, b]) => b);
  const lastQ = samples.filter(([t]) => t >= spanMs - q).map(([, b]) => b);
  const first = firstQ.length ? median(firstQ) : null;
  const last = lastQ.length ? median(lastQ) : null;
  return {
    median: median(bytes),
    peak: Math.max(...bytes),
    growth: first === null || last === null ? null : last - first,
    first,
    last,
  };
}

/**
 * The runtime's own heap in use after a full GC, from the server's /__parity/heap route
 * (runners/<kind>/http.js), and the OS's RSS read right after it; null where the server has no
 * such route (workerd, fixtures) or no GC it can call.
 * @param {number} port @param {() => number | null} rss
 * @returns {Promise<{heap_used_bytes: number, source: string, rss_bytes: number | null} | null>}
 */
export async function heapAfterGc(port, rss) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/__parity/heap`, { signal: AbortSignal.timeout(10_000) });
    if (r.status !== 200) return null;
    /** @type {any} */
    const doc = await r.json();
    if (!Number.isFinite(doc?.heap_used_bytes) || typeof doc.source !== 'string') return null;
    return { heap_used_bytes: doc.heap_used_bytes, source: doc.source, rss_bytes: rss() };
  } catch {
    return null;
  }
}

const bytes = (value, label, better = 'lower') => ({ value, unit: 'bytes', better, label });

/**
 * The row's memory figures, added to an HTTP job's inner part (metrics and report.rss).
 * @param {any} inner closedInner()'s part, or an error
 * @param {number | null} idle RSS after start, before any load
 * @param {{t0: number, t1: number, samples: [number, number][]} | null} load the sampler's result
 * @param {number} intervalMs
 * @param {{heap_used_bytes: number, source: string, rss_bytes: number | null} | null} [heap] heapAfterGc()'s
 */
export function withMemory(inner, idle, load, intervalMs, heap = null, offered = null) {
  const at = offered
    ? `at ${Math.round(offered).toLocaleString('en')} req/s offered (open loop, the highest rate held)`
    : '';
  if (inner?.status !== 'ok') return inner;
  /** @type {Record<string, any>} */
  const m = {};
  const tree = 'summed VmRSS of the server’s processes, /proc';
  if (idle !== null)
    m.rss_idle_bytes = bytes(idle, `RSS idle: after the first 200 from /healthz, before any load (${tree})`);
  const span = load ? load.t1 - load.t0 : 0;
  const fig = load ? loadRss(load.samples, span) : null;
  if (fig?.median != null) {
    const where = at ? ` ${at}` : '';
    m.rss_load_median_bytes = bytes(
      fig.median,
      `RSS under load${where}, median of samples every ${intervalMs} ms (${tree})`,
    );
    m.rss_load_peak_bytes = bytes(/** @type {number} */ (fig.peak), `RSS under load${where}, highest sample (${tree})`);
  }
  if (fig?.growth != null) {
    m.rss_growth_bytes = bytes(
      fig.growth,
      `RSS growth under load${at ? ` ${at}` : ''}: median of the last quarter minus the first`,
    );
  }
  if (heap) {
    m.heap_after_gc_bytes = bytes(heap.heap_used_bytes, `the runtime’s own figure after the load: ${heap.source}`);
    if (heap.rss_bytes !== null)
      m.rss_after_gc_bytes = bytes(heap.rss_bytes, `the OS’s figure beside it: RSS right after that GC (${tree})`);
  }
  return {
    ...inner,
    metrics: { ...inner.metrics, ...m },
    report: {
      ...inner.report,
      rss: load
        ? {
            interval_ms: intervalMs,
            span_ms: Math.round(span),
            idle_bytes: idle,
            samples: load.samples,
            ...(offered ? { offered_rps: Math.round(offered) } : {}),
          }
        : { idle_bytes: idle },
    },
  };
}

/**
 * The point of an open-loop curve whose RSS stands for the route under steady load: the highest
 * offered rate the server held (neither beyond the generator nor behind), with RSS samples.
 * @param {any[]} curve
 */
export function steadyPoint(curve) {
  const held = curve.filter((p) => p.rss && !p.beyond_generator && !p.server_behind && p.achieved !== null);
  return held.length ? held.reduce((a, b) => (b.offered > a.offered ? b : a)) : null;
}

/**
 * An open-loop row with each point's RSS kept as its figures (median, peak, growth), not its
 * samples: the row keeps one curve of samples, the steady point's (withMemory's report.rss).
 * @param {any} inner
 */
export function thinCurveRss(inner) {
  const curve = inner?.report?.curve;
  if (!Array.isArray(curve)) return inner;
  const thin = curve.map((p) => {
    if (!p.rss) return p;
    const f = loadRss(p.rss.samples, p.rss.t1 - p.rss.t0);
    return { ...p, rss: { median_bytes: f.median, peak_bytes: f.peak, growth_bytes: f.growth } };
  });
  return { ...inner, report: { ...inner.report, curve: thin } };
}
