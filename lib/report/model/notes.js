// The notes under a results table: the legend of its marks, one line per failed job with the
// command that reruns it, and one line per reason for unsupported jobs.
import { modeLines } from './two-mode-lines.js';

/** Cells whose rounds fall in two modes (two-mode-lines.js), one note per failed job with its repro command, and one per reason for unsupported jobs (the legend is summary.js's). */
export function notesOf(agg) {
  /** @type {string[]} */
  const notes = [];
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
  return [...modeLines(agg), ...notes];
}
