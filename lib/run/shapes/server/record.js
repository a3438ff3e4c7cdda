// A row's inner part from an HTTP job's figures: a closed-loop load (wrk at one concurrency) or
// an open-loop curve (oha at fixed fractions of the measured maximum). Every figure that a
// generator produced carries that generator's CPU: a closed-loop row whose generator used 60% of
// its core or more is marked (GEN_BUSY), and an open-loop point at 80% or more (GEN_SATURATED)
// reports no server figure.
import { GEN_BUSY, MIN_TAIL_WINDOW_MS } from '../../../measure/defaults.js';
import { summarise } from '../../../measure/record.js';
import { heldQuantile } from '../../../measure/stats/stats.js';
import { GEN_SATURATED } from './generators.js';

/** Fractions of the measured maximum that the open-loop curve offers. */
export const OPEN_FRACTIONS = [0.25, 0.5, 0.75, 0.9];

/** A point whose achieved rate is under this share of the offered one did not get its rate. */
export const HELD = 0.9;

const ms = (value, label, better = 'lower') => ({ value, unit: 'ms', better, label });
const pct = (value, label) => ({ value: Math.round(value * 1000) / 10, unit: '%', better: 'none', label });

/**
 * The record every HTTP row shares: one figure, time per request = 1 / req/s (so no interval),
 * and no no-op baseline (a request has no empty counterpart on the same loop).
 */
async function common(requests, wall_ms, rps, timer) {
  const record = await summarise([1e9 / rps], { unit: 'requests', units: 1, calls: requests, timer });
  return { ...record, load_ms: Math.round(wall_ms) };
}

/**
 * The closed-loop row: wrk's req/s and TTLB percentiles, the verification pass's TTFB (node's
 * client, the only one that sees the first body byte), server CPU per request from /proc.
 * @param {any} load parseWrk's figures plus gen_cpu_ms
 * @param {any} verify the node client's verification pass (load.js)
 */
export async function closedInner(load, verify, ctx) {
  const { cpu_ms, startup_ms, node_env, pin, concurrency } = ctx;
  const genShare = load.gen_cpu_ms === null ? null : load.gen_cpu_ms / load.wall_ms;
  const { load_ms, ...base } = await common(
    load.requests,
    load.wall_ms,
    load.rps,
    `outside: wrk -t1 -c${concurrency} (closed loop, keep-alive); time per request = 1 / req/s`,
  );
  return {
    ...base,
    metrics: {
      requests_per_s: {
        value: load.rps,
        unit: 'req/s',
        better: 'higher',
        label: 'requests per second (wrk, closed loop)',
      },
      // No TTFB when the warm-up completed no second request on any connection (a slow route, a short warm-up).
      ...(verify.ttfb_ms.p50 === null
        ? {}
        : {
            ttfb_ms: ms(
              verify.ttfb_ms.p50,
              'time to first body byte, p50 (node:http client, warm-up pass without each connection’s first request, not the timed load)',
            ),
          }),
      ttlb_ms: ms(load.ttlb_ms.p50, 'time to last byte, p50 (wrk, closed loop)'),
      // A percentile only from enough requests to hold it (requestsFor: p99 needs 1,000), and named
      // closed loop: wrk waits for each answer before the next request (coordinated omission).
      ...tail(load, 0.9, 'ttlb_p90_ms', 'p90'),
      ...tail(load, 0.99, 'ttlb_p99_ms', 'p99'),
      ...tail(load, 0.999, 'ttlb_p999_ms', 'p99.9'),
      server_cpu_per_request_us: {
        value: (cpu_ms * 1000) / load.requests,
        unit: 'µs',
        better: 'lower',
        label: 'server CPU (user+sys) per request over the load',
      },
      server_cpu_ms: ms(cpu_ms, 'server CPU (user+sys) over the load'),
      startup_ms: ms(startup_ms, 'server start-up: spawn to the first 200 from /healthz'),
      ...pageFigures(verify, ctx),
      ...(genShare === null ? {} : { client_cpu_pct: pct(genShare, 'load generator (wrk) CPU, % of one core') }),
    },
    report: {
      node_env,
      generator: 'wrk',
      requests: load.requests,
      bytes: load.bytes,
      verified: verify.verified,
      load_ms,
      client_saturated: genShare !== null && genShare >= GEN_BUSY,
      pinning: pinText(pin),
    },
  };
}

/**
 * A page's own figures, where the job asks for them (ctx.page_figures, suites/ssr/): body bytes
 * per response over the warm-up pass (every response checked), and cold start, spawn to the
 * first checked page (ctx.first_page_ms).
 * @param {{bytes?: number, verified?: number}} verify the warm-up pass
 */
export function pageFigures(verify, ctx) {
  if (!ctx.page_figures) return {};
  /** @type {Record<string, any>} */
  const out = {};
  if (Number.isFinite(ctx.first_page_ms))
    out.first_page_ms = ms(ctx.first_page_ms, 'cold start: spawn to the first correct page (200, checked)');
  if (verify.verified && Number.isFinite(verify.bytes)) {
    const value = /** @type {number} */ (verify.bytes) / verify.verified;
    out.response_bytes = {
      value,
      unit: 'bytes',
      better: 'lower',
      label: 'response body bytes per request (warm-up pass)',
    };
  }
  return out;
}

