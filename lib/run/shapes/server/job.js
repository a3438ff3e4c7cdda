import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLK_TCK } from '../../../measure/oscpu.js';
import { failedRecord } from '../../../measure/record.js';
import { paramsKey } from '../../../measure/workload.js';
import { descendantsOf } from '../../../runtimes/descendants.js';
import { shellQuote } from '../../../runtimes/drivers/process.js';
import { runMeasured, runToEnd } from '../../../runtimes/proc.js';
import { parseStat } from '../../../runtimes/proctree.js';
import { outcomeNotRun, toRow } from '../../../runtimes/rows.js';
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
import { closedLoad, missingGenerator, openCurve } from './timed.js';

const LOAD = fileURLToPath(new URL('./load-client.js', import.meta.url));

/** How long one load lasts: ten times the mode's minimum sampling time, within 0.3–5 s. */
export const loadDuration = (spec) => spec.http?.load_ms ?? Math.min(5000, Math.max(300, spec.min_ms * 10));

/** How long one point of the open-loop curve lasts: 5/8 of a load (~0.3 s QUICK, 1.25 s by default), within 0.25–5 s. */
export const openPointMs = (spec) => spec.http?.point_ms ?? Math.min(5000, Math.max(250, (loadDuration(spec) * 5) / 8));

/** The most requests one load sends, whatever its duration. */
export const MAX_REQUESTS = 50_000;

/**
 * Cores for server and client: taskset on Linux with two cores or more; otherwise none (and
 * the row says the two shared the machine).
 * @returns {{server: string, client: string} | null}
 */
export function pinning(cores = availableParallelism(), hasTaskset = existsSync('/usr/bin/taskset')) {
  return cores >= 2 && hasTaskset ? { server: String(cores - 1), client: '0' } : null;
}

/**
 * Pin this process (the orchestrator, every thread: its RSS sampler and /proc readers run here)
 * to the client's core for one HTTP job, off the server's (issue 25.5); returns the undo, which
 * gives it every core again. A failure to pin leaves it where it was.
 * @param {string} core
 */
