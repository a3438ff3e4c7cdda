// The workerd driver: a job is a generated capnp config that embeds the workload, the modules it
// imports and runners/workerd/serve-job.js; workerd serves it on 127.0.0.1 (the port comes back
// on --control-fd) under the same outside measurement as any job, the driver sends setup, timed
// batches and verification over HTTP, then stops the server.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuBetween, readTree, SCHEDSTAT } from '../../measure/oscpu.js';
import { failedRecord, summarise } from '../../measure/record.js';
import { median } from '../../measure/stats/stats.js';
import { displayPath, ROOT } from '../../paths.js';
import { runMeasured } from '../proc.js';
import { toRow } from '../rows.js';
import { shellQuote } from './process.js';
import { workerdChecks } from './workerd-checks.js';
import { capnpConfig, listenPort, workerdConfig } from './workerd-config.js';
import { workerdWptFile } from './workerd-wpt.js';

export { capnpConfig, listenPort, moduleClosure, workerdConfig } from './workerd-config.js';

/**
 * POST one step to the job's worker; resolves to its JSON and the request's wall time in ms.
 * @returns {Promise<{json: any, ms: number}>}
 */
async function step(port, name, body = {}) {
  const t0 = performance.now();
  const r = await fetch(`http://127.0.0.1:${port}/${name}`, { method: 'POST', body: JSON.stringify(body) });
  const json = /** @type {any} */ (await r.json());
  return { json, ms: performance.now() - t0 };
}

/** A reading of the workerd process tree's CPU, or null where /proc cannot be read. */
const treeCpu = (pid) => {
  try {
    return pid ? readTree(String(pid)) : null;
  } catch {
    return null;
  }
};

/**
 * Time the workload from outside: an empty request's median is subtracted from requests of K
 * calls, K doubled until a request's work is ≥ 20 ms, samples until min_ms and min_samples. The
 * CPU window is the sampling loop: exactly samples × K calls, the workerd process (and anything
 * it started) read from /proc at its edges, where workerd idles between requests. Each request's
 * own handling (≈ the empty request) is in the window's CPU too, ≤ a few % of a ≥ 20 ms request.
 * @param {number} port
 * @param {any} spec
 * @param {number | undefined} pid
 */
async function measure(port, spec, pid) {
  const empty = [];
  for (let i = 0; i < 15; i++) empty.push((await step(port, 'run', { calls: 0 })).ms);
  const base = median(empty);
  const warmUntil = performance.now() + spec.warmup_ms;
  while (performance.now() < warmUntil) await step(port, 'run', { calls: 1 });
  let k = 1;
  for (;;) {
    const { ms } = await step(port, 'run', { calls: k });
    if (ms - base >= 20 || k >= 1 << 24) break;
    k *= 2;
  }
  const samples = [];
  const cpu0 = treeCpu(pid);
  const wall0 = performance.now();
  const until = wall0 + spec.min_ms;
  while (samples.length < spec.min_samples || (performance.now() < until && samples.length < 500)) {
    const { json, ms } = await step(port, 'run', { calls: k });
    if (json.status !== 'ok') throw Object.assign(new Error(json.error), { phase: json.phase });
    samples.push((Math.max(ms - base, 0) / k) * 1e6);
  }
  const wall_ms = performance.now() - wall0;
  const cpu1 = treeCpu(pid);
  return { samples, k, base, window: cpu0 && cpu1 ? { cpu0, cpu1, wall_ms } : null };
}

/**
 * The no-op floor for `suspect`: requests of K calls of a function that does nothing, less the
 * empty request, per call. Asked for by summarise only when its rule wants one.
 * @param {number} port
 * @param {{k: number, base: number}} m a measure() result
 */
async function noopFloor(port, { k, base }) {
  const noop = [];
  for (let i = 0; i < 5; i++)
    noop.push((Math.max((await step(port, 'run', { calls: k, noop: true })).ms - base, 0) / k) * 1e6);
  return median(noop);
}

/**
 * The cpu_window from a measure() result, in the in-process harness's shape, marked
 * `around_requests`: read from outside around the timed HTTP requests, it holds workerd's own
 * handling of each request (parsing, routing, the isolate's entry) beside the K calls, so its CPU
 * per op is not comparable with a window inside a process; the report marks it.
 */
function windowOf(m) {
  if (!m.window) return null;
  const { main_thread_ms: _, ...rest } = cpuBetween(m.window.cpu0, m.window.cpu1);
  return {
    ...rest,
    calls: m.samples.length * m.k,
    wall_ms: m.window.wall_ms,
    source: SCHEDSTAT,
    around_requests: true,
  };
}

