// One process of the slow-state probe (tools/slow-state-probe.js), run by node, deno or bun
// alike: the calibration, then the workload, then the calibration again, each timed on
// performance.now(); prints one JSON line. argv's last argument is the job as JSON:
// {"workload": file URL of suites/<suite>/<name>.js, "params": {...}, "ms": window per phase}.
import { calibrate, speedOf } from '../../lib/measure/calibration.js';
import { setupContext } from '../../lib/measure/context.js';

/** A store the JIT cannot prove dead, so no timed call is optimised away. */
const sink = { last: /** @type {unknown} */ (undefined) };
const keep = (x) => {
  sink.last = x;
};

async function main() {
  const job = JSON.parse(String(globalThis.process?.argv?.at(-1) ?? ''));
  const now = () => performance.now();
  const ms = job.ms ?? 300;
  const before = calibrate({ now, ms, sink: keep });
  const w = (await import(job.workload)).default;
  const state = await w.setup?.(job.params ?? {}, setupContext({ cores: 1 }));
  const units = w.run(state);
  if (typeof units !== 'number' || !(units > 0))
    throw new Error(`workload run returned ${units}, not a count of units`);
  // Warm-up as long as the timed window, then the window itself.
  speedOf(() => w.run(state), units, { now, ms, sink: keep });
  const work = speedOf(() => w.run(state), units, { now, ms, sink: keep });
  w.verify?.(state, w.run(state));
  const after = calibrate({ now, ms, sink: keep });
  console.log(JSON.stringify({ status: 'ok', calibration: [before, after], work: work.per_s, calls: work.calls }));
}

main().catch((e) => {
  console.log(JSON.stringify({ status: 'error', error: String(e?.message ?? e) }));
});
