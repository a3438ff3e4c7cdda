// Side-by-side tables from a results document: rows = workload + params, columns = runtimes.
// Each function here returns report-model TableData (lib/report/model/model.js); text/render.js
// composes them and hands them to a printer (lib/report/text/print.js). Cells are in cells.js, the
// plain-words summary and legend in summary.js, units in units.js.

import { aggregate } from '../../results/aggregate.js';
import { conformanceRows } from '../../results/conformance-form.js';
import { METRICS } from '../../results/metrics.js';
import { rowUnit } from '../../results/row-units.js';
import { passCounts } from '../../results/status.js';
import { wrap } from '../text/wrap.js';
import { cpuCell, failedCell, metricCell, throughputCell, utilCell } from './cells.js';
import { conformanceTable, interfaceTable } from './conformance.js';
import { fingerprintLines } from './header.js';
import { methodologyWarnings } from './methodology.js';
import { notesOf } from './notes.js';
import { slowProcessTable } from './slow-table.js';
import { legendLines, summaryLines } from './summary.js';
import { si } from './units.js';

/** A throughput column's base unit; cells put an SI prefix on it (12.3M = 12.3 MB/s under B/s). */
export const rateUnit = (unit) => rowUnit(unit).rateBase;

/**
 * Conformance of one runtime for one perf row: the WPT subtests and checks of the row's suite,
 * limited to the WPT folders and check names the workload declares in `conformance` (if it
 * declares any; an empty list means none apply), as "[passed/total]".
 */
export function conformanceMark(conformance, runtime, suite, folders) {
  const mine = conformance.filter(
    (c) => c.runtime === runtime && c.suite === suite && (!folders || folders.includes(c.folder ?? c.name)),
  );
  if (!mine.length) return '';
  const { passed, total } = passCounts(mine, runtime);
  return `[${passed}/${total}]`;
}

/** Column headers: the runtime id (versions are listed once above the table, not in every header). */
const labelsOf = (doc) => Object.fromEntries(doc.runtimes.map((r) => [r.id, r.id]));

/**
 * A runtime-column table over aggregated rows.
 * @param {ReturnType<typeof aggregate>} agg
 * @param {Record<string, string>} labels column headers per runtime id
 * @param {string | null} title
 * @param {((row: any) => string) | null} unitOf the second column per row; null: no unit column (cells name theirs)
 * @param {(cell: any, row: any, id: string) => import('./model.js').Cell} cellOf
 * @returns {import('./model.js').TableData}
 */
function runtimeTable(agg, labels, title, unitOf, cellOf) {
  return {
    ...(title ? { title } : {}),
    columns: [
      { key: 'workload', label: 'workload' },
      ...(unitOf ? [{ key: 'unit', label: 'unit' }] : []),
      ...agg.runtimes.map((id) => ({ key: id, label: labels[id] ?? id, align: /** @type {const} */ ('right') })),
    ],
    groups: agg.rows.map((row) => row.workload),
    rows: agg.rows.map((row) => ({
      workload: row.key,
      ...(unitOf ? { unit: unitOf(row) } : {}),
      ...Object.fromEntries(agg.runtimes.map((id) => [id, cellOf(row.cells[id], row, id)])),
    })),
  };
}

/**
 * The main table: throughput per runtime, with conformance marks when asked, and the A/A noise
 * floor of the row beside each ratio when an A/A file gave one (`floor`: row key → share).
 * @param {Map<string, number>} [floor]
 */
export function throughputTable(agg, labels, conformance = [], floor, detail = false) {
  return runtimeTable(
    agg,
    labels,
    null,
    (row) => rateUnit(row.unit),
    (cell, row, id) => {
      const c = throughputCell(cell, detail);
      const f = floor?.get(row.key);
      const extra = [
        detail && c.ratio && f !== undefined ? `(floor ±${(f * 100).toFixed(1)}%)` : '',
        conformance.length ? conformanceMark(conformance, id, row.suite, row.folders) : '',
      ].filter(Boolean);
      return extra.length ? { ...c, text: `${c.text} ${extra.join(' ')}` } : c;
    },
  );
}

