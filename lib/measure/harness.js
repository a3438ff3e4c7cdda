// The one in-process harness shared by every runner. A runner injects its runtime's
// capabilities (clock, GC, CPU, memory, version); nothing here branches on the runtime.
import { do_not_optimize, measure } from 'mitata';
import { MODES } from './defaults.js';
import { median, medianCI, thinSamples } from './stats.js';
import { checkUnits, missingRequirements, validateWorkload, verifyLastCall } from './workload.js';

/**
 * @typedef {object} Capabilities
 * @property {string} kind                          the runtime kind this runner is for (runners/<kind>/)
 * @property {() => string} [detect]                which kind is running; detectRuntime() unless a kind knows better
 * @property {() => number} now                      monotonic clock in ns
 * @property {string} timer                          name of the clock used, recorded in results
 * @property {(() => void) | null} gc                full GC, or null when the runtime has none exposed
 * @property {string} gcName                         name of the GC hook used ('none' when absent)
 * @property {() => {user: number, system: number}} cpuUsage  process CPU in µs, as the runtime reports it (kept as inproc, not trusted)
 * @property {{read: () => {user_ms: number, sys_ms: number, thread_ms?: number}, source: string, resolution_ms: number} | null} [osCpu]
 *   process CPU from the OS (all threads; thread_ms: the calling thread's own), read at the timed
 *   window's edges; null where the OS has no reader
 * @property {() => number} rss                      resident set size in bytes
 * @property {() => number} heap                     JS heap used in bytes
 * @property {string} version                        runtime version
 * @property {string} engine                         'V8' | 'JavaScriptCore'
 * @property {string} engineVersion
 * @property {string[]} args                         the runner's arguments
 * @property {(line: string) => void} write          write one line to stdout
 * @property {(code: number) => void} exit
 */

/** Closed set, Bun and Deno before process (both expose process), as in hono's getRuntimeKey. */
export function detectRuntime() {
  const g = /** @type {any} */ (globalThis);
  if (typeof g.Bun !== 'undefined') return 'bun';
  if (typeof g.Deno !== 'undefined') return 'deno';
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (g.process?.release?.name === 'node') return 'node';
  return 'unknown';
}

/**
 * What a workload's setup is told about the job beyond its parameters: `self`, the command that
 * starts this same runtime with the same flags (a pool of child processes runs `self.bin
 * ...self.args script`), null where the driver starts no process of the kind (workerd); `cores`,
 * the machine's logical CPUs as the orchestrator counted them.
 * @param {any} job
 * @returns {{self: {bin: string, args: string[]} | null, cores: number}}
 */
export function setupContext(job) {
  return { self: job.self ?? null, cores: job.cores ?? 1 };
}

