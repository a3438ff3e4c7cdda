// Side-by-side tables from a results document: rows = workload + params, columns = runtimes.
// Analysis is separate from measurement (as Node's compare.js leaves statistics to compare.R).

import { bootstrapMedianCI, cv, median, ratioCI } from '../measure/stats.js';
import { paramsKey } from '../measure/workload.js';
import { conformanceTable, passCounts } from './conformance-table.js';
import { renderGrid } from './grid.js';

const CV_WARN = 0.1;

/**
 * Group ok rows per (workload, params) and runtime, and summarise each cell across rounds.
 * @param {any[]} results result rows
 * @param {string[]} runtimes column order
 * @param {string} baseline runtime id every ratio is taken against
 */
export function aggregate(results, runtimes, baseline = runtimes[0]) {
  /** @type {Map<string, {key: string, suite: string, folders: string[] | null, workload: string, params: object, unit: string, cells: Record<string, any>}>} */
  const rows = new Map();
  for (const r of results) {
    const key = `${r.suite}/${r.workload}${r.params && Object.keys(r.params).length ? ` ${paramsKey(r.params)}` : ''}`;
    if (!rows.has(key)) {
      const base = {
        key,
        suite: r.suite,
        folders: r.conformance_folders ?? null,
        workload: `${r.suite}/${r.workload}`,
      };
      rows.set(key, { ...base, params: r.params, unit: r.unit, cells: {} });
    }
    const row = /** @type {any} */ (rows.get(key));
    row.unit ??= r.unit;
    row.cells[r.runtime] ??= { rows: [] };
    row.cells[r.runtime].rows.push(r);
  }
  for (const row of rows.values()) {
    for (const cell of Object.values(row.cells)) summariseCell(cell);
    const base = row.cells[baseline];
    for (const [id, cell] of Object.entries(row.cells)) {
      if (id === baseline || !cell.ok || !base?.ok) continue;
      // Throughput ratio = baseline time / this runtime's time, resampled over rounds.
      cell.ratio = ratioCI(base.times, cell.times);
    }
  }
  return { baseline, runtimes, rows: [...rows.values()] };
}

function summariseCell(cell) {
  const ok = cell.rows.filter((r) => r.status === 'ok');
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
  cell.cpu_ms = median(ok.filter((r) => r.cpu_ms).map((r) => r.cpu_ms.user + r.cpu_ms.sys));
  cell.wall_ms = median(ok.map((r) => r.wall_ms ?? Number.NaN));
  cell.rss_peak_bytes = median(ok.filter((r) => r.rss_peak_bytes).map((r) => r.rss_peak_bytes));
}

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

/** Throughput in the row's unit: decimal MB/s for bytes, ops/s otherwise. */
function throughputOf(cell, unit) {
  return unit === 'bytes' ? cell.throughput / 1e6 : cell.throughput;
}

function fmtRatio(ratio) {
  if (!ratio) return '';
  const r = ratio.ratio.toFixed(2);
  return ratio.significant ? `${r}x` : `~${r}x`;
}

