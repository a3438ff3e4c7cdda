// The HTTP suite's tables: the latency–throughput curve of each route and runtime
// (open loop, with the generator's own floor beside it and its chart data in the report model),
// and what hono and node's adapter cost (plain handlers against the hono app).
import { GEN_BUSY, MIN_TAIL_WINDOW_MS } from '../../measure/defaults.js';
import { ofMetric, roundRatio } from '../../measure/stats/compare.js';
import { heldQuantile, median, requestsFor } from '../../measure/stats/stats.js';
import { metricMedian } from '../../results/metrics.js';
import { simpleTable } from '../model/model.js';
import { ratioLegend, ratioText } from '../model/ratio-text.js';
import { fmtTime, NA } from '../model/units.js';

// Another suite's open loop (suites/ssr/open-loop.js) names its curves by app instead of route.
const open = (rows, suite = 'http') =>
  rows.filter((r) => r.suite === suite && r.workload === 'open-loop' && r.status === 'ok');
const order = (rows, suite = 'http') => [...new Set(rows.filter((r) => r.suite === suite).map((r) => r.runtime))];
const curveOf = (r) => r.params.route ?? r.params.app;
const f = (x, unit = '') =>
  x === null || x === undefined || !Number.isFinite(x) ? '—' : `${x >= 100 ? x.toFixed(0) : x.toPrecision(3)}${unit}`;
/** A figure in µs, scaled as every table scales time ("16.8 µs", "7.14 ms"). */
export const usTime = (us) => (us === null || us === undefined ? NA : fmtTime(us / 1e3));
/** The smallest of a list of counts, or null when any is missing. */
const least = (xs) => (xs.every((x) => typeof x === 'number') && xs.length ? Math.min(...xs) : null);
/** A point's percentile when its requests and its window hold it, else null (printed "—"). */
const held = (p, key, q, n = p.requests) =>
  q >= 0.99 && !((p.window_ms ?? 0) >= MIN_TAIL_WINDOW_MS) ? null : heldQuantile(p[key], q, n);
const med = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return v.length ? median(v) : null;
};

/**
 * Each route × runtime's curve, point by point, as medians over rounds (a round's rates are its
 * own maximum's fractions): one entry per fraction.
 */
export function curves(rows, suite = 'http') {
  const out = [];
  const rts = order(rows, suite);
  const routes = [...new Set(open(rows, suite).map(curveOf))].sort();
  for (const route of routes) {
    for (const rt of rts) {
      const mine = open(rows, suite).filter((r) => curveOf(r) === route && r.runtime === rt);
      if (!mine.length) continue;
      const n = Math.max(...mine.map((r) => r.report?.curve?.length ?? 0));
      const points = [];
      for (let i = 0; i < n; i++) {
        const ps = mine.map((r) => r.report?.curve?.[i]).filter(Boolean);
        const m = (k) => med(ps.map((p) => p[k]));
        points.push({
          share: Math.round(med(mine.map((r) => (r.report?.curve?.[i]?.offered ?? 0) / r.throughput.value)) * 100),
          offered: m('offered'),
          achieved: m('achieved'),
          // Requests per point (the fewest over rounds): a percentile is printed only where every
          // round's point could hold it (requestsFor); files without the count print none.
          requests: least(ps.map((p) => p.requests)),
          floor_requests: least(ps.map((p) => p.floor_requests)),
          window_ms: least(ps.map((p) => p.window_ms)),
          p50_ms: m('p50_ms'),
          p90_ms: m('p90_ms'),
          p99_ms: m('p99_ms'),
          p999_ms: m('p999_ms'),
          ttfb_sent_p50_ms: m('ttfb_sent_p50_ms'),
          server_cpu_per_request_us: m('server_cpu_per_request_us'),
          gen_cpu_pct: m('gen_cpu_pct'),
          floor_p50_ms: m('floor_p50_ms'),
          floor_p99_ms: m('floor_p99_ms'),
          beyond_generator: ps.some((p) => p.beyond_generator),
          gen_busy: ps.some((p) => p.gen_busy || (p.gen_cpu_pct ?? 0) >= GEN_BUSY * 100),
          server_behind: ps.some((p) => p.server_behind),
        });
      }
      out.push({ route, runtime: rt, max: metricMedian(mine, 'requests_per_s'), points });
    }
  }
  return out;
}

/**
 * @param {any[]} rows
 * @param {{detail?: boolean}} [opts]
 * @param {{suite?: string, floor?: string}} [of] the suite, and what its floor route is
 */
