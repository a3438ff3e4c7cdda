// Side-by-side tables from a results document: rows = workload + params, columns = runtimes.
// Each function here returns report-model TableData (lib/report/model.js); renderResults and
// renderDiff compose them and hand them to a printer (lib/report/print.js).
import { VERDICT_MARK } from '../measure/paired.js';
import { aggregate } from './aggregate.js';
import { textCharts } from './chart-text.js';
import { conformanceTable, passCounts } from './conformance-table.js';
import { methodologyWarnings } from './methodology.js';
import { METRICS, throughputUnit } from './metrics.js';
import { CV_WARN, notesOf } from './notes.js';
import { printLines, printTable } from './print.js';

export { aggregate };

/** 1234567 → "1.23M"; keeps three significant digits. */
export function si(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return '-';
  /** @type {[number, string][]} */
  const units = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [v, s] of units) if (Math.abs(x) >= v) return `${(x / v).toPrecision(3)}${s}`;
  return x.toPrecision(3);
}

/** 850 → "850 ms", 1234 → "1.23 s". */
export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '-';
  return ms >= 1000 ? `${(ms / 1000).toPrecision(3)} s` : `${ms.toPrecision(3)} ms`;
}

/** "1.23x", "~1.02x" (no significant difference), "#0.97x" (too few rounds to tell). */
export function fmtRatio(ratio) {
  if (!ratio || !Number.isFinite(ratio.ratio)) return '';
  return `${VERDICT_MARK[ratio.verdict] ?? ''}${ratio.ratio.toFixed(2)}x`;
}

/** Half-width of a 95% interval as a share of the median, e.g. "±3%". */
function fmtHalfWidth(ci, mid) {
  const [lo, hi] = ci ?? [];
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !mid) return '';
  return `±${Math.round(((hi - lo) / 2 / mid) * 100)}%`;
}

/** A value in a metric's unit, for reading. */
function fmtValue(value, unit) {
  if (unit === 'bytes') return `${si(value / 1e6)} MB`;
  if (unit === 'ms') return fmtMs(value);
  if (unit === 'x') return `${value.toFixed(2)}x`;
  return `${si(value)}${unit ? ` ${unit}` : ''}`;
}

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

/** Marks of a figure's own variation: "!" when its CV over rounds exceeds CV_WARN. */
const cvMark = (summary) => (summary && summary.cv > CV_WARN ? '!' : '');

/** @returns {import('./model.js').Cell} */
function failedCell(cell) {
  return { text: cell.statuses.join('/'), tone: 'bad' };
}

/** The main cell: throughput ± interval, ratio against the baseline, marks. */
export function throughputCell(cell) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const tp = cell.metrics.throughput;
  const marks = `${cell.suspect ? '?' : ''}${cell.cv > CV_WARN ? '!' : ''}`;
  const text = [si(tp?.median), fmtHalfWidth(cell.ci95_ns, cell.median_ns), fmtRatio(cell.ratio)]
    .filter(Boolean)
    .join(' ');
  /** @type {import('./model.js').Cell} */
  const out = { text: text + marks, value: tp?.median, metric: 'throughput', marks: [...marks] };
  if (cell.ratio) out.ratio = { ratio: cell.ratio.ratio, ci95: cell.ratio.ci95, verdict: cell.ratio.verdict };
  if (cell.ratio?.significant) out.tone = cell.ratio.ratio > 1 ? 'good' : 'warn';
  return out;
}

/**
 * One metric per cell (CPU, RSS, extra metrics): value, its own interval and CV mark, and the
 * ratio against the baseline when the metric has a direction.
 */
function metricCell(cell, metric, unit) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const s = cell.metrics[metric.id];
  if (!s) return { text: '-' };
  const ratio = cell.ratios?.[metric.id];
  const text = [fmtValue(s.median, unit), fmtHalfWidth(s.ci95, s.median), fmtRatio(ratio)].filter(Boolean).join(' ');
  const marks = cvMark(s);
  /** @type {import('./model.js').Cell} */
  const out = { text: text + marks, value: s.median, ci95: s.ci95, metric: metric.id, marks: [...marks] };
  // Ratios are oriented (> 1 = better than the baseline) whatever the metric's direction.
  if (ratio) out.ratio = { ratio: ratio.ratio, ci95: ratio.ci95, verdict: ratio.verdict };
  if (ratio?.significant) out.tone = ratio.ratio > 1 ? 'good' : 'warn';
  return out;
}