/** @type {import('./index.js').Driver} */
export const workerdDriver = {
  name: 'workerd',
  prepare() {},
  probe(rt) {
    if (rt.missing) return { error: rt.missing };
    try {
      const out = execFileSync(rt.bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
      return {
        version: out.replace(/^workerd\s+/, ''),
        engine: 'V8',
        engine_version: 'bundled with workerd',
        compatibility_date: rt.compat?.date ?? null,
      };
    } catch (e) {
      return {
        error: `${displayPath(rt.bin)} --version failed: ${String(/** @type {any} */ (e).message).split('\n')[0]}`,
      };
    }
  },
  repro(job) {
    const file = fileURLToPath(new URL(`file://${job.workload.file}`));
    return `node lib/run/cli.js run --runtimes ${shellQuote(job.runtime.id)} --suite ${job.workload.suite} --workload ${job.workload.name} --rounds 1 (workerd serves a generated config embedding ${displayPath(file)})`;
  },
  async run(job, spec, ctx) {
    const rt = job.runtime;
    const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-'));
    mkdirSync(dir, { recursive: true });
    const config = join(dir, 'job.capnp');
    writeFileSync(config, workerdConfig(rt, job.workload.file, job.workload.id, dir));
    /** @type {any} */
    let inner = null;
    /** @type {Promise<any> | null} */
    let talk = null;
    const outcome = await runMeasured({
      bin: rt.bin,
      args: ['serve', config, '--control-fd', '3'],
      cwd: dir,
      env: process.env,
      timeoutMs: ctx.limits.timeout_s * 1000,
      memCapBytes: ctx.limits.mem_cap_bytes,
      onSpawn: ctx.onSpawn,
      control: true,
      onStart(h) {
        talk = (async () => {
          try {
            const port = await listenPort(h.control, 30_000);
            const setup = (await step(port, 'setup', { params: job.params, cores: spec.cores })).json;
            if (setup.status !== 'ok') {
              inner = setup;
              return;
            }
            const m = await measure(port, spec, h.pid);
            const after = (await step(port, 'verify')).json;
            if (after.status !== 'ok') {
              inner = after;
              return;
            }
            inner = await summarise(m.samples, {
              unit: setup.unit,
              units: setup.units,
              calls: m.samples.length * m.k,
              timer: `outside: wall time of HTTP requests of ${m.k} calls minus the empty-request median (${m.base.toFixed(2)} ms); no code generation in workerd, so no mitata`,
              gc: 'none',
              // After the timed requests and the verification, while the worker still serves.
              noop: () => noopFloor(port, m),
              cpu_window: windowOf(m),
              ...(m.window ? {} : { unmeasured: ['cpu_window'] }),
              ...(after.report === undefined ? {} : { report: after.report }),
              ...(after.metrics === undefined ? {} : { metrics: after.metrics }),
            });
            await step(port, 'teardown').catch(() => {});
          } catch (e) {
            const why = String(/** @type {Error} */ (e).message);
            inner = failedRecord('error', why, /** @type {any} */ (e).phase ?? 'serve');
          } finally {
            h.stop();
          }
        })();
      },
    });
    await talk;
    rmSync(dir, { recursive: true, force: true });
    if (outcome.killed_for === 'interrupted') return null;
    return toRow(job, outcome, inner, ctx);
  },
  /**
   * The module a server job names as one module worker: an entry importing it and
   * runners/workerd/server-worker.js, bundled by esbuild (as wrangler deploys a worker) for
   * workerd's export conditions, with process.env.NODE_ENV defined as the job's, so React picks
   * its build at bundle time as it would on deploy.
   * @param {any} job
   * @param {{module: string, node_env: string}} served
   */
  async server(job, { module, node_env }) {
    const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-http-'));
    const { build } = await import('esbuild');
    const worker = join(ROOT, 'runners', 'workerd', 'server-worker.js');
    const out = await build({
      stdin: {
        contents: [
          `import served from ${JSON.stringify(module)};`,
          `import { serverWorker } from ${JSON.stringify(worker)};`,
          'export default serverWorker(served);',
        ].join('\n'),
        resolveDir: ROOT,
        sourcefile: 'server-entry.js',
      },
      absWorkingDir: ROOT,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['module', 'main'],
      define: node_env === '(unset)' ? {} : { 'process.env.NODE_ENV': JSON.stringify(node_env) },
      write: false,
      logLevel: 'silent',
    });
    writeFileSync(join(dir, 'worker.js'), out.outputFiles?.[0]?.text ?? '');
    writeFileSync(
      join(dir, 'http.capnp'),
      capnpConfig(job.runtime, ['(name = "worker.js", esModule = embed "worker.js")']),
    );
    return {
      bin: job.runtime.bin,
      args: ['serve', join(dir, 'http.capnp'), '--control-fd', '3'],
      cwd: dir,
      control: true,
      /** @param {any} h @param {number} timeoutMs */
      port: (h, timeoutMs) => listenPort(h.control, timeoutMs),
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
  wptFile: workerdWptFile,
  checks: workerdChecks,
  stop() {},
};
