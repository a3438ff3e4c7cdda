// The one in-process harness shared by every runner. A runner injects its runtime's
// capabilities (clock, GC, CPU, memory, version); nothing here branches on the runtime.
import { measure } from 'mitata';
import { calibrate } from './calibration.js';
import { setupContext } from './context.js';
import { longCallSampling, MODES } from './defaults.js';
import { detectKind } from './detect.js';
import { CPU_WINDOW_CONVENTION, cpuBetween } from './oscpu.js';
import { applyPreload } from './preload.js';
import { summarise } from './record.js';
import { median } from './stats/stats.js';
import { failure, finish, prepare, teardown } from './steps.js';

/**
 * @typedef {object} Capabilities
 * @property {string} kind                          the runtime kind this runner is for (runners/<kind>/)
 * @property {() => string} [detect]                which kind is running; the kinds' detect rules (detect.js) unless a kind knows better
 * @property {() => number} now                      monotonic clock in ns
 * @property {string} timer                          name of the clock used, recorded in results
 * @property {(() => void) | null} gc                full GC, or null when the runtime has none exposed
 * @property {string} gcName                         name of the GC hook used ('none' when absent)
 * @property {() => {user: number, system: number}} cpuUsage  process CPU in µs, as the runtime reports it (kept as inproc, not trusted)
 * @property {{read: () => import('./oscpu.js').CpuReading, source: string} | null} [osCpu]
 *   the job's CPU from the OS (every thread of every process of the job), read at the CPU
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

/**
 * Where every timed call's return goes, so that the JIT cannot drop the call. mitata's
 * do_not_optimize is exactly this, a store to its own module object, which it does not export;
 * the harness keeps its own of the same shape so that it can verify what the last timed call
 * returned instead of making one more call after sampling (a 250 ms call on sqrt-sin-loop).
 */
const sink = { last: /** @type {unknown} */ (undefined) };
/** @param {unknown} v */
const keep = (v) => {
  sink.last = v;
};

/**
 * Median ns per call of a function that does nothing but return, measured the same way; called
 * by summarise only when its rule wants a baseline (lib/measure/record.js NOOP_MATTERS_NS).
 */
async function noopBaseline(caps, job, async) {
  const noop = async ? async () => keep(0) : () => keep(0);
  // No full GC first: the no-op allocates nothing, and a forced GC cost 10–18 ms of every job.
  const stats = await measure(noop, { ...measureOptions(caps, job), gc: false, min_cpu_time: 10e6 });
  return median(stats.samples);
}

/** A median call this long keeps the first timed sample in the CPU window (sampleWindow). */
const LONG_CALL_NS = 50e6;

/**
 * The CPU window is mitata's timed samples themselves, all but the first when the
 * median call is under LONG_CALL_NS: the OS's CPU is read just before the first and the second
 * sample's clock starts and again when sampling ends, through mitata's counters hooks (`before`
 * runs outside each sample's t0…t1, `translate` once after the loop), so the divisor is exactly
 * the calls those samples made, trimmed ones included. Neither the warm-up calls, the GC before
 * sampling nor the compile of the timing loop is inside; the first sample is out for short calls:
 * it ran 2–10× the median on every runtime here (the loop's first pass and the forced GC's
 * aftermath), and the median leaves it out too. Between samples the window holds only mitata's
 * own bookkeeping (two clock reads and a store). A job whose median call takes LONG_CALL_NS or
 * more keeps its first sample: what the loop's first pass adds is lost in such a call, and such a
 * job takes only a few samples (MIN_LONG_SAMPLES), so dropping one left a window of two calls
 * whose CPU per op swung by 20–30% between jobs on a busy machine (test/pools-cpu.test.js).
 * The rule is decided on the samples' median after sampling, not on one warm-up
 * call, so a row near LONG_CALL_NS does not flip between rounds on one call's luck; a window
 * that keeps the first sample has the second reading's own walk (its CPU and wall) taken out.
 * @param {Capabilities} caps
 */
function sampleWindow(caps) {
  const os = caps.osCpu;
  if (!os) return { counters: undefined, result: () => null };
  /** @type {{reading: import('./oscpu.js').CpuReading, wall0: number, walk_wall_ns: number}[]} */
  const edges = [];
  let started = 0;
  /** @type {{b: import('./oscpu.js').CpuReading, wall1: number, batch: number, samples: number} | null} */
  let end = null;
  const counters = {
    init() {},
    before() {
      if (++started > 2) return;
      const t = caps.now();
      const reading = os.read();
      const wall0 = caps.now();
      edges.push({ reading, wall0, walk_wall_ns: wall0 - t });
    },
    after() {},
    /** @param {number} batch calls per sample @param {number} samples samples taken, before trimming */
    translate(batch, samples) {
      const wall1 = caps.now();
      end = { b: os.read(), wall1, batch, samples };
      return null;
    },
    deinit() {},
  };
  /** @param {number} medianNs the samples' median call */
  const result = (medianNs) => {
    if (!end || !edges.length) return null;
    const first = medianNs >= LONG_CALL_NS || edges.length === 1 ? 1 : 2;
    const from = edges[first - 1];
    const w = cpuBetween(from.reading, end.b);
    let wall_ms = (end.wall1 - from.wall0) / 1e6;
    if (first === 1 && edges.length === 2) {
      // The second sample's reading ran inside this window: its walk is the harness's, not the job's.
      const mid = edges[1].reading;
      const walk_ms = Number(mid.thread_end_ms ?? mid.thread_ms) - mid.thread_ms;
      w.cpu_ms -= walk_ms;
      w.main_thread_ms -= walk_ms;
      wall_ms -= edges[1].walk_wall_ns / 1e6;
    }
    return {
      ...w,
      calls: end.batch * (end.samples - (first - 1)),
      first_sample: first === 1,
      wall_ms,
      source: os.source,
      convention: CPU_WINDOW_CONVENTION,
    };
  };
  return { counters, result };
}

