// Job shapes: how one planned job becomes one row. The workload's exports declare its shape
// (shapeOf in lib/measure/workload.js); the loop asks the shape, never the suite, and the shape
// hands the job to the runtime's driver. `bench` is the in-process harness, run by the driver as
// it likes (a process per job, or workerd's served batch); `server` is the driver's server under
// an external load generator (lib/run/shapes/server/); `process` is many whole runs of a script, timed from
// spawn to exit (lib/run/shapes/process/).
import { shapeOf } from '../../measure/workload.js';
import { runProcessJob } from './process/job.js';
import { cliRepro } from './repro.js';
import { runHttpJob } from './server/job.js';

/**
 * @typedef {import('../../runtimes/rows.js').JobContext} JobContext
 * @typedef {{
 *   check: (module: any) => string | null,
 *   repro: (job: any, spec: any, driver: any) => string,
 *   run: (job: any, spec: any, ctx: JobContext, driver: any) => Promise<any>,
 *   tools?: (module: any) => string[],
 * }} Shape
 * `tools`: the tools (lib/runtimes/tools.js TOOLS) a workload of the shape needs, had before the first job.
 */

/** @type {Record<'bench' | 'server' | 'process', Shape>} */
export const SHAPES = {
  bench: {
    check: () => null,
    repro: (job, spec, driver) => driver.repro(job, spec),
    run: (job, spec, ctx, driver) => driver.run(job, spec, ctx),
  },
  server: {
    // The load generator opens `concurrency` connections: a positive integer, when the grid names it.
    check: (module) =>
      (module.params?.concurrency ?? []).every((c) => Number.isInteger(c) && c > 0)
        ? null
        : 'params.concurrency must hold positive integers',
    repro: (job) => cliRepro(job),
    run: (job, spec, ctx, driver) => runHttpJob(job, spec, ctx, driver),
    // The open loop's rates are offered by oha (suites/http/open-loop.js declares loop: 'open').
    tools: (module) => (module.loop === 'open' ? ['oha'] : []),
  },
  process: {
    check: () => null,
    repro: (job) => cliRepro(job),
    // The runtime's kind says how a user runs a script with it (kind.json script_args); the driver only
    // for a server's start (suites/startup/http-first-200.js: its server seam, the HTTP suite's server module).
    run: (job, spec, ctx, driver) => runProcessJob(job, spec, ctx, driver),
  },
};

/**
 * The shape of a workload module.
 * @param {any} module
 */
export const shapeFor = (module) => SHAPES[shapeOf(module)];

/**
 * The tools the planned rows need, each named once.
 * @param {{workload: {module: any}}[]} rows
 */
export function toolsOf(rows) {
  const names = rows.flatMap((r) =>
    r.workload.module ? (shapeFor(r.workload.module).tools?.(r.workload.module) ?? []) : [],
  );
  return [...new Set(names)];
}
