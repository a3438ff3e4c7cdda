// A row's inner part from an HTTP job's figures: a closed-loop load (wrk at one concurrency) or
// an open-loop curve (oha at fixed fractions of the measured maximum). Every figure that a
// generator produced carries that generator's CPU, and a generator at 80% of its core or more is
// marked (GEN_SATURATED) so that no claim rests on it.
import { GEN_SATURATED } from './gen.js';

/** Fractions of the measured maximum that the open-loop curve offers. */
export const OPEN_FRACTIONS = [0.25, 0.5, 0.75, 0.9];

/** A point whose achieved rate is under this share of the offered one did not get its rate. */
export const HELD = 0.9;

const ms = (value, label, better = 'lower') => ({ value, unit: 'ms', better, label });
const pct = (value, label) => ({ value: Math.round(value * 1000) / 10, unit: '%', better: 'none', label });

/** The fields every HTTP row shares. */
function common(requests, wall_ms, rps, timer) {
  const ns = 1e9 / rps;
  return {
    status: 'ok',
    unit: 'requests',
    units_per_call: 1,
    calls: requests,
    samples_total: 1,
    samples_ns: [ns],
    median_ns: ns,
    ci95_ns: null,
    throughput: { value: rps, unit: 'req/s' },
    noop_ns: null,
    suspect: null,
    timer,
    gc: null,
    load_ms: Math.round(wall_ms),
  };
}

/**
 * The closed-loop row: wrk's req/s and TTLB percentiles, the verification pass's TTFB (node's
 * client, the only one that sees the first body byte), server CPU per request from /proc.
 * @param {any} load parseWrk's figures plus gen_cpu_ms
 * @param {any} verify the node client's verification pass (load.js)
 */
export function closedInner(load, verify, { cpu_ms, startup_ms, node_env, pin, concurrency }) {
  const genShare = load.gen_cpu_ms === null ? null : load.gen_cpu_ms / load.wall_ms;
  const { load_ms, ...base } = common(
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
      ttlb_ms: ms(load.ttlb_ms.p50, 'time to last byte, p50 (wrk)'),
      ttlb_p90_ms: ms(load.ttlb_ms.p90, 'time to last byte, p90 (wrk)'),
      ttlb_p99_ms: ms(load.ttlb_ms.p99, 'time to last byte, p99 (wrk)'),
      ttlb_p999_ms: ms(load.ttlb_ms.p999, 'time to last byte, p99.9 (wrk)'),
      server_cpu_per_request_us: {
        value: (cpu_ms * 1000) / load.requests,
        unit: 'µs',
        better: 'lower',
        label: 'server CPU (user+sys) per request over the load',
      },
      server_cpu_ms: ms(cpu_ms, 'server CPU (user+sys) over the load'),
      startup_ms: ms(startup_ms, 'server start-up: spawn to the first 200 from /healthz'),
      ...(genShare === null ? {} : { client_cpu_pct: pct(genShare, 'load generator (wrk) CPU, % of one core') }),
    },
    report: {
      node_env,
      generator: 'wrk',
      requests: load.requests,
      bytes: load.bytes,
      verified: verify.verified,
      load_ms,
      client_saturated: genShare !== null && genShare >= GEN_SATURATED,
      pinning: pinText(pin),
    },
  };
}

/** @param {{server: string, client: string} | null} pin */
export const pinText = (pin) =>
  pin
    ? `server on core ${pin.server}, generator on core ${pin.client} (taskset)`
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
    p50_ms: at.ttlb_ms?.p50 ?? null,
    p90_ms: at.ttlb_ms?.p90 ?? null,
    p99_ms: at.ttlb_ms?.p99 ?? null,
    p999_ms: at.ttlb_ms?.p999 ?? null,
    ttfb_sent_p50_ms: at.ttfb_sent_ms?.p50 ?? null,
    ttfb_sent_p99_ms: at.ttfb_sent_ms?.p99 ?? null,
    server_cpu_per_request_us: at.ok && at.cpu_ms !== undefined ? (at.cpu_ms * 1000) / at.requests : null,
    gen_cpu_pct: genShare === null ? null : Math.round(genShare * 1000) / 10,
    floor_p50_ms: floor.ttlb_ms?.p50 ?? null,
    floor_p99_ms: floor.ttlb_ms?.p99 ?? null,
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
export function openInner(max, curve, verify, { startup_ms, node_env, pin }) {
  const { load_ms, ...base } = common(
    max.requests,
    max.wall_ms,
    max.rps,
    'outside: oha --latency-correction at fixed rates (open loop), scaled from wrk -t1 -c8; latency from each request’s intended send time',
  );
  /** @type {Record<string, any>} */
  const metrics = {
    requests_per_s: { value: max.rps, unit: 'req/s', better: 'higher', label: 'maximum requests per second (wrk -c8)' },
    startup_ms: ms(startup_ms, 'server start-up: spawn to the first 200 from /healthz'),
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
