// One planned job → one row: the job goes through its shape (shapes/index.js) to its runtime's driver
// with one JobContext (the mode's limits, the runtime's version, the repro line), and the process
// it starts can be killed when the user interrupts the run.
import { failedRecord } from '../../measure/record.js';
import { driverFor } from '../../runtimes/drivers/index.js';
import { outcomeNotRun, toRow } from '../../runtimes/rows.js';
import { jobSpec } from '../plan/plan.js';
import { limitsOf } from '../plan/request.js';
import { shapeFor } from '../shapes/index.js';

/**
 * Ctrl-C and SIGTERM during a run: `interrupted` turns true (the rounds stop planning) and the
 * process of the job running is killed. `close` stops listening.
 */
export function interrupts() {
  let killCurrent = null;
  const on = () => {
    state.interrupted = true;
    killCurrent?.();
  };
  const state = {
    interrupted: false,
    /** The running job's kill, as its driver hands it over (null when none runs). */
    onSpawn: (kill) => {
      killCurrent = kill;
    },
    close: () => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
    },
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  return state;
}

/**
 * A function that runs one job through its shape on its driver and returns its row, or null when
 * the driver gave up (interrupted). A workload that did not load, or a runtime whose binary is
 * missing, is an error row without starting anything.
 * @param {{mode: any, versions: Map<string, any>, stop: ReturnType<typeof interrupts>, inputsDir: string}} run
 */
export function jobRunner({ mode, versions, stop, inputsDir }) {
  const limits = limitsOf(mode);
  return async (job) => {
    const rt = job.runtime;
    const driver = driverFor(rt);
    const spec = jobSpec(job, mode, inputsDir);
    const shape = shapeFor(job.workload.module);
    /** @type {import('../shapes/index.js').JobContext} */
    const ctx = { limits, version: versions.get(rt.id), repro: shape.repro(job, spec, driver), onSpawn: stop.onSpawn };
    const notRun = (why, phase) =>
      toRow(job, outcomeNotRun(), failedRecord('error', why, phase), { ...ctx, version: null });
    if (!job.workload.module) return notRun(job.workload.error, 'load');
    if (rt.missing) return notRun(rt.missing, 'spawn');
    const row = await shape.run(job, spec, ctx, driver);
    stop.onSpawn(null);
    return row;
  };
}
