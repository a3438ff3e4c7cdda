// The workerd driver: a job is a generated capnp config that embeds the workload, the modules it
// imports and runners/workerd/serve-job.js; workerd serves it on 127.0.0.1 (the port comes back
// on --control-fd) under the same outside measurement as any job, the driver sends setup, timed
// batches and verification over HTTP, then stops the server.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, medianCI, thinSamples } from '../../measure/stats.js';
import { runMeasured } from '../proc.js';
import { displayPath, ROOT } from '../registry.js';
import { rowFromInner } from '../rows.js';
import { shellQuote } from './process.js';

/** Static relative imports of a module's source (`import … from './x.js'`, `export … from`). */
function relativeImports(source) {
  return [
    ...source.matchAll(
      /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2]);
}

/** Every module a file needs, itself first, as paths relative to the project root. */
export function moduleClosure(file) {
  const seen = new Set();
  const queue = [resolve(file)];
  while (queue.length) {
    const f = /** @type {string} */ (queue.shift());
    if (seen.has(f)) continue;
    seen.add(f);
    for (const spec of relativeImports(readFileSync(f, 'utf8'))) queue.push(resolve(dirname(f), spec));
  }
  return [...seen].map((f) => relative(ROOT, f));
}

/**
 * The capnp config of one job: an entry module that hands the workload to serve-job.js, every
 * module by its project-relative name (so relative imports resolve unchanged), on 127.0.0.1:0.
 */
export function workerdConfig(rt, workloadFile, id, dir) {
  const entry = `import w from './${relative(ROOT, workloadFile)}';\nimport { serveJob } from './runners/workerd/serve-job.js';\nexport default serveJob(w, ${JSON.stringify(id)});\n`;
  writeFileSync(join(dir, 'entry.js'), entry);
  const modules = [
    ...new Set([...moduleClosure(workloadFile), ...moduleClosure(join(ROOT, 'runners', 'workerd', 'serve-job.js'))]),
  ];
  // The modules are copied beside the config under their project paths: the job's folder is
  // self-contained and the files run unchanged (import attributes load from date 2026-11-17).
  const lines = [`(name = "entry.js", esModule = embed "entry.js")`];
  for (const m of modules) {
    mkdirSync(dirname(join(dir, m)), { recursive: true });
    copyFileSync(join(ROOT, m), join(dir, m));
    // JSON modules (import … with { type: 'json' }) are workerd's `json` module type.
    lines.push(
      `(name = ${JSON.stringify(m)}, ${m.endsWith('.json') ? 'json' : 'esModule'} = embed ${JSON.stringify(m)})`,
    );
  }
  return capnpConfig(rt, lines);
}

/**
 * A capnp config serving one worker of the given module lines on 127.0.0.1 and a port the OS
 * picks (reported on --control-fd).
 * @param {any} rt
 * @param {string[]} lines
 */
function capnpConfig(rt, lines) {
  const c = rt.compat ?? {};
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .job) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const job :Workerd.Worker = (
  modules = [
    ${lines.join(',\n    ')}
  ],
  compatibilityDate = ${JSON.stringify(c.date ?? '2025-09-01')},
  compatibilityFlags = ${JSON.stringify(c.flags ?? [])},
);
`;
}

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

/** The port workerd reports on its control fd once it listens. */
function listenPort(control, timeoutMs) {
  return new Promise((res, rej) => {
    let text = '';
    const timer = setTimeout(() => rej(new Error(`workerd did not listen within ${timeoutMs} ms`)), timeoutMs);
    control.on('data', (d) => {
      text += d;
      for (const line of text.split('\n')) {
        try {
          const m = JSON.parse(line);
          if (m.event === 'listen') {
            clearTimeout(timer);
            res(m.port);
          }
        } catch {}
      }
    });
    control.on('close', () => rej(new Error('workerd exited before it listened')));
  });
}

/**
 * Time the workload from outside: an empty request's median is subtracted from requests of K
 * calls, K doubled until a request's work is ≥ 20 ms, samples until min_ms and min_samples.
 */
async function measure(port, spec) {
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
  const until = performance.now() + spec.min_ms;
  while (samples.length < spec.min_samples || (performance.now() < until && samples.length < 500)) {
    const { json, ms } = await step(port, 'run', { calls: k });
    if (json.status !== 'ok') throw Object.assign(new Error(json.error), { phase: json.phase });
    samples.push((Math.max(ms - base, 0) / k) * 1e6);
  }
  return { samples, k, base };
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
    const stderrWanted = false;
    const outcome = await runMeasured({
      bin: rt.bin,
      args: ['serve', config, '--control-fd', '3'],
      cwd: dir,
      env: process.env,
      timeoutMs: (job.timeout_s ?? 60) * 1000,
      memCapBytes: job.mem_cap_bytes ?? 0,
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
            const m = await measure(port, spec);
            const after = (await step(port, 'verify')).json;
            if (after.status !== 'ok') {
              inner = after;
              return;
            }
            await step(port, 'teardown').catch(() => {});
            const median_ns = median(m.samples);
            const perSecond = setup.units_per_call / (median_ns / 1e9);
            inner = {
              status: 'ok',
              unit: setup.unit,
              units_per_call: setup.units_per_call,
              calls: m.samples.length * m.k,
              samples_total: m.samples.length,
              samples_ns: thinSamples(m.samples),
              median_ns,
              ci95_ns: medianCI(m.samples),
              throughput:
                setup.unit === 'bytes' ? { value: perSecond / 1e6, unit: 'MB/s' } : { value: perSecond, unit: 'ops/s' },
              noop_ns: (m.base * 1e6) / m.k,
              suspect: null,
              timer: `outside: wall time of HTTP requests of ${m.k} calls minus the empty-request median (${m.base.toFixed(2)} ms); no code generation in workerd, so no mitata`,
              gc: 'none',
              ...(after.report === undefined ? {} : { report: after.report }),
              ...(after.metrics === undefined ? {} : { metrics: after.metrics }),
            };
          } catch (e) {
            inner = {
              status: 'error',
              error: `${/** @type {Error} */ (e).message}`,
              phase: /** @type {any} */ (e).phase ?? 'serve',
            };
          } finally {
            h.stop();
          }
        })();
      },
    });
    await talk;
    rmSync(dir, { recursive: true, force: true });
    if (outcome.killed_for === 'interrupted') return null;
    // When workerd itself failed (a bad module, a syntax error), its own words are the error.
    const said = outcome.stderr.trim().split('\n').filter(Boolean).slice(-2).join(' | ').slice(0, 400);
    if (stderrWanted && inner && said) inner.error = `${inner.error}: ${said}`;
    return rowFromInner(job, outcome, inner, ctx.version);
  },
  /**
   * The HTTP suite's app as one module worker: runners/workerd/http-worker.js bundled by esbuild
   * (as wrangler deploys a worker) for workerd's export conditions, with process.env.NODE_ENV
   * defined as the job's, so React picks its build at bundle time as it would on deploy.
   * @param {any} job
   * @param {{node_env: string}} env
   */
  async httpServer(job, { node_env }) {
    const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-http-'));
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [join(ROOT, 'runners', 'workerd', 'http-worker.js')],
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
  stop() {},
};