/**
 * Warm up on the clock, not on a call count: mitata's two warm-up samples leave short jobs
 * measuring the interpreter (a streams read loop reads many times slower in its first tens of
 * milliseconds). The first call counts: one that alone outlasts the warm-up needs no second one
 * before timing. Returns the last call's duration in ns.
 */
async function warmUp(fn, caps, job, firstNs) {
  let callNs = firstNs;
  const warmUntil = caps.now() + Math.max(0, (job.warmup_ms ?? MODES.full.warmup_ms) * 1e6 - callNs);
  for (let t = caps.now(); t < warmUntil; ) {
    await fn();
    callNs = caps.now() - t;
    t += callNs;
  }
  return callNs;
}

/**
 * The timed samples (mitata) with the process CPU around them, the last call's output for the
 * checks, and the CPU window's reading at the median sample.
 */
async function timed(fn, caps, job, callNs) {
  const cpu0 = caps.cpuUsage();
  // A long call takes fewer samples (lib/measure/defaults.js) rather than minutes per job.
  const window = sampleWindow(caps);
  // $counters is mitata's hook for hardware counters; its types leave it out.
  const options = /** @type {any} */ ({ ...measureOptions(caps, job), ...longCallSampling(job, callNs) });
  sink.last = undefined;
  const stats = await measure(fn, { ...options, $counters: window.counters });
  const cpu1 = caps.cpuUsage();
  return { stats, cpu0, cpu1, lastOut: sink.last, cpu_window: window.result(median(stats.samples)) };
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
  const at = { phase: 'load' };
  /** @type {any} */
  let w;
  /** @type {any} */
  let state;
  try {
    await applyPreload(job.preload);
    const mod = await import(job.workload);
    const ready = await prepare(mod.default, job.id, job.params, setupContext(job), at, caps.now);
    w = ready.w;
    if (ready.unsupported !== null)
      return { ...row, unit: w.unit, status: 'unsupported', error: ready.unsupported, phase: at.phase };
    state = ready.state;
    const { units, async } = ready;

    // The fixed calibration before and after (job.calibrate): what the host let this process do,
    // outside the timed window, for the run to compare with this runtime's other processes.
    const calibration = job.calibrate
      ? () => calibrate({ now: () => caps.now() / 1e6, ms: job.calibrate_ms, sink: keep })
      : null;
    const calBefore = calibration?.();
    at.phase = 'measure';
    const fn = async ? async () => keep(await w.run(state)) : () => keep(w.run(state));
    const callNs = await warmUp(fn, caps, job, ready.firstNs);
    const { stats, cpu0, cpu1, lastOut, cpu_window } = await timed(fn, caps, job, callNs);
    const own = await finish(w, state, units, at, lastOut);
    const calAfter = calibration?.();
    return {
      ...row,
      ...(await summarise(stats.samples, {
        unit: w.unit,
        units,
        calls: stats.ticks,
        timer: caps.timer,
        gc: caps.gcName,
        // After the timed samples and their checks, so that it takes nothing from them.
        noop: () => noopBaseline(caps, job, async),
        cpu_window,
      })),
      ...own,
      ...(caps.osCpu ? {} : { unmeasured: ['cpu_window'] }),
      ...(calibration ? { calibration: { before: calBefore, after: calAfter, unit: 'iterations/s' } } : {}),
      inproc: {
        cpu_ms: { user: (cpu1.user - cpu0.user) / 1e3, sys: (cpu1.system - cpu0.system) / 1e3 },
        rss_bytes: caps.rss(),
        heap_bytes: caps.heap(),
      },
    };
  } catch (e) {
    return { ...row, ...(w ? { unit: w.unit } : {}), ...failure(e, at) };
  } finally {
    // Servers and timers a workload opened must not keep the process alive or leak into the next job.
    await teardown(w, state);
  }
}

/**
 * Runner entry: `--info` prints version facts; otherwise argv[0] is the job JSON.
 * Prints exactly one JSON line on stdout.
 * @param {Capabilities} caps
 */
export async function main(caps) {
  const detected = caps.detect ? caps.detect() : detectKind();
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