const errorText = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}`);

/** mitata options for a job; quick jobs sample less. */
function measureOptions(caps, job) {
  return {
    now: caps.now,
    gc: caps.gc ?? false,
    min_cpu_time: (job.min_ms ?? MODES.full.min_ms) * 1e6,
    min_samples: job.min_samples ?? MODES.full.min_samples,
    max_samples: job.max_samples ?? 100_000,
  };
}

/** Median ns per call of a function that does nothing but return, measured the same way. */
async function noopBaseline(caps, job, async) {
  const noop = async ? async () => do_not_optimize(0) : () => do_not_optimize(0);
  const stats = await measure(noop, { ...measureOptions(caps, job), min_cpu_time: 50e6 });
  return median(stats.samples);
}

/** Below this window, CPU read in OS ticks (10 ms on Linux) is too coarse to trust to a few per cent. */
const PRECISE_WINDOW_MS = 200;

/**
 * CPU of exactly the timed window (mitata's samples and its bookkeeping between them), from the
 * OS: with `calls` and `units_per_call` it gives CPU per op, and as CPU ÷ wall the utilisation
 * (above 1 = threads working beside the main one).
 * @param {{user_ms: number, sys_ms: number, thread_ms?: number}} a
 * @param {{user_ms: number, sys_ms: number, thread_ms?: number}} b
 * @param {number} wall_ms
 * @param {{source: string, resolution_ms: number}} os
 */
function cpuWindow(a, b, wall_ms, os) {
  const w = {
    user_ms: b.user_ms - a.user_ms,
    sys_ms: b.sys_ms - a.sys_ms,
    wall_ms,
    // The workload's own thread: the rest of user+sys ran beside it (GC, JIT, worker threads).
    ...(a.thread_ms !== undefined && b.thread_ms !== undefined ? { main_thread_ms: b.thread_ms - a.thread_ms } : {}),
    source: os.source,
    resolution_ms: os.resolution_ms,
  };
  if (wall_ms >= PRECISE_WINDOW_MS) return w;
  // Each edge can be off by one tick: two ticks over the window bound the error.
  const pct = Math.round(((2 * os.resolution_ms) / Math.max(wall_ms, 1)) * 100);
  return {
    ...w,
    note: `low precision: a ${Math.round(wall_ms)} ms window read in ${os.resolution_ms} ms ticks (±${pct}%)`,
  };
}

/**
 * Run one job: load, check requirements, set up, verify, measure. Never throws: every
 * failure becomes a row with status and error, so the orchestrator always gets one line.
 * @param {Capabilities} caps
 * @param {any} job
 */
export async function runJob(caps, job) {
  const row = {
    status: 'ok',
    error: null,
    phase: null,
    timer: caps.timer,
    gc: caps.gcName,
    runtime_version: caps.version,
    engine: caps.engine,
    engine_version: caps.engineVersion,
  };
  let phase = 'load';
  /** @type {any} */
  let w;
  /** @type {any} */
  let state;
  try {
    if (job.preload) await import(job.preload);
    const mod = await import(job.workload);
    w = validateWorkload(mod.default, job.id);
    row.unit = w.unit;
    phase = 'requires';
    const missing = await missingRequirements(w.requires);
    if (missing.length) {
      return { ...row, status: 'unsupported', error: `missing ${missing.join(', ')}`, phase };
    }
    phase = 'setup';
    state = w.setup ? await w.setup(job.params ?? {}, setupContext(job)) : {};
    phase = 'verify';
    const first = w.run(state);
    const async = first instanceof Promise;
    const units = checkUnits(await first);
    await w.verify(state, units);

    phase = 'measure';
    const fn = async ? async () => do_not_optimize(await w.run(state)) : () => do_not_optimize(w.run(state));
    // Warm up on the clock, not on a call count: mitata's two warm-up samples leave short jobs
    // measuring the interpreter (streams/read-loop read ~10x slower at 60 ms than at 500 ms).
    const warmUntil = caps.now() + (job.warmup_ms ?? MODES.full.warmup_ms) * 1e6;
    while (caps.now() < warmUntil) await fn();
    const noop_ns = await noopBaseline(caps, job, async);
    const cpu0 = caps.cpuUsage();
    const os0 = caps.osCpu?.read();
    const wall0 = caps.now();
    const stats = await measure(fn, measureOptions(caps, job));
    const wall1 = caps.now();
    const os1 = caps.osCpu?.read();
    const cpu1 = caps.cpuUsage();

    // Verify again: a workload that only works on its first call is wrong, not fast.
    phase = 'verify-after';
    await verifyLastCall(w, state, units);
    phase = 'report';
    const report = w.report ? await w.report(state) : undefined;
    const metrics = w.metrics ? await w.metrics(state) : undefined;

    const median_ns = median(stats.samples);
    const perSecond = units / (median_ns / 1e9);
    const suspect = median_ns < noop_ns * 1.5;
    return {
      ...row,
      unit: w.unit,
      units_per_call: units,
      calls: stats.ticks,
      samples_total: stats.samples.length,
      samples_ns: thinSamples(stats.samples),
      median_ns,
      ci95_ns: medianCI(stats.samples),
      min_ns: stats.min,
      max_ns: stats.max,
      throughput: w.unit === 'bytes' ? { value: perSecond / 1e6, unit: 'MB/s' } : { value: perSecond, unit: 'ops/s' },
      noop_ns,
      suspect: suspect
        ? `median ${median_ns.toFixed(1)} ns is within 1.5x of a no-op (${noop_ns.toFixed(1)} ns): likely optimised away`
        : null,
      ...(report === undefined ? {} : { report }),
      ...(metrics === undefined ? {} : { metrics }),
      cpu_window: os0 && os1 && caps.osCpu ? cpuWindow(os0, os1, (wall1 - wall0) / 1e6, caps.osCpu) : null,
      ...(caps.osCpu ? {} : { unmeasured: ['cpu_window'] }),
      inproc: {
        cpu_ms: { user: (cpu1.user - cpu0.user) / 1e3, sys: (cpu1.system - cpu0.system) / 1e3 },
        rss_bytes: caps.rss(),
        heap_bytes: caps.heap(),
      },
    };
  } catch (e) {
    if (e instanceof Error && e.name === 'Unsupported' && phase === 'setup') {
      return { ...row, status: 'unsupported', error: e.message, phase };
    }
    return { ...row, status: 'error', error: errorText(e), phase };
  } finally {
    // Servers and timers a workload opened must not keep the process alive or leak into the next job.
    if (w?.teardown && state !== undefined) {
      try {
        await w.teardown(state);
      } catch {
        // A failing teardown must not hide the job's own status.
      }
    }
  }
}

/**
 * Runner entry: `--info` prints version facts; otherwise argv[0] is the job JSON.
 * Prints exactly one JSON line on stdout.
 * @param {Capabilities} caps
 */
export async function main(caps) {
  const detected = (caps.detect ?? detectRuntime)();
  if (detected !== caps.kind) {
    caps.write(JSON.stringify({ status: 'error', error: `Runner for ${caps.kind} is running under ${detected}` }));
    caps.exit(2);
    return;
  }
  if (caps.args[0] === '--info') {
    caps.write(
      JSON.stringify({
        runtime: caps.kind,
        version: caps.version,
        engine: caps.engine,
        engine_version: caps.engineVersion,
        timer: caps.timer,
        gc: caps.gcName,
      }),
    );
    return;
  }
  let job;
  try {
    job = JSON.parse(caps.args[0] ?? '');
  } catch {
    caps.write(JSON.stringify({ status: 'error', error: 'Runner needs one argument: a job JSON object or --info' }));
    caps.exit(2);
    return;
  }
  const row = await runJob(caps, job);
  caps.write(JSON.stringify(row));
  // Exit explicitly: a workload's leftover handles must not turn a finished job into a timeout.
  caps.exit(0);
}
