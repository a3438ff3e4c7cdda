// Aggregation over rounds: result rows → per (workload, params) × runtime cells of numbers. No
// text here: lib/report/model/ turns cells into tables, printers format them.

import { cellRatio, correctTable, disagrees, fileRatio } from '../measure/stats/compare.js';
import { cv, median, roundsInterval } from '../measure/stats/stats.js';
import { paramsKey } from '../measure/workload.js';
import { extraMetrics, METRICS } from './metrics.js';

export { cellRatio, fileRatio };

/**
 * A figure summarised over the rounds of one cell.
 * @typedef {{values: number[], median: number, ci95: [number, number], cv: number}} Summary
 */

/**
 * Median, 95% interval (t on logs of the round values) and CV of one figure over rounds.
 * @param {number[]} values
 * @returns {Summary}
 */
function summarise(values) {
  /** @type {[number, number]} */
  const nan = [Number.NaN, Number.NaN];
  if (!values.length) return { values, median: Number.NaN, ci95: nan, cv: 0 };
  return { values, median: median(values), ci95: values.length > 1 ? roundsInterval(values) : nan, cv: cv(values) };
}

/** The row key: `suite/workload params`. */
export const rowKey = (r) =>
  `${r.suite}/${r.workload}${r.params && Object.keys(r.params).length ? ` ${paramsKey(r.params)}` : ''}`;

/**
 * Group rows per (workload, params) and runtime, and summarise each cell across rounds. Each
 * metric's ratios are corrected together (Benjamini–Hochberg over every comparison of the table, so 84 cells
 * at 5% each do not make four claims by chance), and the throughput ratios also gated by the
 * A/A floor when one is given (`floor`: row key → share).
 * @param {any[]} results result rows
 * @param {string[]} runtimes column order
 * @param {string} baseline runtime id every ratio is taken against
 * @param {{floor?: Map<string, number>}} [opts]
 */
export function aggregate(results, runtimes, baseline = runtimes[0], { floor } = {}) {
  /** @type {Map<string, {key: string, suite: string, folders: string[] | null, workload: string, params: object, unit: string, extra: import('./metrics.js').RowMetric[], cells: Record<string, any>}>} */
  const rows = new Map();
  for (const r of results) {
    const key = rowKey(r);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        suite: r.suite,
        folders: r.conformance_folders ?? null,
        workload: `${r.suite}/${r.workload}`,
        params: r.params,
        unit: r.unit,
        extra: [],
        cells: {},
      };
      rows.set(key, row);
    }
    row.unit ??= r.unit;
    for (const m of extraMetrics(r)) if (!row.extra.some((x) => x.id === m.id)) row.extra.push(m);
    row.cells[r.runtime] ??= { rows: [] };
    row.cells[r.runtime].rows.push(r);
  }
  /** Every ratio per metric id, with its row key, for the table-wide correction. @type {Map<string, {key: string, r: any}[]>} */
  const family = new Map();
  for (const row of rows.values()) {
    const metrics = [...Object.values(METRICS), ...row.extra];
    for (const cell of Object.values(row.cells)) summariseCell(cell, metrics);
    const base = row.cells[baseline];
    for (const [id, cell] of Object.entries(row.cells)) {
      if (id === baseline || !cell.ok || !base?.ok) continue;
      cell.ratios = Object.fromEntries(metrics.map((m) => [m.id, cellRatio(base, cell, m)]));
      cell.ratio = cell.ratios.time_ns;
      for (const m of metrics) {
        const r = cell.ratios[m.id];
        if (!r) continue;
        if (!family.has(m.id)) family.set(m.id, []);
        family.get(m.id)?.push({ key: row.key, r });
        const [b, c] = [base.metrics[m.id]?.median, cell.metrics[m.id]?.median];
        if (m.better !== 'none' && disagrees(r, b, c, /** @type {'higher' | 'lower'} */ (m.better))) r.disagrees = true;
      }
    }
  }
  for (const [id, list] of family) {
    const keyOf = new Map(list.map(({ key, r }) => [r, key]));
    const floorOf = id === 'time_ns' && floor ? (r) => floor.get(/** @type {string} */ (keyOf.get(r))) : undefined;
    // Rows lend each other variance within a suite only (lib/measure/stats/moderated.js).
    const suiteOf = (r) => String(keyOf.get(r)).split('/')[0];
    correctTable(
      list.map((x) => x.r),
      floorOf,
      suiteOf,
    );
  }
  return { baseline, runtimes, rows: [...rows.values()], comparisons: family.get('time_ns')?.length ?? 0 };
}

function summariseCell(cell, metrics) {
  const ok = cell.rows.filter((r) => r.status === 'ok').sort((a, b) => a.round - b.round);
  cell.statuses = [...new Set(cell.rows.map((r) => r.status))];
  cell.errors = cell.rows.filter((r) => r.status !== 'ok');
  cell.suspect = ok.some((r) => r.suspect);
  if (!ok.length) return;
  cell.ok = true;
  cell.rounds = ok.length;
  cell.units = ok[0].units_per_call ?? 1;
  cell.times = ok.map((r) => r.median_ns);
  cell.median_ns = median(cell.times);
  // With one round the only interval is the job's own (samples within one process).
  cell.ci95_ns = ok.length > 1 ? roundsInterval(cell.times) : ok[0].ci95_ns;
  cell.cv = cv(cell.times);
  cell.throughput = ok[0].throughput ? (cell.units / cell.median_ns) * 1e9 : null;
  /** @type {Record<string, Summary>} */
  cell.metrics = {};
  for (const m of metrics) {
    const values = ok.map(m.of).filter((v) => v !== null);
    if (values.length) cell.metrics[m.id] = summarise(values);
  }
}