/** SHOW=spread: throughput of the slowest and fastest round, and the CV of the round medians. */
export function spreadTable(agg, labels) {
  const title = 'Spread over rounds: throughput of the slowest–fastest round, CV of the round medians';
  return runtimeTable(
    agg,
    labels,
    title,
    (row) => `${rateUnit(row.unit)} range`,
    (cell) => {
      if (!cell) return { text: '' };
      if (!cell.ok) return failedCell(cell);
      const tp = (ns) => (cell.units / ns) * 1e9;
      return {
        text: `${si(tp(Math.max(...cell.times)))}–${si(tp(Math.min(...cell.times)))} cv ${Math.round(cell.cv * 100)}%`,
      };
    },
  );
}

/** SHOW=cpu: CPU per op (or MB, or request), then utilisation, two tables narrow enough for five runtimes. */
export function cpuTables(agg, labels, detail = false) {
  const title = [
    'CPU per op or per MB over the timed samples themselves (every call they made), from the OS, every thread and process',
    'of the job; "≈" = a CPU reading with an error bound above 5% of it; "†" = uneven samples: their mean wall/op is over',
    '10% off the median (a few slow samples); "‡" = read around HTTP requests to a server process (workerd): its own',
    'request handling is in it, so not comparable with in-process rows; "(job)" = whole-job CPU / wall where the file has',
    "no window figure; HTTP: the server's CPU per request over the closed-loop load (the open loop's are per rate, in the",
    'HTTP analysis)',
  ].join('\n');
  const util = [
    "Utilisation: the timed window's CPU ÷ its wall time (above 1: GC or JIT threads beside the main one, or a pool; below",
    '1: the job waited, for I/O or for a CPU other work held); CPU/op ÷ util is the window\'s mean wall per op, which "†"',
    'marks where it is over 10% off the median the throughput is from',
  ].join('\n');
  return [
    runtimeTable(agg, labels, title, null, (cell, row) => cpuCell(cell, row.unit, detail)),
    ...(agg.rows.some((r) => rowUnit(r.unit).utilisation)
      ? [runtimeTable(agg, labels, util, null, (cell) => utilCell(cell))]
      : []),
  ];
}

/** SHOW=rss. */
export function rssTable(agg, labels, detail = false) {
  return runtimeTable(
    agg,
    labels,
    'Peak RSS per job (all processes of the job), medians',
    () => 'peak RSS',
    (cell) => metricCell(cell, METRICS.rss_peak_bytes, 'bytes', detail),
  );
}

/** SHOW=metrics: one table per extra metric the rows declare (row.metrics). */
export function extraMetricTables(agg, labels, detail = false) {
  const ids = [...new Set(agg.rows.flatMap((r) => r.extra.map((m) => m.id)))];
  return ids.map((id) => {
    const rows = agg.rows.filter((r) => r.extra.some((m) => m.id === id));
    const m = rows[0].extra.find((x) => x.id === id);
    // A figure taken in one round only (the start-up suite's extra starts): its ratios have no interval.
    const ratios = rows.flatMap((r) =>
      Object.values(r.cells)
        .map((c) => c.ratios?.[id])
        .filter(Boolean),
    );
    const once = ratios.length > 0 && ratios.every((r) => r.n === 1);
    const title =
      `${m.label} (${m.unit}${m.better === 'none' ? '' : `, ${m.better} is better`})` +
      (once && m.better !== 'none' ? '\none round per cell: its ratios have no interval, so "?" (no verdict)' : '');
    return runtimeTable(
      { ...agg, rows },
      labels,
      title,
      () => m.unit,
      (cell, row) => metricCell(cell, row.extra.find((x) => x.id === id) ?? m, m.unit, detail),
    );
  });
}

