// Aggregation over rounds: result rows → per (workload, params) × runtime cells of numbers. No
// text here: tables.js turns cells into the report model, printers format it.
import { pairedRatio, unpairedRatio } from '../measure/paired.js';
import { bootstrapMedianCI, cv, median } from '../measure/stats.js';
import { paramsKey } from '../measure/workload.js';
import { extraMetrics, METRICS } from './metrics.js';

/**
 * A figure summarised over the rounds of one cell.
 * @typedef {{values: number[], median: number, ci95: [number, number], cv: number}} Summary
 */

/**
 * A ratio against the baseline, oriented so that > 1 always means "better than the baseline"
 * (faster, less CPU, less memory); `significant` is the verdict's short form.
 * @typedef {import('../measure/paired.js').RatioResult & {significant: boolean}} Ratio
 */

/** @param {number[]} values */
function summarise(values) {
  /** @type {[number, number]} */
  const nan = [Number.NaN, Number.NaN];
  if (!values.length) return { values, median: Number.NaN, ci95: nan, cv: 0 };
  return { values, median: median(values), ci95: values.length > 1 ? bootstrapMedianCI(values) : nan, cv: cv(values) };
}

/**
 * The ratio of one metric between the baseline's cell and another, from rounds paired by round
 * number (the runtimes of one round ran back to back). For a metric without a direction there
 * is no "better", so no ratio.
 * @param {{rows: any[]}} base
 * @param {{rows: any[]}} cell
 * @param {{better: string, of: (r: any) => number | null}} metric
 * @returns {Ratio | null}
 */
export function cellRatio(base, cell, metric) {
  if (metric.better === 'none') return null;
  const byRound = new Map(base.rows.filter((r) => r.status === 'ok').map((r) => [r.round, metric.of(r)]));
  const a = [];
  const b = [];
  for (const r of [...cell.rows].sort((x, y) => x.round - y.round)) {
    const v = metric.of(r);
    const bv = byRound.get(r.round);
    if (r.status !== 'ok' || v === null || bv === null || bv === undefined) continue;
    a.push(bv);
    b.push(v);
  }
  if (!a.length) return null;
  // pairedRatio(x, y) is the mean of log(x/y): baseline over this cell for lower-is-better.
  const r = metric.better === 'lower' ? pairedRatio(a, b) : pairedRatio(b, a);
  return { ...r, significant: r.verdict === 'faster' || r.verdict === 'slower' };
}

/**
 * The same metric of one runtime in two files (A → B), unpaired (Welch on logs): > 1 means B is better.
 * @returns {Ratio | null}
 */
export function fileRatio(cellA, cellB, metric) {
  const vals = (c) =>
    c.rows
      .filter((r) => r.status === 'ok')
      .map(metric.of)
      .filter((v) => v !== null);
  const [a, b] = [vals(cellA), vals(cellB)];
  if (!a.length || !b.length || metric.better === 'none') return null;
  const r = metric.better === 'lower' ? unpairedRatio(a, b) : unpairedRatio(b, a);
  return { ...r, significant: r.verdict === 'faster' || r.verdict === 'slower' };
}

/** The row key: `suite/workload params`. */
export const rowKey = (r) =>
  `${r.suite}/${r.workload}${r.params && Object.keys(r.params).length ? ` ${paramsKey(r.params)}` : ''}`;

/**
 * Group rows per (workload, params) and runtime, and summarise each cell across rounds.
 * @param {any[]} results result rows
 * @param {string[]} runtimes column order
 * @param {string} baseline runtime id every ratio is taken against
 */
export function aggregate(results, runtimes, baseline = runtimes[0]) {
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
  for (const row of rows.values()) {
    const metrics = [...Object.values(METRICS), ...row.extra];
    for (const cell of Object.values(row.cells)) summariseCell(cell, metrics);
    const base = row.cells[baseline];
    for (const [id, cell] of Object.entries(row.cells)) {
      if (id === baseline || !cell.ok || !base?.ok) continue;
      cell.ratio = cellRatio(base, cell, METRICS.time_ns);
      cell.ratios = Object.fromEntries(metrics.map((m) => [m.id, cellRatio(base, cell, m)]));
    }
  }
  return { baseline, runtimes, rows: [...rows.values()] };
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
  cell.ci95_ns = ok.length > 1 ? bootstrapMedianCI(cell.times) : ok[0].ci95_ns;
  cell.cv = cv(cell.times);
  cell.throughput = ok[0].throughput ? (cell.units / cell.median_ns) * 1e9 : null;
  /** @type {Record<string, Summary>} */
  cell.metrics = {};
  for (const m of metrics) {
    const values = ok.map(m.of).filter((v) => v !== null);
    if (values.length) cell.metrics[m.id] = summarise(values);
  }
}
