// One HTTP job: start the runtime's native server with the suite's hono app (the driver says
// how), time spawn → first 200 from /healthz, warm it, then run the load client in a process of
// its own and read the server's CPU from /proc around the timed load only. Server and client are
// pinned to different cores where taskset and two cores exist. Every process the job started is
// gone when it returns: the server through runMeasured's process group, the client by its bound
// or by a kill.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CLK_TCK } from '../../measure/oscpu.js';
import { medianCI } from '../../measure/stats.js';
import { paramsKey } from '../../measure/workload.js';
import { shellQuote } from '../drivers/process.js';
import { descendantsOf, runMeasured } from '../proc.js';
import { parseStat } from '../proctree.js';
import { outcomeNotRun, rowFromInner, toRow } from '../rows.js';

const LOAD = fileURLToPath(new URL('./load.js', import.meta.url));

/** A client using this share of its core or more may have limited the load: its row is marked. */
export const CLIENT_SATURATED = 0.9;

/** How long one load lasts: ten times the mode's minimum sampling time, within 0.3–5 s. */
export const loadDuration = (spec) => Math.min(5000, Math.max(300, (spec.min_ms ?? 500) * 10));

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

/** A command a user can paste to rerun one HTTP job. */
export function httpRepro(job) {
  const params = paramsKey(job.params);
  return `node lib/run/cli.js run --runtimes ${shellQuote(job.runtime.id)} --suite http --workload ${job.workload.name}${params ? ` --params ${shellQuote(params)}` : ''} --rounds 1`;
}

/**
 * Run the load client once; resolves with its JSON or an error message.
 * @param {any} spec the load spec (lib/run/http/load.js)
 * @param {{client: string} | null} pin
 * @param {(kill: () => void) => void} register lets an interrupt kill the client too
 */
function runClient(spec, pin, register) {
  const argv = [LOAD, JSON.stringify(spec)];
  const [bin, args] = pin ? ['taskset', ['-c', pin.client, process.execPath, ...argv]] : [process.execPath, argv];
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-2000);
    });
    const kill = () => child.kill('SIGKILL');
    register(kill);
    const timer = setTimeout(kill, spec.duration_ms + spec.request_timeout_ms + 15_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
      } catch {
        resolve({
          ok: false,
          error: `load client ${signal ? `killed by ${signal}` : `exited with ${code}`}: ${err.trim().split('\n').at(-1) ?? ''}`,
        });
      }
    });
  });
}

/** Poll GET /healthz until it answers 200; resolves with the time it did. */
async function firstOk(port, untilMs, gone) {
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
 * @param {{version: any, onSpawn?: (kill: () => void) => void}} ctx
 * @param {any} driver the runtime's driver; its httpServer(job, env) says how to start the server
 */
export async function runHttpJob(job, spec, ctx, driver) {
  const rt = job.runtime;
  const w = job.workload.module;
  if (!driver.httpServer) {
    return toRow(job, outcomeNotRun(`driver ${driver.name} cannot start an HTTP server`, 'spawn'), ctx.version);
  }
  const env = { ...process.env, ...rt.env, ...(w.serverEnv?.(job.params) ?? {}) };
  const node_env = env.NODE_ENV ?? '(unset)';
  const launch = await driver.httpServer(job, { node_env });
  if (launch.unsupported) {
    const stdout = JSON.stringify({ status: 'unsupported', error: launch.unsupported, phase: 'spawn' });
    return toRow(job, { ...outcomeNotRun('', 'spawn'), stdout }, ctx.version);
  }
  const pin = pinning();
  const concurrency = Number(job.params.concurrency ?? 1);
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
    timeoutMs: (job.timeout_s ?? 60) * 1000,
    memCapBytes: job.mem_cap_bytes ?? 0,
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
          phase = 'warm-up';
          const register = (k) => {
            killClient = k;
          };
          const warm = await runClient(
            { ...base, port, duration_ms: Math.max(100, spec.warmup_ms ?? 300) },
            pin,
            register,
          );
          if (!warm.ok) throw Object.assign(new Error(warm.error), { phase });
          phase = 'load';
          const cpu0 = treeCpuMs(h.pid);
          const load = await runClient({ ...base, port, duration_ms: loadDuration(spec) }, pin, register);
          const cpu1 = treeCpuMs(h.pid);
          if (!load.ok) throw Object.assign(new Error(load.error), { phase });
          if (!load.requests) throw Object.assign(new Error('no request completed within the load'), { phase });
          inner = httpInner(load, { cpu_ms: cpu1 - cpu0, startup_ms, node_env, pin, concurrency });
        } catch (e) {
          inner = {
            status: 'error',
            error: /** @type {Error} */ (e).message,
            phase: /** @type {any} */ (e).phase ?? phase,
            unit: 'requests',
          };
        } finally {
          h.stop();
        }
      })();
    },
  });
  gone.ended = true;
  /** @type {any} */ (killClient)?.();
  await talk;
  launch.cleanup?.();
  if (outcome.killed_for === 'interrupted') return null;
  return rowFromInner(job, outcome, inner, ctx.version);
}