/**
 * Every table of a results document, as report-model data, in print order. `only`: 'main' (the
 * runtime tables) or 'analyses' (the suite's own tables). Notes are the summary in plain words,
 * the legend, then failed and unsupported jobs.
 * `analyses` are suite-specific tables (lib/report/analyses/): `{title, table(results, {detail, baseline, runtimes})}`.
 * @param {any} doc
 * @param {{show?: string[], baseline?: string, floor?: Map<string, number>, analyses?: {title: string, table: (results: any[], opts: {detail: boolean, baseline?: string, runtimes?: string[]}) => any}[], only?: string, keep?: (r: any) => boolean}} opts
 * @returns {{fingerprint: string[], tables: import('./model.js').TableData[], notes: string[], summary: string[], agg: any}}
 */
export function reportOf(doc, { show = [], baseline, floor, analyses = [], only, keep } = {}) {
  const runtimes = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, runtimes, baseline ?? runtimes[0], { floor });
  // A filter narrows what is shown, after the correction ran over every comparison of the file.
  if (keep) agg.rows = agg.rows.filter((row) => Object.values(row.cells).some((c) => c.rows.some(keep)));
  const results = keep ? doc.results.filter(keep) : doc.results;
  const labels = labelsOf(doc);
  const conformance = conformanceRows(doc);
  const detail = show.includes('spread');
  const tables = [];
  const main = only !== 'analyses';
  // Pass counts inside the perf cells only on request (SHOW=conformance): they widen every cell.
  if (main && agg.rows.length)
    tables.push(throughputTable(agg, labels, show.includes('conformance') ? conformance : [], floor, detail));
  if (main && detail) tables.push(spreadTable(agg, labels));
  if (main && show.includes('cpu')) tables.push(...cpuTables(agg, labels, detail));
  if (main && show.includes('rss')) tables.push(rssTable(agg, labels, detail));
  if (main && (show.includes('metrics') || agg.rows.some((r) => r.extra.length)))
    tables.push(...extraMetricTables(agg, labels, detail));
  // Processes slower than their runtime's others of a row: a finding, shown whenever there is one.
  const slow = main ? slowProcessTable(agg) : null;
  if (slow) tables.push(slow);
  if (main && conformance.length) {
    // WPT rows that record their interface are tabled per interface; older files and checks by folder.
    const byInterface = conformance.filter((r) => r.source === 'wpt' && r.interface);
    const rest = conformance.filter((r) => !(r.source === 'wpt' && r.interface));
    if (byInterface.length) {
      const { table, summary } = interfaceTable(byInterface, {
        runtimes,
        interfaces: doc.wpt?.interfaces,
        commits: doc.wpt?.commits,
        commitDates: doc.wpt?.commit_dates,
      });
      tables.push({ ...table, notes: summary });
    }
    if (rest.length) {
      const t = conformanceTable(rest, { runtimes });
      tables.push({ ...t, title: 'Conformance: subtests or checks passed/total (WPT folders and shared checks)' });
    }
  }
  for (const a of only === 'main' ? [] : analyses) {
    // Analyses follow the main tables' rule: value and ratio by default, intervals with SHOW=spread.
    const t = a.table(results, { detail, baseline: baseline ?? runtimes[0], runtimes });
    if (t) tables.push({ ...t, title: t.title ?? a.title });
  }
  const warnings = methodologyWarnings(doc).map((w) => `methodology warning: ${w}`);
  // A conformance-only file has no perf rows, so no summary or legend either.
  const perf = main && agg.rows.length > 0;
  const summary = perf ? summaryLines(agg) : [];
  const marks = [
    ...new Set(
      tables.flatMap((t) =>
        t.rows.flatMap((r) => Object.values(r).flatMap((c) => (typeof c === 'object' ? (c.marks ?? []) : []))),
      ),
    ),
  ];
  const legend = perf ? legendLines(agg, { detail, floor: Boolean(floor), marks }) : [];
  const notes = [...legend, ...(perf ? notesOf(agg) : [])];
  const fingerprint = [...fingerprintLines(doc), ...warnings].flatMap((l) => wrap(l));
  return { fingerprint, tables, notes, summary, agg };
}
