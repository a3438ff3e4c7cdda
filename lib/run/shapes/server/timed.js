// The timed part of an HTTP job, after the server answered and was warmed: one closed-loop load
// (wrk at the job's concurrency), or the open-loop curve (wrk's maximum at c=8, then oha at fixed
// fractions of it, each rate also offered to the same server's plain json-small handler: the
// generator's own latency floor at that rate). Server CPU is read from /proc around each load.
import { MIN_TAIL_WINDOW_MS } from '../../../measure/defaults.js';
import { requestsFor } from '../../../measure/stats/stats.js';
import { buildProblem, notBuiltReason, TOOLS } from '../../../runtimes/tools.js';
import { ohaBin, parseOha, parseWrk, runGenerator, wrkBin } from './generators.js';
import { rssIntervalMs, rssSampler } from './memory.js';
import { closedInner, curvePoint, OPEN_FRACTIONS, openInner } from './record.js';

/** Connections oha may hold open in the open loop: a rate never waits for a free one here. */
export const OPEN_CONNECTIONS = 64;

/** Why a job cannot time its load here (a missing generator), or null. @param {boolean} open */
export function missingGenerator(open) {
  // "missing …" as for a missing API: the smoke test takes such a row as a reasoned unsupported.
  if (!wrkBin()) return 'missing wrk: make setup installs it (Debian package wrk)';
  // The run built oha before its first job when cargo was there (lib/runtimes/tools.js); else it says why not.
  if (open && !ohaBin()) return buildProblem(TOOLS.oha) ?? notBuiltReason(TOOLS.oha);
  return null;
}

/**
 * wrk, one thread, at `c` connections for `seconds`.
 * @param {any} t {port, path, files, pin, register}
 * @returns {Promise<any>}
 */
export async function wrk(t, c, seconds) {
  const url = `http://127.0.0.1:${t.port}${t.path}`;
  const args = ['-t1', `-c${c}`, `-d${seconds}s`, '--timeout', '10s', '-s', t.files.lua, url];
  const r = await runGenerator(/** @type {string} */ (wrkBin()), args, t.pin, t.register, seconds * 1000 + 20_000);
  const parsed =
    r.code === 0 ? parseWrk(r.out) : { ok: false, error: `wrk exited with ${r.code ?? r.signal}: ${r.err}` };
  return { ...parsed, gen_cpu_ms: r.cpu_ms };
}

/**
 * oha at a fixed rate for `ms`, latency from each request's intended send time.
 * @param {any} t {port, files, pin, register, method, headers} @param {string} path
 * @returns {Promise<any>}
 */
export async function oha(t, path, rate, ms) {
  // -w: requests still in flight at the deadline are waited for and counted, not dropped (the
  // slowest ones are the point of an open loop).
  const args = [
    '--no-tui',
    '--output-format',
    'json',
    '--latency-correction',
    '-w',
    '-z',
    `${ms}ms`,
    '-q',
    String(rate),
  ];
  args.push('-c', String(OPEN_CONNECTIONS), '-m', t.method);
  for (const [k, v] of Object.entries(t.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (t.files.body) args.push('-D', t.files.body);
  args.push(`http://127.0.0.1:${t.port}${path}`);
  const r = await runGenerator(/** @type {string} */ (ohaBin()), args, t.pin, t.register, ms + 20_000);
  const parsed =
    r.code === 0 ? parseOha(r.out) : { ok: false, error: `oha exited with ${r.code ?? r.signal}: ${r.err}` };
  return { ...parsed, gen_cpu_ms: r.cpu_ms, wall_ms: r.wall_ms };
}

/** The longest one open-loop point may be lengthened to (pointAt). */
export const MAX_POINT_MS = 15_000;

/**
 * How long the point at `rate` lasts: the mode's point, lengthened so that it sends the requests a
 * p99 needs (requestsFor(0.99), with a tenth to spare) when the mode's points are long enough to
 * hold a tail at all (MIN_TAIL_WINDOW_MS; QUICK's are not), up to MAX_POINT_MS. A slow server (a
 * framework page at a hundred or two requests a second) gets its p99 where it can; a fast one's
 * points keep the mode's length.
 * @param {number} rate req/s @param {number} pointMs the mode's point
 */
export function pointAt(rate, pointMs) {
  if (pointMs < MIN_TAIL_WINDOW_MS) return pointMs;
  const need = Math.ceil(((requestsFor(0.99) * 1.1) / rate) * 1000);
  return Math.min(Math.max(pointMs, need), Math.max(pointMs, MAX_POINT_MS));
}

/** The most time pointAt can add to one open-loop curve (both routes at every rate): a job's time limit grows by it. */
export const curveExtraMs = (pointMs) => OPEN_FRACTIONS.length * 2 * (pointAt(1, pointMs) - pointMs);

/** Seconds of one wrk load for a mode's load duration in ms (wrk counts whole seconds). */
export const wrkSeconds = (loadMs) => Math.max(1, Math.round(loadMs / 1000));

/**
 * The closed-loop row's figures.
 * @param {any} t @param {() => number} cpu the server's CPU so far, ms
 */
export async function closedLoad(t, cpu, loadMs, concurrency, verify, ctx) {
  const cpu0 = cpu();
  const load = await wrk(t, concurrency, wrkSeconds(loadMs));
  const cpu_ms = cpu() - cpu0;
  if (!load.ok) throw Object.assign(new Error(load.error), { phase: 'load' });
  return closedInner(load, verify, { ...ctx, cpu_ms, concurrency });
}

/**
 * The open-loop row's figures: the maximum, then each fraction of it on the route and on the
 * floor route. Each point lasts `pointMs`, longer at a low rate (pointAt), on both routes alike. With `rss` (the server's RSS now), each point's RSS is
 * sampled through its load on the route (`point.rss`: the samples, at a steady offered rate).
 * @param {any} t @param {() => number} cpu
 * @param {(() => number | null) | null} [rss]
 */
export async function openCurve(t, cpu, loadMs, pointMs, verify, ctx, rss = null) {
  const max = await wrk(t, 8, wrkSeconds(loadMs));
  if (!max.ok) throw Object.assign(new Error(max.error), { phase: 'load' });
  const curve = [];
  for (const f of OPEN_FRACTIONS) {
    const rate = Math.max(1, Math.round(/** @type {number} */ (max.rps) * f));
    const ms = pointAt(rate, pointMs);
    const cpu0 = cpu();
    const every = rssIntervalMs(ms);
    const sampler = rss ? rssSampler(rss, every) : null;
    const at = await oha(t, t.path, rate, ms);
    const rssLoad = sampler?.stop() ?? null;
    const cpu_ms = cpu() - cpu0;
    const floor = await oha({ ...t, method: 'GET', headers: {}, files: { body: null } }, '/plain/json-small', rate, ms);
    const point = curvePoint(rate, { ...at, cpu_ms }, floor);
    curve.push(rssLoad ? { ...point, rss: { interval_ms: every, ...rssLoad } } : point);
  }
  return openInner(max, curve, verify, ctx);
}