/** A closed-loop TTLB percentile as a metric, or nothing when the load's requests cannot hold it. */
function tail(load, q, id, name) {
  const short = q >= 0.99 && load.wall_ms < MIN_TAIL_WINDOW_MS;
  const v = short ? null : heldQuantile(load.ttlb_ms[name === 'p99.9' ? 'p999' : name], q, load.requests);
  return v === null
    ? {}
    : { [id]: ms(v, `time to last byte, ${name} (wrk, closed loop: coordinated omission hides queueing)`) };
}

/** @param {{server: string, client: string} | null} pin */
export const pinText = (pin) =>
  pin
    ? `server on core ${pin.server}, generator and orchestrator on core ${pin.client} (taskset)`
    : 'not pinned (taskset or a second core missing)';

/**
 * One point of the open-loop curve, marked: `beyond_generator` when the generator did not hold
 * the rate against the plain handler (its floor) or used 80% of its core; `server_behind` when
 * the generator held it there but the server did not.
 * @param {number} offered @param {any} at oha against the route @param {any} floor oha against the floor route
 */
export function curvePoint(offered, at, floor) {
  const share = (r) => (r.gen_cpu_ms === null ? null : r.gen_cpu_ms / r.wall_ms);
  const genShare = share(at);
  const floorShare = share(floor);
  const beyond =
    !floor.ok ||
    (floor.rps ?? 0) < offered * HELD ||
    (floorShare ?? 0) >= GEN_SATURATED ||
    (genShare ?? 0) >= GEN_SATURATED;
  return {
    offered: Math.round(offered),
    achieved: at.ok ? at.rps : null,
    requests: at.requests ?? null,
    window_ms: at.wall_ms ? Math.round(at.wall_ms) : null,
    p50_ms: at.ttlb_ms?.p50 ?? null,
    // Percentiles only from enough requests to hold them (requestsFor: p99 needs 1,000).
    p90_ms: heldQuantile(at.ttlb_ms?.p90, 0.9, at.requests),
    p99_ms: heldQuantile(at.ttlb_ms?.p99, 0.99, at.requests),
    p999_ms: heldQuantile(at.ttlb_ms?.p999, 0.999, at.requests),
    ttfb_sent_p50_ms: at.ttfb_sent_ms?.p50 ?? null,
    ttfb_sent_p99_ms: heldQuantile(at.ttfb_sent_ms?.p99, 0.99, at.requests),
    server_cpu_per_request_us: at.ok && at.cpu_ms !== undefined ? (at.cpu_ms * 1000) / at.requests : null,
    gen_cpu_pct: genShare === null ? null : Math.round(genShare * 1000) / 10,
    gen_busy: genShare !== null && genShare >= GEN_BUSY,
    floor_p50_ms: floor.ttlb_ms?.p50 ?? null,
    floor_requests: floor.requests ?? null,
    floor_p99_ms: heldQuantile(floor.ttlb_ms?.p99, 0.99, floor.requests),
    floor_gen_cpu_pct: floorShare === null ? null : Math.round(floorShare * 1000) / 10,
    beyond_generator: beyond,
    server_behind: !beyond && (!at.ok || (at.rps ?? 0) < offered * HELD),
    error: at.ok ? null : at.error,
  };
}

/**
 * The open-loop row: the closed-loop maximum (wrk, c=8) it was scaled from, and the curve in
 * report.curve (suites/http/_curves.js prints it and hands the points to charts).
 * @param {any} max parseWrk's figures plus gen_cpu_ms @param {any[]} curve curvePoint()s
 */
export async function openInner(max, curve, verify, ctx) {
  const { startup_ms, node_env, pin } = ctx;
  const { load_ms, ...base } = await common(
    max.requests,
    max.wall_ms,
    max.rps,
    'outside: oha --latency-correction at fixed rates (open loop), scaled from wrk -t1 -c8; latency from each request’s intended send time',
  );
  /** @type {Record<string, any>} */
  const metrics = {
    requests_per_s: { value: max.rps, unit: 'req/s', better: 'higher', label: 'maximum requests per second (wrk -c8)' },
    startup_ms: ms(startup_ms, 'server start-up: spawn to the first 200 from /healthz'),
    ...pageFigures(verify, ctx),
  };
  return {
    ...base,
    metrics,
    report: {
      node_env,
      generator: 'oha (open loop), wrk (maximum)',
      verified: verify.verified,
      load_ms,
      max_gen_cpu_pct: max.gen_cpu_ms === null ? null : Math.round((max.gen_cpu_ms / max.wall_ms) * 1000) / 10,
      client_saturated: curve.some((p) => p.beyond_generator),
      curve,
      pinning: pinText(pin),
    },
  };
}
