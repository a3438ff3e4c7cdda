// The HTTP suite's own tables: per route, concurrency and runtime the figures side by side
// (TTFB and TTLB, server CPU per request, the client's CPU), then the ratios that answer the
// confounders behind public benchmark disputes: streamed vs buffered, development vs production React, and queueing
// (latency growing with concurrency while CPU per request stays flat) vs slower execution.

import { GEN_BUSY, MIN_TAIL_WINDOW_MS } from '../../measure/defaults.js';
import { ofMetric, roundRatio } from '../../measure/stats/compare.js';
import { requestsFor } from '../../measure/stats/stats.js';
import { metricMedian } from '../../results/metrics.js';
import { runtimesOf, simpleTable } from '../model/model.js';
import { ratioLegend, ratioText } from '../model/ratio-text.js';
import curveTables, { usTime } from './http-curves.js';
import memoryTables from './http-memory.js';
import { routeOf } from './http-routes.js';

const SUITE = 'http';
// The open-loop rows have their own table (http-curves.js): here only closed-loop loads.
const ours = (rows) =>
  rows.filter((r) => r.suite === SUITE && r.workload !== 'open-loop' && r.workload !== 'idle-connections');

const f = (x, unit) => (x === null ? '—' : `${x >= 100 ? x.toFixed(0) : x.toPrecision(3)}${unit}`);

/** Group a suite's rows by route, concurrency and runtime, in a stable order. */
function groups(rows) {
  const out = new Map();
  for (const r of ours(rows)) {
    const key = `${routeOf(r)}\u0000${r.params?.concurrency}\u0000${r.runtime}`;
    const g = out.get(key) ?? { route: routeOf(r), c: r.params?.concurrency, runtime: r.runtime, rows: [] };
    g.rows.push(r);
    out.set(key, g);
  }
  const order = runtimesOf(ours(rows));
  return [...out.values()].sort(
    (a, b) => a.route.localeCompare(b.route) || a.c - b.c || order.indexOf(a.runtime) - order.indexOf(b.runtime),
  );
}

/** A closed-loop round whose load can hold a p99: enough requests over a long enough window. */
const holdsTail = (r) =>
  (r.report?.requests ?? 0) >= requestsFor(0.99) && (r.report?.load_ms ?? 0) >= MIN_TAIL_WINDOW_MS;

function sideBySide(rows) {
  const list = groups(rows);
  // One heading line per route, its rows by concurrency: a long route does not widen every line.
  const body = list.map((g) => {
    const ok = g.rows.filter((r) => r.status === 'ok');
    if (!ok.length) return [g.route, g.c, g.runtime, g.rows[0].status, '', '', '', '', '', '', ''];
    // Busy from the figure itself, so that files written under the older 80% rule read the same.
    const saturated = ok.some(
      (r) => (r.metrics?.client_cpu_pct?.value ?? 0) >= GEN_BUSY * 100 || r.report?.client_saturated,
    );
    return [
      g.route,
      g.c,
      g.runtime,
      f(metricMedian(ok, 'requests_per_s'), ''),
      f(metricMedian(ok, 'ttfb_ms'), ' ms'),
      f(metricMedian(ok, 'ttlb_ms'), ' ms'),
      // p99 only from rounds whose load held it (1,000 requests over 5 s; older files carry it from fewer).
      f(metricMedian(ok.filter(holdsTail), 'ttlb_p99_ms'), ' ms'),
      usTime(metricMedian(ok, 'server_cpu_per_request_us')),
      `${f(metricMedian(ok, 'client_cpu_pct'), '%')}${saturated ? ' SAT' : ''}`,
      f(metricMedian(ok, 'startup_ms'), ' ms'),
      [...new Set(ok.map((r) => r.report?.node_env ?? '?'))].join(','),
    ];
  });
  if (!body.length) return null;
  return simpleTable(
    null,
    [
      'route',
      'conc.',
      'runtime',
      'req/s',
      'TTFB p50*',
      'TTLB p50',
      'closed p99',
      'server CPU/req',
      'wrk CPU',
      'start-up',
      'NODE_ENV',
    ],
    body,
    {
      notes: [
        'Medians over rounds. req/s and TTLB (last byte) from wrk -t1 at the row’s concurrency (closed loop: each connection waits for its answer), pinned to a core apart from the server’s; server CPU (user+sys, all its processes) is read from /proc around the timed load only and divided by the requests. start-up = spawn to the first 200 from /healthz.',
        '* TTFB (first body byte) is from parity’s node:http client in the warm-up pass that verifies every response (each connection’s first request left out), not from the timed load: wrk cannot see the first byte, and the node client is slower than the servers at c=8, so TTFB is a low-load figure and may exceed wrk’s TTLB.',
        'wrk CPU = the generator’s own CPU (GNU time) over its load, % of one core; SAT = 60% or more in some round: there req/s may be the generator’s limit, and no claim rests on it.',
        `closed p99 = wrk’s TTLB p99 in a closed loop (each connection waits for its answer, so a stalled server is sent fewer requests: coordinated omission understates tails; the open-loop table below does not); — = under ${requestsFor(0.99).toLocaleString('en')} requests or under ${MIN_TAIL_WINDOW_MS / 1000} s of load, too few or too short to hold a p99 (QUICK's loads are shorter: QUICK prints none).`,
      ],
      left: 3,
      groups: list.map((g) => g.route),
    },
  );
}

