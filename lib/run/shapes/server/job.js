// The server shape's job: start the runtime's server for the job's module (pinned apart from the
// load client), wait for its first 200, warm it, then measure it under the workload's loop kind
// (closed, open, idle) from outside: throughput, latency, CPU of its process tree, RSS.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedRecord } from '../../../measure/record.js';
import { ROOT } from '../../../paths.js';
import { pinning, pinSelf } from '../../../runtimes/pin.js';
import { runMeasured, runToEnd } from '../../../runtimes/proc.js';
import { treeCpuMs } from '../../../runtimes/proctree.js';
import { outcomeNotRun, toRow } from '../../../runtimes/rows.js';
import { firstPage } from './apps/first-page.js';
import { appServer } from './apps/launch.js';
import { requestFiles } from './generators.js';
import { idleConnections, idleInner } from './idle.js';
import {
  heapAfterGc,
  rssIntervalMs,
  rssSampler,
  steadyPoint,
  thinCurveRss,
  treeRssBytes,
  withMemory,
} from './memory.js';
import { firstOk, servedModule } from './start.js';
import { closedLoad, curveExtraMs, missingGenerator, openCurve } from './timed.js';

const LOAD = fileURLToPath(new URL('./load-client.js', import.meta.url));

/** How long one load lasts: ten times the mode's minimum sampling time, within 0.3–5 s. */
export const loadDuration = (spec) => spec.http?.load_ms ?? Math.min(5000, Math.max(300, spec.min_ms * 10));

/** How long one point of the open-loop curve lasts: 5/8 of a load (~0.3 s QUICK, 1.25 s by default), within 0.25–5 s. */
export const openPointMs = (spec) => spec.http?.point_ms ?? Math.min(5000, Math.max(250, (loadDuration(spec) * 5) / 8));

/** The most requests one load sends, whatever its duration. */
export const MAX_REQUESTS = 50_000;

/**
 * Run the load client once; resolves with its JSON or an error message.
 * @param {any} spec the load spec (lib/run/shapes/server/load-client.js)
 * @param {{client: string} | null} pin
 * @param {(kill: () => void) => void} register lets an interrupt kill the client too
 */
