// The HTTP suite's memory tables: the server's resident set idle and under a steady load (a closed
// one, or an open loop's highest held rate)
// (median, peak, growth from the first quarter of the load to the last), and memory per idle
// keep-alive connection. Every figure is the OS's (summed VmRSS of the server's processes, read
// from /proc by parity), not the runtime's own heap.

import { median } from '../../measure/stats/stats.js';
import { metricMedian } from '../../results/metrics.js';
import { simpleTable } from '../model/model.js';
import { fmtBytes, si } from '../model/units.js';
import { routeOf } from './http-routes.js';

const SUITE = 'http';

/** Rows of `rows` grouped by `key`, in first-seen order of routes and runtimes. */
function grouped(rows, key) {
  const out = new Map();
  for (const r of rows) {
    const k = key(r);
    const g = out.get(k) ?? [];
    g.push(r);
    out.set(k, g);
  }
  return [...out.values()];
}

const med = (ok, id) => {
  const v = metricMedian(ok, id);
  return v === null ? '—' : fmtBytes(v);
};

/** Growth with its share of the load's median: "+41.2 MB (43%)". */
function growth(ok) {
  const g = metricMedian(ok, 'rss_growth_bytes');
  const m = metricMedian(ok, 'rss_load_median_bytes');
  if (g === null) return '—';
  const pct = m ? ` (${g >= 0 ? '+' : ''}${((g / m) * 100).toFixed(0)}%)` : '';
  return `${g >= 0 ? '+' : ''}${fmtBytes(g)}${pct}`;
}

function underLoad(rows) {
  const mine = rows.filter((r) => r.suite === SUITE && r.metrics?.rss_load_median_bytes);
  const order = [...new Set(mine.map((r) => r.runtime))];
  const groups = grouped(mine, (r) => `${routeOf(r)}\u0000${r.params?.concurrency}\u0000${r.runtime}`).sort(
    (a, b) =>
      routeOf(a[0]).localeCompare(routeOf(b[0])) ||
      a[0].params.concurrency - b[0].params.concurrency ||
      order.indexOf(a[0].runtime) - order.indexOf(b[0].runtime),
  );
  if (!groups.length) return null;
  const body = groups.map((g) => {
    const ok = g.filter((r) => r.status === 'ok');
    // A closed load at its concurrency, or an open-loop row at the highest rate it held.
    const offered = median(ok.map((r) => r.report?.rss?.offered_rps).filter(Number.isFinite));
    const load = g[0].params.concurrency !== undefined ? `c=${g[0].params.concurrency}` : `open ${si(offered)}/s`;
    return [
      routeOf(g[0]),
      load,
      g[0].runtime,
      med(ok, 'rss_idle_bytes'),
      med(ok, 'rss_load_median_bytes'),
      med(ok, 'rss_load_peak_bytes'),
      growth(ok),
      med(ok, 'heap_after_gc_bytes'),
    ];
  });
  return simpleTable(
    null,
    ['route', 'load', 'runtime', 'RSS idle', 'RSS load p50', 'RSS load peak', 'growth (of p50)', 'own heap†'],
    body,
    {
      notes: [
        'RSS = resident set of the server’s processes (VmRSS from /proc, summed), medians over rounds. idle: after the first 200 from /healthz, before warm-up. Under load: sampled every 25–100 ms through the timed closed load (wrk; c = its connections), or, for an open-loop row, through the highest offered rate the server held (oha at a fixed rate; "open 12k/s": the median over rounds); peak is the highest sample, not the kernel’s high-water mark.',
        'growth = median RSS of the load’s last quarter minus its first: a leak grows with every request, a heap still sizing itself to the load grows too (rounds longer than QUICK’s 1 s tell the two apart). The OS’s figure, not the runtime’s heap.',
        '† the runtime’s own figure, not the OS’s: JS heap in use after a full GC the server ran when asked, after the load (node and deno: memoryUsage().heapUsed after gc(); bun: bun:jsc heapStats().heapSize after Bun.gc(true); each engine counts its heap its own way; — = no such figure, e.g. workerd).',
      ],
      left: 3,
      groups: groups.map((g) => routeOf(g[0])),
    },
  );
}

function perConnection(rows) {
  const mine = rows.filter((r) => r.suite === SUITE && r.workload === 'idle-connections');
  if (!mine.length) return null;
  const groups = grouped(mine, (r) => `${r.params?.connections}\u0000${r.runtime}`);
  const body = groups.map((g) => {
    const ok = g.filter((r) => r.status === 'ok');
    if (!ok.length) return [g[0].params.connections, g[0].runtime, g[0].status, '', '', '', ''];
    return [
      g[0].params.connections,
      g[0].runtime,
      med(ok, 'rss_per_connection_bytes'),
      med(ok, 'rss_noise_per_connection_bytes'),
      med(ok, 'rss_idle_bytes'),
      med(ok, 'rss_connections_bytes'),
      String(ok.length),
    ];
  });
  return simpleTable(
    null,
    ['connections', 'runtime', 'RSS per conn.', '± noise', 'RSS before', 'RSS with them open', 'rounds'],
    body,
    {
      notes: [
        'N keep-alive connections from 127.0.0.1, each answered one GET /json-small, then left idle: (RSS with them open − RSS before) ÷ N, medians over rounds. Server-side buffers, sockets and the runtime’s per-connection objects; the kernel’s own socket memory is not in RSS.',
        '± noise = how far the idle server’s RSS moved between two readings as far apart, with nothing opened, ÷ N: a figure within it is no per-connection cost (a negative one is RSS that fell, GC or pages returned).',
      ],
    },
  );
}

export default [
  { title: 'HTTP memory: RSS idle and under a steady load', table: underLoad },
  { title: 'HTTP memory: per idle keep-alive connection', table: perConnection },
];
