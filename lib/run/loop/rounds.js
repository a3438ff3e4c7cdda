// The rounds of a run: the stopping rule (lib/measure/stats/stopping.js) says which rows a round runs, plan.js the
// runtime order within a row; here each row's jobs run back to back, the budget is checked
// between rows, and progress counts the work known so far.
import { roundJobs } from '../plan/plan.js';
import { progress } from './progress.js';

/**
 * What the budget keeps for after the last job: the final write and the tables (well under 1 s
 * here; a default-mode json run with no reserve ended 0.7 s past its 30-minute budget).
 */
const TAIL_MS = 1000;

/**
 * Run the plan round by round until it has every row's precision, the rounds or the budget run
 * out, or the run is interrupted. Each row is handed to `onRow` as it ends.
 * @param {any} plan adaptiveRounds(…)
 * @param {{rows: any[], runtimes: any[], mode: any, orderSeed: number, t0: number, stop: {interrupted: boolean}}} run
 * @param {(job: any) => Promise<any>} runJob a row, or null when the driver gave up
 * @param {(row: any) => void} onRow
 * @returns {Promise<'precision' | 'budget' | 'max-rounds'>} why the rounds stopped
 */
export async function runRounds(plan, run, runJob, onRow) {
  const say = progress();
  const stopped = await rounds(plan, run, async (job, done, total) => {
    const eta = done > 0 ? ((Date.now() - run.t0) / done) * (total - done) : null;
    say.start(done + 1, total, job, eta);
    const row = await runJob(job);
    if (row) {
      onRow(row);
      plan.record(row);
      say.done(done + 1, total, job, row);
    }
    return row;
  });
  say.end();
  return stopped;
}

/** The loop over rounds and rows; `step(job, done, total)` runs one job. */
async function rounds(plan, { rows, runtimes, mode, orderSeed, t0, stop }, step) {
  let done = 0;
  /** How long each row's jobs took in its slowest round so far (the row objects persist). */
  const rowMs = new Map();
  for (let round = 1; round <= mode.max_rounds && !stop.interrupted; round++) {
    // The time left for rounds (the plan hands it to the comparisons nearest a verdict when its mode asks).
    const active = plan.active(round, { left_ms: mode.budget_s * 1000 - (Date.now() - t0) - TAIL_MS });
    if (!active.length) return 'precision';
    for (let r = 0; r < active.length && !stop.interrupted; r++) {
      const { row, runtimes: rowRuntimes } = active[r];
      // The budget never cuts the minimum rounds, and it stops between rows, never inside one:
      // a row's runtimes of one round always run together, so its ratios stay paired. Past the
      // minimum, a row starts only if it should end within the budget, judged by how long it
      // took in its slowest round so far (a row started just before the budget ran out took QUICK
      // math+json to 61 s on a 60 s budget).
      const rowT0 = Date.now();
      if (round > mode.rounds && rowT0 - t0 + (rowMs.get(row) ?? 0) + TAIL_MS > mode.budget_s * 1000) return 'budget';
      // Known work: the rest of this round, and the minimum rounds still to come.
      const left = active.slice(r).reduce((n, a) => n + a.runtimes.length, 0);
      const total = done + left + Math.max(0, mode.rounds - round) * rows.length * runtimes.length;
      for (const job of roundJobs(row, rowRuntimes, round, orderSeed)) {
        if (stop.interrupted) break;
        // A driver that gave up was interrupted: the caller reports the run as such.
        if (!(await step(job, done, total))) return 'max-rounds';
        done++;
      }
      rowMs.set(row, Math.max(rowMs.get(row) ?? 0, Date.now() - rowT0));
    }
    plan.endRound(round);
  }
  return 'max-rounds';
}
