// The gate's numbers (criterion's regression against a baseline): which cells were compared, their
// ratios corrected together, and per cell whether it is a regression, an improvement, a change
// within the gate or no claim. Two forms: two results files cell by cell (make diff), and one
// interleaved run of this tree's runtimes beside a base tree's twins (make gate). The words for
// each decision are the report's (lib/report/across/gate.js); the exit code is the caller's.
import { correctTable } from '../measure/stats/compare.js';
import { baseId } from '../runtimes/registry.js';
import { aggregate, cellRatio, fileRatio } from './aggregate.js';
import { CrossLegError, legOf } from './legs.js';
import { METRICS } from './metrics.js';

/**
 * One compared cell: B against A (> 1 = B faster), with both sides' aggregated cells.
 * @typedef {{key: string, runtime: string, ratio: any, a: any, b: any, versions?: [string?, string?]}} Change
 */

/**
 * @typedef {{kind: 'not compared' | 'no claim' | 'within' | 'regression' | 'improvement', change?: number}} Decision
 *   `no claim`: the ratio is not significant (its own verdict says equivalent or inconclusive);
 *   `change`: B's time relative to A's, as a share.
 */

/**
 * Two results files cell by cell (same workload, params and runtime id), unpaired over rounds
 * (Welch on log times), corrected together as one table. Refuses files of different legs: a
 * ratio across OS or architecture would measure the machine, not the change.
 * @returns {{changes: Change[]}}
 */
export function fileChanges(a, b) {
  if (legOf(a) !== legOf(b)) {
    throw new CrossLegError(
      `Refusing to diff ${legOf(a)} against ${legOf(b)}: files from different legs ran on different machines; diff two files of one leg`,
    );
  }
  const ids = (doc) => doc.runtimes.map((r) => r.id);
  const common = ids(a).filter((id) => ids(b).includes(id));
  const aggA = aggregate(a.results, common);
  const rowsB = new Map(aggregate(b.results, common).rows.map((r) => [r.key, r]));
  /** @type {Change[]} */
  const changes = [];
  for (const rowA of aggA.rows) {
    const rowB = rowsB.get(rowA.key);
    if (!rowB) continue;
    for (const id of common) {
      const [ca, cb] = [rowA.cells[id], rowB.cells[id]];
      if (!ca || !cb) continue;
      changes.push({
        key: rowA.key,
        runtime: id,
        ratio: ca.ok && cb.ok ? fileRatio(ca, cb, METRICS.time_ns) : null,
        a: ca,
        b: cb,
      });
    }
  }
  correctTable(changes.map((c) => c.ratio).filter((r) => r !== null));
  return { changes };
}

/**
 * make gate's one interleaved run: for every runtime `X` beside `X/base`, each row's ratio of X
 * against X/base paired by round (they ran back to back, so drift cancels), corrected together.
 * A row that ran on the base but on the head in no round is broken.
 * @param {any} doc the gate's results file
 * @returns {{changes: Change[], broken: {key: string, runtime: string}[]}}
 */
export function pairedChanges(doc) {
  const ids = doc.runtimes.map((r) => r.id);
  const heads = ids.filter((id) => ids.includes(baseId(id)));
  const version = new Map(doc.runtimes.map((r) => [r.id, r.version]));
  /** @type {Change[]} */
  const changes = [];
  const broken = [];
  for (const row of aggregate(doc.results, ids).rows) {
    for (const id of heads) {
      const [cb, ch] = [row.cells[baseId(id)], row.cells[id]];
      if (!cb && !ch) continue;
      // A fresh ratio: the one aggregate made is already corrected within its own table.
      const ratio = cb?.ok && ch?.ok ? cellRatio(cb, ch, METRICS.time_ns) : null;
      if (cb?.ok && !ch?.ok) broken.push({ key: row.key, runtime: id });
      changes.push({
        key: row.key,
        runtime: id,
        ratio,
        a: cb,
        b: ch,
        versions: [version.get(baseId(id)), version.get(id)],
      });
    }
  }
  correctTable(changes.map((c) => c.ratio).filter((r) => r !== null));
  return { changes, broken };
}

/**
 * The gate's decision on each change. A regression needs a significant slowdown (B slower than
 * A, its table-adjusted interval excluding 1) larger than `threshold` percent and, when an A/A
 * run gave a noise floor for the row, larger than that floor too.
 * @param {Change[]} changes
 * @param {{threshold?: number, floor?: Map<string, number>}} [opts]
 */
export function gateDecisions(changes, { threshold = 5, floor } = {}) {
  /** @type {(Change & {change: number})[]} */
  const regressions = [];
  let improvements = 0;
  /** @type {Decision[]} */
  const decisions = changes.map((c) => {
    const r = c.ratio;
    if (!r) return { kind: 'not compared' };
    if (!r.significant) return { kind: 'no claim' };
    const change = Math.abs(1 / r.ratio - 1);
    if (change <= Math.max(threshold / 100, floor?.get(c.key) ?? 0)) return { kind: 'within', change };
    if (r.ratio < 1) {
      regressions.push({ ...c, change });
      return { kind: 'regression', change };
    }
    improvements++;
    return { kind: 'improvement', change };
  });
  return { decisions, regressions, improvements, threshold, floor };
}

/** make diff's gate: fileChanges then gateDecisions. */
export const gateFiles = (a, b, opts = {}) => {
  const { changes } = fileChanges(a, b);
  /** @type {{key: string, runtime: string}[]} */
  const broken = [];
  return { changes, broken, ...gateDecisions(changes, opts) };
};

/** make gate's gate: pairedChanges then gateDecisions. */
export const gatePaired = (doc, opts = {}) => {
  const { changes, broken } = pairedChanges(doc);
  return { changes, broken, ...gateDecisions(changes, opts) };
};

/** @typedef {ReturnType<typeof gatePaired>} Gate */