/** SHOW=cpu: CPU per op and utilisation in the timed window; job totals for files without a window. */
function cpuCell(cell, unit) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const per = cell.metrics.cpu_per_unit;
  const util = cell.metrics.utilisation;
  if (!per || !util) {
    const cpu = cell.metrics.job_cpu_ms;
    const wall = cell.metrics.job_wall_ms;
    return { text: `${fmtMs(cpu?.median ?? Number.NaN)} / ${fmtMs(wall?.median ?? Number.NaN)} (job)${cvMark(cpu)}` };
  }
  const perText = unit === 'bytes' ? `${fmtMs(per.median / 1e6)}/MB` : `${si(per.median)} ns/op`;
  return {
    text: `${perText}${cvMark(per)} util ${util.median.toFixed(2)}${cvMark(util)}`,
    value: per.median,
    ci95: per.ci95,
    metric: 'cpu_per_unit',
    marks: [...cvMark(per)],
  };
}

/** Column headers: runtime id with its version. */
const labelsOf = (doc) =>
  Object.fromEntries(doc.runtimes.map((r) => [r.id, r.version ? `${r.id} ${r.version}` : r.id]));

/**
 * A runtime-column table over aggregated rows.
 * @param {ReturnType<typeof aggregate>} agg
 * @param {Record<string, string>} labels column headers per runtime id
 * @param {string | null} title
 * @param {(row: any) => string} unitOf the second column per row
 * @param {(cell: any, row: any, id: string) => import('./model.js').Cell} cellOf
 * @returns {import('./model.js').TableData}
 */
function runtimeTable(agg, labels, title, unitOf, cellOf) {
  return {
    ...(title ? { title } : {}),
    columns: [
      { key: 'workload', label: 'workload' },
      { key: 'unit', label: 'unit' },
      ...agg.runtimes.map((id) => ({ key: id, label: labels[id] ?? id })),
    ],
    rows: agg.rows.map((row) => ({
      workload: row.key,
      unit: unitOf(row),
      ...Object.fromEntries(agg.runtimes.map((id) => [id, cellOf(row.cells[id], row, id)])),
    })),
  };
}

/**
 * The main table: throughput per runtime, with conformance marks when asked, and the A/A noise
 * floor of the row beside each ratio when an A/A file gave one (`floor`: row key → share).
 * @param {Map<string, number>} [floor]
 */
export function throughputTable(agg, labels, conformance = [], floor) {
  return runtimeTable(
    agg,
    labels,
    null,
    (row) => throughputUnit(row.unit),
    (cell, row, id) => {
      const c = throughputCell(cell);
      const f = floor?.get(row.key);
      const extra = [
        c.ratio && f !== undefined ? `(floor ±${(f * 100).toFixed(1)}%)` : '',
        conformance.length ? conformanceMark(conformance, id, row.suite, row.folders) : '',
      ].filter(Boolean);
      return extra.length ? { ...c, text: `${c.text} ${extra.join(' ')}` } : c;
    },
  );
}

/** SHOW=spread: throughput of the slowest and fastest round, and the CV of the round medians. */
export function spreadTable(agg, labels) {
  const title =
    'Spread over rounds: throughput of the slowest–fastest round, coefficient of variation of round medians';
  return runtimeTable(
    agg,
    labels,
    title,
    (row) => `${throughputUnit(row.unit)} range`,
    (cell, row) => {
      if (!cell) return { text: '' };
      if (!cell.ok) return failedCell(cell);
      const tp = (ns) => ((cell.units / ns) * 1e9) / (row.unit === 'bytes' ? 1e6 : 1);
      const marks = `${cell.suspect ? '?' : ''}${cell.cv > CV_WARN ? '!' : ''}`;
      return {
        text: `${si(tp(Math.max(...cell.times)))}–${si(tp(Math.min(...cell.times)))} cv ${Math.round(cell.cv * 100)}%${marks}`,
      };
    },
  );
}

/** SHOW=cpu. */
export function cpuTable(agg, labels) {
  const title =
    'CPU in the timed window: CPU (user+sys, from the OS) per op or per MB, and utilisation = CPU ÷ wall (above 1: GC or JIT threads beside the main thread; below 1: the job waited, for I/O or for a CPU other work held); "(job)" = whole-job CPU / wall where the file has no window figure';
  return runtimeTable(
    agg,
    labels,
    title,
    (row) => (row.unit === 'bytes' ? 'CPU/MB, util' : 'CPU/op, util'),
    (cell, row) => cpuCell(cell, row.unit),
  );
}

/** SHOW=rss. */
export function rssTable(agg, labels) {
  return runtimeTable(
    agg,
    labels,
    'Peak RSS per job (all processes of the job), medians',
    () => 'peak RSS',
    (cell) => metricCell(cell, METRICS.rss_peak_bytes, 'bytes'),
  );
}

/** SHOW=metrics: one table per extra metric the rows declare (row.metrics). */
export function extraMetricTables(agg, labels) {
  const ids = [...new Set(agg.rows.flatMap((r) => r.extra.map((m) => m.id)))];
  return ids.map((id) => {
    const rows = agg.rows.filter((r) => r.extra.some((m) => m.id === id));
    const m = rows[0].extra.find((x) => x.id === id);
    const title = `${m.label} (${m.unit}${m.better === 'none' ? '' : `, ${m.better} is better`})`;
    return runtimeTable(
      { ...agg, rows },
      labels,
      title,
      () => m.unit,
      (cell, row) => metricCell(cell, row.extra.find((x) => x.id === id) ?? m, m.unit),
    );
  });
}