export function pinSelf(core, cores = availableParallelism()) {
  const set = (list) => {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  return set(core) ? () => set(`0-${cores - 1}`) : () => false;
}

/** CPU (user + sys) of every process below `pid`, in ms, from /proc. */
export function treeCpuMs(pid) {
  let ticks = 0;
  for (const p of descendantsOf(pid)) {
    try {
      const st = parseStat(readFileSync(`/proc/${p}/stat`, 'utf8'));
      if (st) ticks += st.utime + st.stime;
    } catch {
      // gone between listing and reading
    }
  }
  return (ticks * 1000) / CLK_TCK;
}

/**
 * The path of the module a server job serves: the workload's `server`, relative to its file, as a
 * bench job's workload is named by its path.
 * @param {{server: string}} w
 * @param {string} file the workload's path
 */
export const servedModule = (w, file) => join(dirname(file), w.server);

/** A command a user can paste to rerun one HTTP job. */
export function httpRepro(job) {
  const params = paramsKey(job.params);
  return `node lib/run/cli.js run --runtimes ${shellQuote(job.runtime.id)} --suite http --workload ${job.workload.name}${params ? ` --params ${shellQuote(params)}` : ''} --rounds 1`;
}

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

/** Poll GET /healthz every 5 ms until it answers 200; resolves with the time it did (performance.now). Also the start-up suite's http-first-200. */
export async function firstOk(port, untilMs, gone) {
  for (;;) {
    if (gone.ended) throw new Error('the server exited before it answered /healthz');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      await r.arrayBuffer();
      if (r.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > untilMs) throw new Error('the server did not answer /healthz with 200 within 30 s');
    await new Promise((res) => setTimeout(res, 5));
  }
}

/**
 * Inverse throughput over ten slices of the load (ns per request, by completion time): the
 * spread within one job, for the row's samples and interval.
 * @param {number[]} done completion times in ms since the load started
 */
export function slices(done, n = 10) {
  const s = [...done].sort((a, b) => a - b);
  const out = [];
  let prev = 0;
  for (let k = 1; k <= n; k++) {
    const end = Math.floor((s.length * k) / n);
    const start = Math.floor((s.length * (k - 1)) / n);
    if (end <= start) continue;
    const t = s[end - 1];
    out.push(((t - prev) * 1e6) / (end - start));
    prev = t;
  }
  return out;
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
  // An open-loop workload (suites/http/open-loop.js) says so; its curve needs oha besides wrk.
  const open = w.loop === 'open';
  // Idle connections (suites/http/idle-connections.js) time no load: no generator needed.
  const idle = w.loop === 'idle';
  const missing = idle ? null : missingGenerator(open);
  /** @type {any} */
  const launch = missing
    ? { unsupported: missing }
    : await driver.server(job, { module: servedModule(w, job.workload.file), node_env });
  if (launch.unsupported) {
    return toRow(job, outcomeNotRun(), failedRecord('unsupported', launch.unsupported, 'spawn'), ctx);
  }
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
  /** @type {any} */
  let inner = null;
  /** @type {Promise<void> | null} */
  let talk = null;
  // Set when the server's process is gone (crashed, timed out, interrupted): waits stop at once.
  const gone = { ended: false };
  const outcome = await runMeasured({
    bin: pin ? 'taskset' : launch.bin,
    args: pin ? ['-c', pin.server, launch.bin, ...launch.args] : launch.args,
    env,
    cwd: launch.cwd,
    timeoutMs: ctx.limits.timeout_s * 1000,
    memCapBytes: ctx.limits.mem_cap_bytes,
    control: launch.control ?? false,
    onSpawn: (kill) =>
      ctx.onSpawn?.(() => {
        kill();
        killClient?.();
      }),
    onStart(h) {
      const t0 = performance.now();
      talk = (async () => {
        let phase = 'start';
        try {
          const port = await launch.port(h, 30_000, gone);
          const ready = await firstOk(port, t0 + 30_000, gone);
          const startup_ms = ready - t0;
          const rssIdle = treeRssBytes(h.pid);
          phase = 'warm-up';
          const warmMs = spec.http?.warmup_ms ?? Math.max(100, spec.warmup_ms);
          const register = (k) => {
            killClient = k;
          };
          const warm = await runClient({ ...base, port, duration_ms: warmMs, skip_first: true }, pin, register);
          if (!warm.ok) throw Object.assign(new Error(warm.error), { phase });
          phase = 'load';
          const req = w.request(job.params);
          files = requestFiles(req);
          const t = { port, path: req.path, method: req.method, headers: req.headers, files, pin, register };
          const cpu = () => treeCpuMs(h.pid);
          const c = { startup_ms, node_env, pin };
          if (idle) {
            const n = Number(job.params.connections);
            const rss = () => treeRssBytes(h.pid);
            const verify = (res) => w.verify(res, job.params);
            inner = idleInner(await idleConnections({ port, n, req, verify, rss }), c);
          } else if (open) {
            // RSS through each point; the memory figures are the highest rate the server held.
            const curved = await openCurve(t, cpu, loadDuration(spec), openPointMs(spec), warm, c, () =>
              treeRssBytes(h.pid),
            );
            const steady = steadyPoint(curved?.report?.curve ?? []);
            inner = withMemory(
              thinCurveRss(curved),
              rssIdle,
              steady?.rss ?? null,
              steady?.rss?.interval_ms ?? 0,
              null,
              steady?.offered ?? null,
            );
          } else {
            // RSS through the closed load only: one steady rate, so growth over it is the server's own.
            const every = rssIntervalMs(loadDuration(spec));
            const sampler = rssSampler(() => treeRssBytes(h.pid), every);
            const closed = await closedLoad(t, cpu, loadDuration(spec), concurrency, warm, c).catch((e) => {
              sampler.stop();
              throw e;
            });
            const samples = sampler.stop();
            inner = withMemory(closed, rssIdle, samples, every, await heapAfterGc(port, () => treeRssBytes(h.pid)));
          }
        } catch (e) {
          const why = /** @type {Error} */ (e).message;
          inner = failedRecord('error', why, /** @type {any} */ (e).phase ?? phase, { unit: 'requests' });
        } finally {
          h.stop();
        }
      })();
    },
  });
  gone.ended = true;
  /** @type {any} */ (killClient)?.();
  await talk;
  unpin();
  launch.cleanup?.();
  files?.cleanup();
  if (outcome.killed_for === 'interrupted') return null;
  return toRow(job, outcome, inner, ctx);
}
