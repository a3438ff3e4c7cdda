// The table of slow processes per runtime: for each row and runtime, how many of its processes ran
// slower than the runtime's other processes of the row, how much slower, and whether the
// calibration timed beside them saw it (lib/measure/stats/slow-processes.js). A finding about a
// runtime and workload (or the host), printed beside the figures it is part of.
import { medianOf } from '../../measure/stats/robust.js';
import { slowProcesses } from '../../measure/stats/slow-processes.js';
import { simpleTable } from './model.js';

/** "1.52×", or "1.31–1.55×" for several. @param {number[]} fs */
const slowerText = (fs) => {
  const [lo, hi] = [Math.min(...fs).toFixed(2), Math.max(...fs).toFixed(2)];
  return lo === hi ? `${lo}×` : `${lo}–${hi}×`;
};

/**
 * The slow-process table of an aggregated run, or null when no runtime had a slow process or a
 * replaced one. Rows: the table rows with any, then every runtime's totals.
 * @param {any} agg aggregate()'s result
 * @returns {import('./model.js').TableData | null}
 */
export function slowProcessTable(agg) {
  const cells = agg.rows.flatMap((/** @type {any} */ row) =>
    Object.entries(row.cells).map(([runtime, cell]) => ({
      suite: row.suite,
      key: row.key,
      runtime,
      rounds: /** @type {any} */ (cell).rows
        .filter((/** @type {any} */ r) => r.status === 'ok' && r.median_ns > 0)
        .map((/** @type {any} */ r) => ({
          round: r.round,
          time: r.median_ns,
          calibration: calibrationOf(r),
          replaced: Boolean(r.replaced),
        })),
    })),
  );
  const found = slowProcesses(cells);
  const totals = [...found.runtimes.values()];
  if (!totals.some((t) => t.slow || t.replaced)) return null;
  const calibrated = cells.some((c) => c.rounds.some((r) => r.calibration !== null));
  const byKey = new Map(found.cells.map((c) => [`${c.key}|${c.runtime}`, c]));
  const rows = agg.rows.filter((/** @type {any} */ row) =>
    agg.runtimes.some((/** @type {string} */ id) => {
      const c = byKey.get(`${row.key}|${id}`);
      return c && (c.slow.length || c.replaced);
    }),
  );
  const body = rows.map((/** @type {any} */ row) => [
    row.key,
    ...agg.runtimes.map((/** @type {string} */ id) => cellText(byKey.get(`${row.key}|${id}`))),
  ]);
  body.push([
    'all rows',
    ...agg.runtimes.map((/** @type {string} */ id) => totalText(found.runtimes.get(id), calibrated)),
  ]);
  const title = [
    'Slow processes per runtime: jobs slower than the other rounds of their row on that runtime by more than',
    'max(15%, 3 robust SDs of the suite), as slow/rounds with how much slower (rows of 3 rounds or more; all rows:',
    "the median). A finding about the runtime or the host: the cells' medians include them; a ratio sets a round",
    "aside only when the round's ratio is off its comparison's main mode.",
    ...(calibrated
      ? [
          'seen: its calibration in the same process ran slow too (the host slowed it); unseen: it ran at speed (the',
          "runtime's own slow state); replaced: run again in a fresh process after a slow calibration (run --calibrate)",
        ]
      : ["No calibration was timed, so the host's slow processes are not told from the runtime's (run --calibrate)."]),
  ].join('\n');
  // A workload's parameters under its name, so long parameters do not widen every line.
  const groups = [...rows.map((/** @type {any} */ row) => row.workload), null];
  return simpleTable(title, ['workload', ...agg.runtimes], body, { left: 1, groups });
}

/** The slower of a row's two calibration readings, or null. @param {any} r */
function calibrationOf(r) {
  const c = r.calibration;
  return c && c.before > 0 && c.after > 0 ? Math.min(c.before, c.after) : null;
}

/** One cell: "2/9 1.31–1.55× (1 unseen)", "0/7", "+1 replaced". @param {any} c */
function cellText(c) {
  if (!c) return '';
  const parts = [];
  if (c.slow.length) {
    const seen = c.slow.filter((/** @type {any} */ s) => s.calibration === 'seen').length;
    const unseen = c.slow.filter((/** @type {any} */ s) => s.calibration === 'unseen').length;
    const cal = [seen ? `${seen} seen` : '', unseen ? `${unseen} unseen` : ''].filter(Boolean).join(', ');
    parts.push(
      `${c.slow.length}/${c.processes} ${slowerText(c.slow.map((/** @type {any} */ s) => s.slower))}${cal ? ` (${cal})` : ''}`,
    );
  } else parts.push(`0/${c.processes}`);
  if (c.replaced) parts.push(`+${c.replaced} replaced`);
  return parts.join(' ');
}

/** A runtime's totals: "4/96 (4%) 1.38×, 3 unseen, 1 seen; 2 replaced" (the median factor). @param {any} t @param {boolean} calibrated */
function totalText(t, calibrated) {
  if (!t) return '';
  const share = t.checked ? ` (${Math.round((t.slow / t.checked) * 100)}%)` : '';
  const cal = [t.unseen ? `${t.unseen} unseen` : '', t.seen ? `${t.seen} seen` : ''].filter(Boolean).join(', ');
  const slow = `${t.slow}/${t.checked}${share}${t.slow ? ` ${medianOf(t.slower).toFixed(2)}×` : ''}`;
  return [calibrated && cal ? `${slow}, ${cal}` : slow, t.replaced ? `${t.replaced} replaced` : '']
    .filter(Boolean)
    .join('; ');
}
