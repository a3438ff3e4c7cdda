// File-to-file comparison: the same cells (runtime, workload, params) of two results files side by
// side, and the gate CI can use on it (criterion's regression against a saved baseline).

import { fileChanges, gateFiles } from '../../results/gate.js';
import { throughputCell } from '../model/cells.js';
import { fmtRatio } from '../model/ratio-text.js';
import { addVerdicts, gateVerdicts } from './gate.js';

/**
 * File-to-file comparison, cell by cell (same workload, params and runtime id): B's throughput
 * relative to A's, unpaired over rounds (the numbers: lib/results/gate.js fileChanges). Across
 * files the machine state differs, so only large, significant ratios mean much.
 * @param {any} a
 * @param {any} b
 * @param {import('../../results/gate.js').Change[]} [changes]
 * @returns {{table: import('../model/model.js').TableData, changes: import('../../results/gate.js').Change[]}}
 */
export function diffOf(a, b, changes = fileChanges(a, b).changes) {
  // Each side's own cross-runtime ratio would only confuse a file-to-file comparison.
  const own = (c) => throughputCell({ ...c, ratio: null });
  const rows = changes.map((c) => ({
    workload: c.key,
    runtime: c.runtime,
    a: own(c.a),
    b: own(c.b),
    ratio: { text: fmtRatio(c.ratio) || '-' },
  }));
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
 * `make diff` as a gate: the table with each cell's gate verdict and the summary line.
 * @param {any} a
 * @param {any} b
 * @param {{threshold?: number, floor?: Map<string, number>}} [opts]
 * @param {import('../../results/gate.js').Gate} [g] the gate's numbers, when the caller has them
 */
export function diffGate(a, b, opts = {}, g = gateFiles(a, b, opts)) {
  const { table } = diffOf(a, b, g.changes);
  const { verdicts, summary } = gateVerdicts(g);
  addVerdicts(table, verdicts);
  return { table, summary, regressions: g.regressions };
}
