// Replacing the processes the host slowed (run --calibrate): every bench job also times a fixed
// calibration before and after its workload (lib/measure/calibration.js, in the harness); a job
// whose calibration is slower than its runtime's median in this run by more than the robust
// spread of the run's readings (calibrationOff) runs again in a fresh process, once, and the
// fresh row replaces it, marked `replaced`. The run counts what it checked and replaced, for its
// header. What a calibration cannot see (a runtime's own slow state) it leaves alone.
import { calibrationOff } from '../../measure/stats/robust.js';

/** The slower of a row's two calibration readings (a slow spell at either end counts), or null. */
export function calibrationOf(row) {
  const c = row?.calibration;
  return c && c.before > 0 && c.after > 0 ? Math.min(c.before, c.after) : null;
}

/**
 * Wrap a job runner so that a job whose process ran slow by its calibration is run once more.
 * `report()` gives what the run's header prints: rows checked, replaced, and replacements whose
 * fresh process was off too (kept all the same: at most one replacement per job).
 * @param {(job: any) => Promise<any>} runJob a row, or null when the driver gave up
 * @param {{enabled: boolean, rule?: Parameters<typeof calibrationOff>[2]}} o
 */
export function withCalibration(runJob, { enabled, rule }) {
  /** @type {Map<string, number[]>} runtime id → calibration speeds of the processes kept */
  const readings = new Map();
  const tally = { checked: 0, replaced: 0, still_off: 0 };
  const keep = (id, speed) => readings.set(id, [...(readings.get(id) ?? []), speed]);
  return {
    /** @param {any} job */
    async run(job) {
      const row = await runJob(job);
      const speed = calibrationOf(row);
      if (!enabled || speed === null) return row;
      const id = row.runtime ?? job.runtime?.id;
      tally.checked++;
      const judged = calibrationOff(readings.get(id) ?? [], speed, rule);
      if (!judged.off) {
        keep(id, speed);
        return row;
      }
      const fresh = await runJob(job);
      if (!fresh) return row;
      tally.replaced++;
      const again = calibrationOf(fresh);
      if (again !== null) {
        if (calibrationOff(readings.get(id) ?? [], again, rule).off) tally.still_off++;
        keep(id, again);
      }
      return { ...fresh, replaced: { calibration: speed, median: judged.median, bar: judged.bar } };
    },
    report: () => ({ ...tally }),
  };
}