/** Half-width of the 95% interval as a share of the median, e.g. "±3%". */
function fmtCI(cell) {
  const [lo, hi] = cell.ci95_ns ?? [];
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return '';
  return `±${Math.round(((hi - lo) / 2 / cell.median_ns) * 100)}%`;
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

/** The text of one cell for the chosen metric. */
function cellText(cell, unit, metric) {
  if (!cell) return '';
  if (!cell.ok) return cell.statuses.join('/');
  const marks = `${cell.suspect ? '?' : ''}${cell.cv > CV_WARN ? '!' : ''}`;
  if (metric === 'cpu') return `${fmtMs(cell.cpu_ms)} / ${fmtMs(cell.wall_ms)}${marks}`;
  if (metric === 'rss') return `${si(cell.rss_peak_bytes / 1e6)} MB${marks}`;
  if (metric === 'spread') {
    // Throughput of the slowest and fastest round, and the CV of the round medians.
    const tp = (ns) => throughputOf({ throughput: (cell.units / ns) * 1e9 }, unit);
    const slowest = Math.max(...cell.times);
    const fastest = Math.min(...cell.times);
    return `${si(tp(slowest))}–${si(tp(fastest))} cv ${Math.round(cell.cv * 100)}%${marks}`;
  }
  return [si(throughputOf(cell, unit)), fmtCI(cell), fmtRatio(cell.ratio)].filter(Boolean).join(' ') + marks;
}

function unitLabel(unit, metric) {
  if (metric === 'cpu') return 'cpu/wall';
  if (metric === 'rss') return 'peak RSS';
  if (metric === 'spread') return unit === 'bytes' ? 'MB/s range' : 'ops/s range';
  return unit === 'bytes' ? 'MB/s' : 'ops/s';
}

/**
 * Render one side-by-side table.
 * @param {ReturnType<typeof aggregate>} agg
 * @param {{metric?: 'throughput'|'spread'|'cpu'|'rss', markdown?: boolean, labels?: Record<string, string>, conformance?: any[]}} opts
 */
export function renderTable(agg, { metric = 'throughput', markdown = false, labels = {}, conformance = [] } = {}) {
  const header = ['workload', 'unit', ...agg.runtimes.map((id) => labels[id] ?? id)];
  const conf = (row, id) =>
    conformance.length && metric === 'throughput' ? conformanceMark(conformance, id, row.suite, row.folders) : '';
  const body = agg.rows.map((row) => [
    row.key,
    unitLabel(row.unit, metric),
    ...agg.runtimes.map((id) => [cellText(row.cells[id], row.unit, metric), conf(row, id)].filter(Boolean).join(' ')),
  ]);
  return renderGrid(header, body, { markdown });
}

/** Footnotes: what the marks mean, and one line per failed job with its repro command. */
export function renderNotes(agg, { markdown = false } = {}) {
  const notes = [
    `Throughput: median over rounds ± half-width of its 95% interval; ratio = throughput / ${agg.baseline}'s with a bootstrap 95% interval; "~" = interval contains 1 (no significant difference). "!" = CV over rounds > ${CV_WARN * 100}%. "?" = within 1.5x of a no-op (likely optimised away). [p/t] = conformance of that runtime for the row's suite (WPT subtests and checks passed/total), when the run includes it.`,
  ];
  const seen = new Set();
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      for (const r of cell.errors) {
        const key = `${row.key}|${id}|${r.status}|${r.error}`;
        if (seen.has(key)) continue;
        seen.add(key);
        notes.push(
          `${row.key} on ${id}: ${r.status}${r.error ? ` (${r.error})` : ''}${r.repro ? `\n  Command: ${r.repro}` : ''}`,
        );
      }
    }
  }
  return notes.map((n) => (markdown ? `- ${n.replace(/\n {2}/g, ' — ')}` : n)).join('\n');
}

/** Fingerprint and runtimes as a few lines to print above a table. */
export function renderFingerprint(doc, { markdown = false } = {}) {
  const f = doc.fingerprint;
  const lines = [
    `machine: ${f.cpu_model} × ${f.cores}, ${si(f.mem_bytes / 2 ** 30)} GiB, ${f.os}, kernel ${f.kernel}, ${f.arch}, governor ${f.governor}`,
    `load average: start ${f.loadavg_start.join(' ')}, end ${f.loadavg_end?.join(' ') ?? 'n/a'}; NODE_ENV=${f.node_env ?? '(unset)'}`,
    `run: ${doc.started} → ${doc.finished ?? 'unfinished'}${doc.interrupted ? ' (interrupted)' : ''}; ${doc.options?.rounds ?? '?'} round(s)${doc.options?.quick ? ', QUICK' : ''}`,
    ...doc.runtimes.map(
      (r) =>
        `${r.id}: ${r.version ?? 'n/a'} (${r.engine ?? '?'} ${r.engine_version ?? ''})${r.flags?.length ? ` flags ${r.flags.join(' ')}` : ''}${r.preload ? ` preload ${r.preload}` : ''}${r.error ? ` — ${r.error}` : ''}`,
    ),
  ];
  return markdown ? lines.map((l) => `- ${l}`).join('\n') : lines.join('\n');
}