/**
 * The row's inner part from one load: requests/s as throughput and 1/throughput as time per
 * request, latencies and server CPU per request as metrics, what qualifies them in report.
 */
export function httpInner(load, { cpu_ms, startup_ms, node_env, pin, concurrency }) {
  const rps = (load.requests / load.wall_ms) * 1000;
  const samples = slices(load.done_ms);
  const clientShare = load.client_cpu_ms / load.wall_ms;
  const ms = (value, label, better = 'lower') => ({ value, unit: 'ms', better, label });
  return {
    status: 'ok',
    unit: 'requests',
    units_per_call: 1,
    calls: load.requests,
    samples_total: samples.length,
    samples_ns: samples,
    median_ns: (load.wall_ms * 1e6) / load.requests,
    ci95_ns: samples.length >= 2 ? medianCI(samples) : null,
    throughput: { value: rps, unit: 'req/s' },
    noop_ns: null,
    suspect: null,
    timer: `outside: node:http load client (performance.now), ${concurrency} keep-alive connection(s); time per request = load wall time / requests`,
    gc: null,
    metrics: {
      requests_per_s: { value: rps, unit: 'req/s', better: 'higher', label: 'requests per second' },
      ttfb_ms: ms(load.ttfb_ms.p50, 'time to first body byte, p50'),
      ttfb_p99_ms: ms(load.ttfb_ms.p99, 'time to first body byte, p99'),
      ttlb_ms: ms(load.ttlb_ms.p50, 'time to last byte, p50'),
      ttlb_p90_ms: ms(load.ttlb_ms.p90, 'time to last byte, p90'),
      ttlb_p99_ms: ms(load.ttlb_ms.p99, 'time to last byte, p99'),
      server_cpu_per_request_us: {
        value: (cpu_ms * 1000) / load.requests,
        unit: 'µs',
        better: 'lower',
        label: 'server CPU (user+sys) per request over the load',
      },
      server_cpu_ms: ms(cpu_ms, 'server CPU (user+sys) over the load'),
      startup_ms: ms(startup_ms, 'server start-up: spawn to the first 200 from /healthz'),
      client_cpu_pct: {
        value: Math.round(clientShare * 1000) / 10,
        unit: '%',
        better: 'none',
        label: 'load client CPU, % of one core',
      },
    },
    report: {
      node_env,
      requests: load.requests,
      bytes: load.bytes,
      verified: load.verified,
      bound: load.bound,
      load_ms: Math.round(load.wall_ms),
      client_saturated: clientShare >= CLIENT_SATURATED,
      pinning: pin
        ? `server on core ${pin.server}, client on core ${pin.client} (taskset)`
        : 'not pinned (taskset or a second core missing)',
    },
  };
}
