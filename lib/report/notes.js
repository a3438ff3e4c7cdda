// The notes under a results table: the legend of its marks, one line per failed job with the
// command that reruns it, and one line per reason for unsupported jobs.
import { minRoundsForClaim } from '../measure/paired.js';

export const CV_WARN = 0.1;

/** The legend, one note per failed job with its repro command, and one per reason for unsupported jobs. */
export function notesOf(agg) {
  const notes = [
    `Throughput: median over rounds ± half-width of its 95% interval; ratio = this runtime's throughput / ${agg.baseline}'s (for other figures: > 1 means better than ${agg.baseline}), the geometric mean of the per-round ratios (runtimes ran back to back within a round) with a t interval on their logs; "~" = 95% interval contains 1 (no significant difference); "#" = fewer than ${minRoundsForClaim} paired rounds and no significant difference: too few rounds to tell. "!" = that figure's CV over rounds > ${CV_WARN * 100}%. "?" = within 1.5x of a no-op (likely optimised away). [p/t] = conformance of that runtime for the row's suite (WPT subtests and checks passed/total), when the run includes it.`,
  ];
  const seen = new Set();
  /** Unsupported jobs, one line per runtime and reason: they need no repro, and a suite of
   *  strategies × parameters can have dozens with the same reason. @type {Map<string, string[]>} */
  const unsupported = new Map();
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      for (const r of cell.errors) {
        if (r.status === 'unsupported') {
          const why = `unsupported on ${id}: ${r.error ?? 'no reason given'}`;
          const keys = unsupported.get(why) ?? [];
          if (!keys.includes(row.key)) keys.push(row.key);
          unsupported.set(why, keys);
          continue;
        }
        const key = `${row.key}|${id}|${r.status}|${r.error}`;
        if (seen.has(key)) continue;
        seen.add(key);
        notes.push(
          `${row.key} on ${id}: ${r.status}${r.error ? ` (${r.error})` : ''}${r.repro ? ` — Command: ${r.repro}` : ''}`,
        );
      }
    }
  }
  for (const [why, keys] of unsupported) {
    const listed = keys.length > 3 ? `${keys.slice(0, 3).join('; ')}; and ${keys.length - 3} more` : keys.join('; ');
    notes.push(`${why} (${keys.length === 1 ? '1 row' : `${keys.length} rows`}: ${listed})`);
  }
  return notes;
}
