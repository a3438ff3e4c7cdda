// File-to-file comparison: the same cells (runtime, workload, params) of two results files, and
// the gate CI can use on it (criterion's regression against a saved baseline).
import { aggregate, fileRatio } from './aggregate.js';
import { printFormat } from './formats.js';
import { CrossLegError, legOf } from './merge.js';
import { METRICS } from './metrics.js';
import { printTable } from './print.js';
import { correctTable, verdictText } from './ratios.js';
import { fmtRatio, throughputCell } from './table.js';

/**
 * File-to-file comparison, cell by cell (same workload, params and runtime id): B's throughput
 * relative to A's, unpaired over rounds (Welch on log times). Across files the machine state
 * differs, so only large, significant ratios mean much.
 * @returns {{table: import('./model.js').TableData, changes: {key: string, runtime: string, ratio: any}[]}}
 */
export function diffOf(a, b) {
  // A file-to-file ratio across OS or arch would measure the machine, not the change.
  if (legOf(a) !== legOf(b)) {
    throw new CrossLegError(
      `Refusing to diff ${legOf(a)} against ${legOf(b)}: files from different legs ran on different machines; diff two files of one leg`,
    );
  }
  const ids = (doc) => doc.runtimes.map((r) => r.id);
  const common = ids(a).filter((id) => ids(b).includes(id));
  const aggA = aggregate(a.results, common);
  const aggB = aggregate(b.results, common);
  const rowsB = new Map(aggB.rows.map((r) => [r.key, r]));
  const rows = [];
  const changes = [];
  for (const rowA of aggA.rows) {
    const rowB = rowsB.get(rowA.key);
    if (!rowB) continue;
    for (const id of common) {
      const ca = rowA.cells[id];
      const cb = rowB.cells[id];
      if (!ca || !cb) continue;
      const ratio = ca.ok && cb.ok ? fileRatio(ca, cb, METRICS.time_ns) : null;
      changes.push({ key: rowA.key, runtime: id, ratio });
      // Each side's own cross-runtime ratio would only confuse a file-to-file comparison.
      const own = (c) => throughputCell({ ...c, ratio: null });
      rows.push({ workload: rowA.key, runtime: id, a: own(ca), b: own(cb), ratio: { text: '' } });
    }
  }
  // One table, one correction: the verdicts and intervals of every cell compared, as in a results table.
  correctTable(changes.map((c) => c.ratio).filter((r) => r !== null));
  changes.forEach((c, i) => {
    rows[i].ratio = { text: fmtRatio(c.ratio) || '-' };
  });
  const columns = [
    { key: 'workload', label: 'workload' },
    { key: 'runtime', label: 'runtime' },
    { key: 'a', label: `A ${a.started}` },
    { key: 'b', label: `B ${b.started}` },
    { key: 'ratio', label: 'B/A' },
  ];
  return { table: { columns, rows }, changes };
}

/** `make diff` as text or markdown. */
export function renderDiff(a, b, { markdown = false } = {}) {
  return printTable(diffOf(a, b).table, { format: printFormat({ markdown }) });
}

/**
 * The diff as a gate (criterion's regression against a baseline): each cell is a regression, an
 * improvement, a change within the threshold, equivalent or inconclusive (never "no change" from a
 * test that could not tell). A regression needs a significant slowdown (B slower than A, its
 * table-adjusted interval excluding 1) larger than `threshold` percent and, when an A/A file gave
 * a noise floor for the row, larger than that floor too.
 * @param {any} a
 * @param {any} b
 * @param {{threshold?: number, floor?: Map<string, number>}} [opts]
 */
export function diffGate(a, b, { threshold = 5, floor } = {}) {
  const { table, changes } = diffOf(a, b);
  const regressions = [];
  let improvements = 0;
  const verdicts = changes.map((c) => {
    const r = c.ratio;
    if (!r) return 'not compared';
    if (!r.significant) return verdictText(r);
    const change = Math.abs(1 / r.ratio - 1); // B's time relative to A's
    const limit = Math.max(threshold / 100, floor?.get(c.key) ?? 0);
    if (change <= limit) return `${r.ratio < 1 ? 'slower' : 'faster'} within the gate (${(change * 100).toFixed(1)}%)`;
    if (r.ratio < 1) {
      regressions.push({ ...c, change });
      return `REGRESSION +${(change * 100).toFixed(1)}% time`;
    }
    improvements++;
    return `improvement −${(change * 100).toFixed(1)}% time`;
  });
  table.columns.push({ key: 'verdict', label: 'verdict', align: 'left' });
  table.rows.forEach((row, i) => {
    row.verdict = { text: verdicts[i], ...(verdicts[i].startsWith('REGRESSION') ? { tone: 'bad' } : {}) };
  });
  const count = (v) => changes.filter((c) => c.ratio?.verdict === v).length;
  const gate = `threshold ${threshold}%${floor ? ', A/A noise floor per row' : ''}`;
  const summary = regressions.length
    ? `diff: ${regressions.length} significant regression(s) beyond ${gate}: ${regressions.map((r) => `${r.key} on ${r.runtime} (+${(r.change * 100).toFixed(1)}%)`).join('; ')}`
    : `diff: no slowdown beyond ${gate} (${improvements} improvement(s), ${count('equivalent')} equivalent, ${count('inconclusive')} inconclusive of ${changes.length} cell(s) compared)`;
  return { table, summary, regressions };
}