/** num ÷ den of one metric within one runtime, paired by round; its interval with SHOW=spread. */
const ratio = (numRows, denRows, id, detail) =>
  ratioText(roundRatio(numRows, denRows, ofMetric(id)), { interval: detail });

const pick = (rows, workload, runtime, want) =>
  ours(rows).filter(
    (r) =>
      r.workload === workload &&
      r.runtime === runtime &&
      Object.entries(want).every(([k, v]) => String(r.params?.[k]) === String(v)),
  );
const concurrencies = (rows, workload) =>
  [
    ...new Set(
      ours(rows)
        .filter((r) => r.workload === workload)
        .map((r) => r.params.concurrency),
    ),
  ].sort((a, b) => a - b);

const ratioNote = (detail) => `Ratios within one runtime: ${ratioLegend(detail)}`;

function streamedVsBuffered(rows, { detail = false } = {}) {
  const body = [];
  for (const c of concurrencies(rows, 'render-stream')) {
    for (const rt of runtimesOf(ours(rows))) {
      const s = pick(rows, 'render-stream', rt, { concurrency: c });
      const b = pick(rows, 'render-buffered', rt, { concurrency: c });
      if (!s.length || !b.length) continue;
      body.push([
        c,
        rt,
        ratio(s, b, 'ttfb_ms', detail),
        ratio(s, b, 'ttlb_ms', detail),
        ratio(s, b, 'server_cpu_per_request_us', detail),
      ]);
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    ['conc.', 'runtime', 'TTFB stream ÷ buffered', 'TTLB stream ÷ buffered', 'CPU/req stream ÷ buffered'],
    body,
    {
      notes: [
        'The same page, streamed a hundred rows per chunk or built whole: a benchmark that reads only TTFB credits streaming with work it has not done yet.',
        ratioNote(detail),
      ],
    },
  );
}

function devVsProduction(rows, { detail = false } = {}) {
  const body = [];
  for (const render of ['string', 'stream']) {
    for (const c of concurrencies(rows, 'react-ssr')) {
      for (const rt of runtimesOf(ours(rows))) {
        const dev = pick(rows, 'react-ssr', rt, { render, concurrency: c, node_env: 'development' });
        const prod = pick(rows, 'react-ssr', rt, { render, concurrency: c, node_env: 'production' });
        if (!dev.length || !prod.length) continue;
        body.push([
          render,
          c,
          rt,
          ratio(dev, prod, 'ttlb_ms', detail),
          ratio(dev, prod, 'server_cpu_per_request_us', detail),
          ratio(prod, dev, 'requests_per_s', detail),
        ]);
      }
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    ['render', 'conc.', 'runtime', 'TTLB dev ÷ prod', 'CPU/req dev ÷ prod', 'req/s prod ÷ dev'],
    body,
    {
      notes: [
        'React with NODE_ENV=development against production, on the same runtime: the penalty a benchmark pays when NODE_ENV is unset on one side.',
        ratioNote(detail),
      ],
      left: 3,
    },
  );
}

function queueing(rows, { detail = false } = {}) {
  const body = [];
  const heads = [];
  const routes = [...new Set(ours(rows).map(routeOf))].sort();
  for (const route of routes) {
    for (const rt of runtimesOf(ours(rows))) {
      const mine = ours(rows).filter((r) => routeOf(r) === route && r.runtime === rt);
      const cs = [...new Set(mine.map((r) => r.params.concurrency))].sort((a, b) => a - b);
      if (cs.length < 2) continue;
      const lo = mine.filter((r) => r.params.concurrency === cs[0]);
      const hi = mine.filter((r) => r.params.concurrency === cs.at(-1));
      heads.push(route);
      body.push([
        route,
        rt,
        `${cs.at(-1)} ÷ ${cs[0]}`,
        ratio(hi, lo, 'ttlb_ms', detail),
        ratio(hi, lo, 'server_cpu_per_request_us', detail),
        ratio(hi, lo, 'requests_per_s', detail),
      ]);
    }
  }
  if (!body.length) return null;
  return simpleTable(null, ['route', 'runtime', 'concurrency', 'TTLB', 'server CPU/req', 'req/s'], body, {
    notes: [
      'Latency that grows with concurrency while server CPU per request stays near 1× is queueing (requests waiting for a busy server), not slower execution; CPU per request that grows too is slower execution.',
      ratioNote(detail),
    ],
    left: 3,
    groups: heads,
  });
}

export default [
  { title: 'HTTP: per route, concurrency and runtime', table: sideBySide },
  { title: 'HTTP: streamed vs buffered page', table: streamedVsBuffered },
  { title: 'HTTP: React SSR, development vs production', table: devVsProduction },
  { title: 'HTTP: queueing or slower execution (highest ÷ lowest concurrency)', table: queueing },
  ...curveTables,
  ...memoryTables,
];
