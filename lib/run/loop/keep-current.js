// The results file of a run kept current while it goes on: written at the start, rewritten at
// most every SAVE_EVERY_MS after a job, and at once at the end, on Ctrl-C or SIGTERM (the run
// ends through its loop) and when the orchestrator dies of an error (the exit handler). Only a
// hard kill of the orchestrator loses the jobs of the last two seconds. Writing after each job
// cost ~30 ms for a 4.5 MB file (every suite at QUICK), after each of 866 jobs.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeJsonAtomic } from '../../results/file.js';

/** How often the results file is rewritten while a run goes on. */
const SAVE_EVERY_MS = 2000;

/**
 * Write `doc` to `out` now, and keep it written: `soon()` after each job, `close()` at the end
 * (a last write; the exit handler is removed).
 * @param {string} out
 * @param {object} doc
 */
export function keepResults(out, doc) {
  mkdirSync(dirname(out), { recursive: true });
  const save = () => writeJsonAtomic(out, doc);
  save();
  let savedAt = Date.now();
  let unsaved = false;
  const saveOnExit = () => {
    if (unsaved) save();
  };
  process.on('exit', saveOnExit);
  return {
    soon() {
      unsaved = true;
      if (Date.now() - savedAt < SAVE_EVERY_MS) return;
      save();
      unsaved = false;
      savedAt = Date.now();
    },
    close() {
      save();
      process.off('exit', saveOnExit);
    },
  };
}