/**
 * Everything `make table` prints for a results document.
 * @param {any} doc
 * `analyses` are suite-specific extra tables (suites/<suite>/_analysis.js, see discover.js):
 * each `{title, render(results, {markdown})}` returns text, or null when it has nothing to say.
 * @param {{show?: string[], baseline?: string, markdown?: boolean, analyses?: {title: string, render: Function}[]}} opts
 */
export function renderResults(doc, { show = [], baseline, markdown = false, analyses = [] } = {}) {
  const runtimes = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, runtimes, baseline ?? runtimes[0]);
  const labels = Object.fromEntries(doc.runtimes.map((r) => [r.id, r.version ? `${r.id} ${r.version}` : r.id]));
  const conformance = doc.conformance ?? [];
  const parts = [renderFingerprint(doc, { markdown }), ''];
  // Pass counts inside the perf cells only on request (SHOW=conformance): they widen every cell.
  const marks = show.includes('conformance') ? conformance : [];
  if (agg.rows.length) parts.push(renderTable(agg, { markdown, labels, conformance: marks }));
  const titles = {
    spread: 'Spread over rounds: throughput of the slowest–fastest round, coefficient of variation of round medians',
    cpu: 'CPU (user+sys) / wall per job, medians',
    rss: 'Peak RSS per job, medians',
  };
  for (const metric of show) {
    if (!(metric in titles)) continue;
    const title = titles[metric];
    const m = /** @type {'spread'|'cpu'|'rss'} */ (metric);
    parts.push('', markdown ? `**${title}**` : title, renderTable(agg, { metric: m, markdown, labels }));
  }
  if (conformance.length) {
    const title = 'Conformance: subtests or checks passed/total (WPT folders and shared checks)';
    parts.push('', markdown ? `**${title}**` : title, conformanceTable(conformance, { markdown, runtimes }));
  }
  for (const a of analyses) {
    const text = a.render(doc.results, { markdown });
    if (text) parts.push('', markdown ? `**${a.title}**` : a.title, text);
  }
  parts.push('', renderNotes(agg, { markdown }));
  return parts.join('\n');
}

/**
 * Compare two results files cell by cell (same workload, params and runtime id): B's
 * throughput relative to A's with a bootstrap interval over rounds. Across files the
 * machine state differs, so only large, significant ratios mean much.
 */
export function renderDiff(a, b, { markdown = false } = {}) {
  const ids = (doc) => doc.runtimes.map((r) => r.id);
  const common = ids(a).filter((id) => ids(b).includes(id));
  const aggA = aggregate(a.results, common);
  const aggB = aggregate(b.results, common);
  const rowsB = new Map(aggB.rows.map((r) => [r.key, r]));
  const body = [];
  for (const rowA of aggA.rows) {
    const rowB = rowsB.get(rowA.key);
    if (!rowB) continue;
    for (const id of common) {
      const ca = rowA.cells[id];
      const cb = rowB.cells[id];
      if (!ca || !cb) continue;
      const unit = rowA.unit;
      const ratio = ca.ok && cb.ok ? fmtRatio(ratioCI(ca.times, cb.times)) : '';
      // Each side's own cross-runtime ratio would only confuse a file-to-file comparison.
      const own = (c) => cellText({ ...c, ratio: null }, unit, 'throughput');
      body.push([rowA.key, id, own(ca), own(cb), ratio || '-']);
    }
  }
  const header = ['workload', 'runtime', `A ${a.started}`, `B ${b.started}`, 'B/A'];
  return renderGrid(header, body, { markdown });
}
