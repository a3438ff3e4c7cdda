// File-to-file comparison: the same cells (runtime, workload, params) of two results files, and
// the gate CI can use on it (criterion's regression against a saved baseline); and the same gate
// on one interleaved run of a base tree's runtimes beside this tree's (make gate).

import { correctTable } from '../../measure/stats/compare.js';
import { aggregate, fileRatio } from '../model/aggregate.js';
import { throughputCell } from '../model/cells.js';
import { METRICS } from '../model/metrics.js';
import { fmtRatio } from '../model/ratio-text.js';
import { addVerdicts, gateVerdicts } from './gate.js';
import { CrossLegError, legOf } from './merge.js';

/**
 * File-to-file comparison, cell by cell (same workload, params and runtime id): B's throughput
 * relative to A's, unpaired over rounds (Welch on log times). Across files the machine state
 * differs, so only large, significant ratios mean much.
 * @returns {{table: import('../model/model.js').TableData, changes: {key: string, runtime: string, ratio: any}[]}}
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

/**
 * `make diff` as a gate: gateVerdicts over the cells of two files (unpaired ratios).
 * @param {any} a
 * @param {any} b
 * @param {{threshold?: number, floor?: Map<string, number>}} [opts]
 */
export function diffGate(a, b, { threshold = 5, floor } = {}) {
  const { table, changes } = diffOf(a, b);
  const { verdicts, regressions, summary } = gateVerdicts(changes, { threshold, floor });
  addVerdicts(table, verdicts);
  return { table, summary, regressions };
}