/** Fingerprint and runtimes, one line each, to print above a table. */
export function fingerprintLines(doc) {
  const f = doc.fingerprint;
  return [
    `machine: ${f.cpu_model} × ${f.cores}, ${si(f.mem_bytes / 2 ** 30)} GiB, ${f.os}, kernel ${f.kernel}, ${f.arch}, governor ${f.governor}`,
    `load average: start ${f.loadavg_start.join(' ')}, end ${f.loadavg_end?.join(' ') ?? 'n/a'}; NODE_ENV=${f.node_env ?? '(unset)'}`,
    `run: ${doc.started} → ${doc.finished ?? 'unfinished'}${doc.interrupted ? ' (interrupted)' : ''}${doc.options?.rounds ? `; ${doc.options.rounds} round(s)` : ''}${doc.options?.quick ? ', QUICK' : ''}`,
    ...(doc.provenance
      ? [
          `parity: commit ${doc.provenance.commit ?? 'unknown'}${doc.provenance.dirty ? ' (uncommitted changes)' : ''}; package-lock sha256 ${String(doc.provenance.lock_sha256 ?? 'unknown').slice(0, 12)}`,
        ]
      : []),
    ...doc.runtimes.map(
      (r) =>
        `${r.id}: ${r.version ?? 'n/a'} (${r.engine ?? '?'} ${r.engine_version ?? ''})${r.flags?.length ? ` flags ${r.flags.join(' ')}` : ''}${r.preload ? ` preload ${r.preload}` : ''}${r.error ? ` — ${r.error}` : ''}`,
    ),
  ];
}

/**
 * Every table of a results document, as report-model data, in print order.
 * `analyses` are suite-specific tables (suites/<suite>/_analysis.js): `{title, table(results)}`.
 * @param {any} doc
 * @param {{show?: string[], baseline?: string, floor?: Map<string, number>, analyses?: {title: string, table: (results: any[]) => any}[]}} opts
 * @returns {{fingerprint: string[], tables: import('./model.js').TableData[], notes: string[], agg: any}}
 */
export function reportOf(doc, { show = [], baseline, floor, analyses = [] } = {}) {
  const runtimes = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, runtimes, baseline ?? runtimes[0]);
  const labels = labelsOf(doc);
  const conformance = doc.conformance ?? [];
  const tables = [];
  // Pass counts inside the perf cells only on request (SHOW=conformance): they widen every cell.
  if (agg.rows.length)
    tables.push(throughputTable(agg, labels, show.includes('conformance') ? conformance : [], floor));
  if (show.includes('spread')) tables.push(spreadTable(agg, labels));
  if (show.includes('cpu')) tables.push(cpuTable(agg, labels));
  if (show.includes('rss')) tables.push(rssTable(agg, labels));
  if (show.includes('metrics') || agg.rows.some((r) => r.extra.length)) tables.push(...extraMetricTables(agg, labels));
  if (conformance.length) {
    const t = conformanceTable(conformance, { runtimes });
    tables.push({ ...t, title: 'Conformance: subtests or checks passed/total (WPT folders and shared checks)' });
  }
  for (const a of analyses) {
    const t = a.table(doc.results);
    if (t) tables.push({ ...t, title: t.title ?? a.title });
  }
  const warnings = methodologyWarnings(doc).map((w) => `methodology warning: ${w}`);
  // A conformance-only file has no perf rows, so no throughput legend either.
  const notes = agg.rows.length ? notesOf(agg) : [];
  return { fingerprint: [...fingerprintLines(doc), ...warnings], tables, notes, agg };
}

/**
 * Everything `make table` prints for a results document, as text or markdown.
 * @param {any} doc
 * @param {{show?: string[], baseline?: string, markdown?: boolean, floor?: Map<string, number>, analyses?: any[], color?: boolean}} opts
 */
export function renderResults(
  doc,
  { show = [], baseline, markdown = false, floor, analyses = [], color = false } = {},
) {
  const format = markdown ? 'markdown' : 'text';
  const r = reportOf(doc, { show, baseline, floor, analyses });
  const tables = r.tables.map((t) => printTable(t, { format, color }));
  // Bars are a terminal picture: in markdown they go in a code block.
  const charts = show.includes('chart') ? textCharts(r.agg).map((c) => (markdown ? `\`\`\`\n${c}\n\`\`\`` : c)) : [];
  return [printLines(r.fingerprint, { format }), ...tables, ...charts, printLines(r.notes, { format })].join('\n\n');
}