export function curveTable(rows, { detail = false } = {}, of = {}) {
  const cs = curves(rows, of.suite);
  if (!cs.length) return null;
  const body = [];
  const heads = [];
  // p99.9 rests on a few requests per point at QUICK: a figure for SHOW=spread, not the default.
  const tail = (p) => (detail ? [p.beyond_generator ? '—' : f(held(p, 'p999_ms', 0.999), ' ms')] : []);
  for (const c of cs) {
    for (const p of c.points) {
      const mark = p.beyond_generator ? 'G' : `${p.server_behind ? 'S' : ''}${p.gen_busy ? 'g' : ''}`;
      heads.push(c.route);
      body.push([
        c.route,
        c.runtime,
        `${f(p.offered)} (${p.share}%)`,
        f(p.achieved),
        p.beyond_generator ? '—' : f(p.p50_ms, ' ms'),
        p.beyond_generator ? '—' : f(held(p, 'p99_ms', 0.99), ' ms'),
        ...tail(p),
        p.beyond_generator ? '—' : f(p.ttfb_sent_p50_ms, ' ms'),
        `${f(p.floor_p50_ms, ' ms')} / ${f(held(p, 'floor_p99_ms', 0.99, p.floor_requests), ' ms')}`,
        usTime(p.server_cpu_per_request_us),
        `${f(p.gen_cpu_pct, '%')}${mark ? ` ${mark}` : ''}`,
      ]);
    }
  }
  const series = cs.flatMap((c) =>
    ['p50_ms', 'p99_ms'].map((stat) => ({
      route: c.route,
      runtime: c.runtime,
      stat: stat.replace('_ms', ''),
      points: c.points
        .filter((p) => !p.beyond_generator && p.offered !== null)
        .map((p) => [p.offered, stat === 'p99_ms' ? held(p, stat, 0.99) : p[stat]]),
    })),
  );
  const t = simpleTable(
    null,
    [
      'route',
      'runtime',
      'offered req/s',
      'achieved',
      'TTLB p50',
      'TTLB p99',
      ...(detail ? ['TTLB p99.9'] : []),
      'TTFB p50 †',
      'floor p50 / p99',
      'server CPU/req',
      'oha CPU',
    ],
    body,
    {
      notes: [
        'Open loop: oha --latency-correction sends at a fixed rate (req/s) whatever the server answers, and counts each latency from the request’s intended send time, so waiting in a queue shows (no coordinated omission). Rates (in brackets: % of max) are 25/50/75/90% of that runtime’s maximum on the route (wrk -t1 -c8, same job); medians over rounds.',
        '† TTFB = oha’s first body byte, counted from the request’s actual send, not its intended one (oha corrects TTLB only): it leaves out the time a request waited to be sent.',
        `floor = the same rate from the same generator against this server’s ${of.floor ?? 'plain json-small handler'}: the generator’s and the loopback’s own latency at that rate (an upper bound of it, as that handler has its own cost). A server figure near its floor is the generator’s, not the server’s.`,
        'G = the generator did not hold the rate against the floor or used 80% or more of its core: no server figure is reported there. S = the generator held the rate but the server did not (achieved < 90% of offered): the server is past its capacity.',
        'g = the generator used 60% or more of its core at this point: the figure is shown, but the generator may add to it.',
        `— in a percentile: the point cannot hold it: a q-quantile needs 10 / (1 − q) requests (p99 ${requestsFor(0.99).toLocaleString('en')}, p99.9 ${requestsFor(0.999).toLocaleString('en')}) in every round, and a tail a window of ${MIN_TAIL_WINDOW_MS / 1000} s or more (a shorter one rarely holds the server's GC pauses: QUICK's points are shorter, so QUICK prints no tail); or the file does not record them.`,
        ...(detail ? [] : ['SHOW=spread adds TTLB p99.9.']),
      ],
      groups: heads,
    },
  );
  return { ...t, chart: { kind: 'latency-throughput', x: 'offered req/s', y: 'TTLB ms', series } };
}

/** hono ÷ plain per route, concurrency and runtime, paired by round. */
function frameworkShare(rows, { detail = false } = {}) {
  const http = rows.filter((r) => r.suite === 'http' && r.status === 'ok');
  const body = [];
  const heads = [];
  for (const route of ['json-small', 'render-stream']) {
    const plain = http.filter((r) => r.workload === 'plain' && r.params.route === route);
    const cs = [...new Set(plain.map((r) => r.params.concurrency))].sort((a, b) => a - b);
    for (const c of cs) {
      for (const rt of order(rows)) {
        const p = plain.filter((r) => r.runtime === rt && r.params.concurrency === c);
        const h = http.filter((r) => r.workload === route && r.runtime === rt && r.params.concurrency === c);
        if (!p.length || !h.length) continue;
        const rp = metricMedian(p, 'requests_per_s');
        const rh = metricMedian(h, 'requests_per_s');
        const cp = metricMedian(p, 'server_cpu_per_request_us');
        const ch = metricMedian(h, 'server_cpu_per_request_us');
        heads.push(route);
        body.push([
          route,
          c,
          rt,
          f(rp),
          f(rh),
          ratioText(roundRatio(p, h, ofMetric('requests_per_s')), { interval: detail }),
          `${usTime(cp)} → ${usTime(ch)}`,
          cp && ch ? `${Math.round((1 - cp / ch) * 100)}%` : '—',
        ]);
      }
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    [
      'route',
      'conc.',
      'runtime',
      'plain req/s',
      'hono req/s',
      'plain ÷ hono req/s',
      'CPU/req plain → hono',
      'hono’s share',
    ],
    body,
    {
      notes: [
        'plain = the same bytes from the native server with no framework: node:http with no adapter, Deno.serve, Bun.serve, a bare workerd fetch (suites/http/_plain.js). On node the hono rows also pay @hono/node-server, which turns node:http’s request into a web Request and the Response back: the share there is adapter + framework.',
        `CPU/req = the server’s CPU per request; hono’s share = 1 − plain CPU/req ÷ hono CPU/req (medians over rounds). Ratios: ${ratioLegend(detail)}`,
      ],
      left: 3,
      groups: heads,
    },
  );
}

export default [
  { title: 'HTTP: latency–throughput curve (open loop, fixed rates)', table: curveTable },
  { title: 'HTTP: what the framework and adapter cost (plain handler vs hono)', table: frameworkShare },
];