async function runClient(spec, pin, register) {
  const argv = [LOAD, JSON.stringify(spec)];
  const [bin, args] = pin ? ['taskset', ['-c', pin.client, process.execPath, ...argv]] : [process.execPath, argv];
  const timeoutMs = spec.duration_ms + spec.request_timeout_ms + 15_000;
  const { code, signal, stdout, stderr } = await runToEnd({
    bin,
    args,
    timeoutMs,
    register,
    maxStdout: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
  } catch {
    const how = signal ? `killed by ${signal}` : `exited with ${code}`;
    // How much it printed tells a cut line (a pipe's worth) from nothing at all.
    const printed = `${stdout.length} bytes on stdout, not a JSON line`;
    return { ok: false, error: `load client ${how}, ${printed}: ${stderr.trim().split('\n').at(-1) ?? ''}` };
  }
}

/**
 * The figures of the job's loop kind on a warmed server: idle connections (no load), the open-loop
 * curve (oha at fixed rates; memory at the highest rate the server held) or the closed load
 * (wrk at the job's concurrency; memory through that load, then the heap after a full GC).
 * @param {{job: any, spec: any, w: any, port: number, pid: number, warm: any, t: any, c: any, concurrency: number,
 *   rssIdle: number | null}} o
 */
async function loadFigures({ job, spec, w, port, pid, warm, t, c, concurrency, rssIdle }) {
  const rss = () => treeRssBytes(pid);
  const cpu = () => treeCpuMs(pid);
  if (w.loop === 'idle') {
    const n = Number(job.params.connections);
    const verify = (res) => w.verify(res, job.params);
    return idleInner(await idleConnections({ port, n, req: t.req, verify, rss }), c);
  }
  if (w.loop === 'open') {
    const curved = await openCurve(t, cpu, loadDuration(spec), openPointMs(spec), warm, c, rss);
    const steady = steadyPoint(curved?.report?.curve ?? []);
    const at = steady?.rss ?? null;
    return withMemory(thinCurveRss(curved), rssIdle, at, at?.interval_ms ?? 0, null, steady?.offered ?? null);
  }
  // RSS through the closed load only: one steady rate, so growth over it is the server's own.
  const every = rssIntervalMs(loadDuration(spec));
  const sampler = rssSampler(rss, every);
  const closed = await closedLoad(t, cpu, loadDuration(spec), concurrency, warm, c).catch((e) => {
    sampler.stop();
    throw e;
  });
  const samples = sampler.stop();
  return withMemory(closed, rssIdle, samples, every, await heapAfterGc(port, rss));
}

/**
 * How the job's server starts. A workload may name an app (its `app`, or a function of the
 * params giving one; suites/ssr/): a folder under its `server` folder, served from the app's
 * own `server.js` module like any served module, or else from the app's build, the way the
 * runtime's users deploy it (./apps/). Without an app, the module `server` names. A build
 * that fails is the job's error, with the build's last lines.
 */
async function serverLaunch(job, w, driver, node_env) {
  const app = typeof w.app === 'function' ? w.app(job.params) : w.app;
  const served = servedModule(w, job.workload.file);
  if (!app) return driver.server(job, { module: served, node_env });
  if (existsSync(join(served, app, 'server.js')))
    return driver.server(job, { module: join(served, app, 'server.js'), node_env });
  try {
    return await appServer(job, app, ROOT);
  } catch (e) {
    return { error: `${app}: ${/** @type {Error} */ (e).message}` };
  }
}

/**
 * What one started server goes through: its port, the first 200, a warm-up load, then the figures
 * of its loop kind. Resolves with the record (a failed one naming the phase it failed in).
 * @param {{job: any, spec: any, w: any, h: any, t0: number, launch: any, gone: {ended: boolean},
 *   pin: any, base: any, node_env: string, concurrency: number, register: (kill: () => void) => void,
 *   onFiles: (files: any) => void}} o
 */
async function serveAndMeasure(o) {
  const { job, spec, w, h, t0, launch, gone, pin, base, register } = o;
  let phase = 'start';
  try {
    const port = await launch.port(h, 30_000, gone);
    const ready = await firstOk(port, t0 + 30_000, gone);
    // Spawn to the first checked page, where the workload asks for it (./apps/first-page.js).
    const first_page_ms = w.pageFigures === true ? (await firstPage(port, w, job.params)) - t0 : null;
    const rssIdle = treeRssBytes(h.pid);
    phase = 'warm-up';
    const warmMs = spec.http?.warmup_ms ?? Math.max(100, spec.warmup_ms);
    const warm = await runClient({ ...base, port, duration_ms: warmMs, skip_first: true }, pin, register);
    if (!warm.ok) throw Object.assign(new Error(warm.error), { phase });
    phase = 'load';
    const req = w.request(job.params);
    const files = requestFiles(req);
    o.onFiles(files);
    const t = { port, path: req.path, method: req.method, headers: req.headers, files, pin, register, req };
    // Body bytes per response (from the warm-up pass) and the first page, where the workload asks.
    const page_figures = w.pageFigures === true;
    const c = { startup_ms: ready - t0, node_env: o.node_env, pin, page_figures, first_page_ms };
    return await loadFigures({ job, spec, w, port, pid: h.pid, warm, t, c, concurrency: o.concurrency, rssIdle });
  } catch (e) {
    const why = /** @type {Error} */ (e).message;
    return failedRecord('error', why, /** @type {any} */ (e).phase ?? phase, { unit: 'requests' });
  } finally {
    h.stop();
  }
}

/**
 * One HTTP job → one row (null when the user interrupted it).
 * @param {any} job
 * @param {any} spec the mode's figures (min_ms, warmup_ms)
 * @param {import('../index.js').JobContext} ctx the run's limits, the runtime's version, the repro line
 * @param {any} driver the runtime's driver; its server(job, served) says how it serves the job's module
 */
export async function runHttpJob(job, spec, ctx, driver) {
  const rt = job.runtime;
  const w = job.workload.module;
  if (!driver.server) {
    const why = `driver ${driver.name} cannot start a server`;
    return toRow(job, outcomeNotRun(), failedRecord('error', why, 'spawn'), ctx);
  }
  const env = { ...process.env, ...rt.env, ...(w.serverEnv?.(job.params) ?? {}) };
  const node_env = env.NODE_ENV ?? '(unset)';
  // An open-loop curve needs oha besides wrk; idle connections time no load and need neither.
  const missing = w.loop === 'idle' ? null : missingGenerator(w.loop === 'open');
  /** @type {any} */
  const launch = missing ? { unsupported: missing } : await serverLaunch(job, w, driver, node_env);
  if (launch.unsupported) {
    return toRow(job, outcomeNotRun(), failedRecord('unsupported', launch.unsupported, 'spawn'), ctx);
  }
  if (launch.error) return toRow(job, outcomeNotRun(), failedRecord('error', launch.error, 'build'), ctx);
  const pin = pinning();
  const unpin = pin ? pinSelf(pin.client) : () => false;
  // The open loop warms and verifies at 8 connections, the concurrency its maximum is read at.
  const concurrency = Number(job.params.concurrency ?? 8);
  const base = {
    port: 0,
    workload: new URL(`file://${job.workload.file}`).href,
    params: job.params,
    concurrency,
    max_requests: MAX_REQUESTS,
    request_timeout_ms: 10_000,
  };
  /** @type {(() => void) | null} */
  let killClient = null;
  /** @type {any} */
  let files = null;
  /** @type {Promise<any> | null} */
  let record = null;
  // Set when the server's process is gone (crashed, timed out, interrupted): waits stop at once.
  const gone = { ended: false };
  const register = (k) => {
    killClient = k;
  };
  const outcome = await runMeasured({
    bin: pin ? 'taskset' : launch.bin,
    args: pin ? ['-c', pin.server, launch.bin, ...launch.args] : launch.args,
    env: { ...env, ...launch.env },
    cwd: launch.cwd,
    // An open loop's points at low rates last longer (timed.js pointAt); the limit grows with them.
    timeoutMs: ctx.limits.timeout_s * 1000 + (w.loop === 'open' ? curveExtraMs(openPointMs(spec)) : 0),
    memCapBytes: ctx.limits.mem_cap_bytes,
    control: launch.control ?? false,
    onSpawn: (kill) =>
      ctx.onSpawn?.(() => {
        kill();
        killClient?.();
      }),
    onStart(h) {
      const t0 = performance.now();
      const onFiles = (f) => {
        files = f;
      };
      const o = { job, spec, w, h, t0, launch, gone, pin, base, node_env, concurrency, register, onFiles };
      record = serveAndMeasure(o);
    },
  });
  gone.ended = true;
  /** @type {any} */ (killClient)?.();
  const inner = await record;
  unpin();
  launch.cleanup?.();
  files?.cleanup();
  if (outcome.killed_for === 'interrupted') return null;
  return toRow(job, outcome, inner, ctx);
}
