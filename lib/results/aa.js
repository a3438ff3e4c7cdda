// The numbers of an A/A file (the same binary under two ids, interleaved): every difference
// between the two is noise, so each row's ratio is this machine's noise floor for that row.

import { pairRounds } from '../measure/stats/compare.js';
import { noiseFloor } from '../measure/stats/paired.js';
import { aaId } from '../runtimes/registry.js';
import { aggregate } from './aggregate.js';

/**
 * Per row of an A/A results file: the ratio of the twin against the original and its interval.
 * @param {any} doc
 * @returns {{rows: {key: string, ratio: any}[], floor: ReturnType<typeof noiseFloor>, runtime: string}}
 */
export function aaSummary(doc) {
  const ids = doc.runtimes.map((r) => r.id);
  const base = ids.find((id) => ids.includes(aaId(id)));
  if (!base) {
    throw new Error(`Not an A/A file: it needs a runtime and its twin "<id>/aa", got ${ids.join(', ')}`);
  }
  const agg = aggregate(doc.results, [base, aaId(base)], base);
  const rows = [];
  /** @type {[number[], number[]][]} */
  const pairs = [];
  for (const row of agg.rows) {
    const a = row.cells[base];
    const b = row.cells[aaId(base)];
    if (!a?.ok || !b?.ok) continue;
    rows.push({ key: row.key, ratio: b.ratio });
    const { a: pa, b: pb } = pairRounds(a.rows, b.rows);
    pairs.push([pa, pb]);
  }
  return { rows, floor: noiseFloor(pairs), runtime: base };
}

/**
 * The noise floor of each row: the farther of |ratio − 1| and the interval's half-width, as a
 * share. A ratio in another file that is closer to 1 than this is within the noise.
 * @param {any} doc an A/A results file
 * @returns {Map<string, number>}
 */
export function floorByRow(doc) {
  const { rows } = aaSummary(doc);
  return new Map(
    rows.map((r) => {
      // The row's own 95% interval (not the table-adjusted one): the noise of this row alone.
      const ci = r.ratio?.ci95_raw ?? r.ratio?.ci95;
      const half = Number.isFinite(ci?.[0]) ? (ci[1] - ci[0]) / 2 : Number.NaN;
      const dev = Math.abs((r.ratio?.ratio ?? Number.NaN) - 1);
      return [r.key, Math.max(dev, Number.isFinite(half) ? half : 0)];
    }),
  );
}

/**
 * The A/A as the tables read it: every ratio of the twin against the original with a direction
 * (time, CPU, memory, a row's own metrics), moderated and adjusted as aggregate() does, pooled.
 * The truth of each is 1: the share called faster or slower is the tables' false-flag rate, and
 * the share of moderated 95% intervals (before the table's adjustment) holding 1 their coverage.
 * @param {any} doc an A/A results file
 */
export function aaPooled(doc) {
  const ids = doc.runtimes.map((r) => r.id);
  const base = ids.find((id) => ids.includes(aaId(id)));
  if (!base) return { comparisons: 0, metrics: 0, flagged: 0, equivalent: 0, coverage: Number.NaN };
  const agg = aggregate(doc.results, [base, aaId(base)], base);
  const all = [];
  const metrics = new Set();
  for (const row of agg.rows) {
    for (const [id, r] of Object.entries(row.cells[aaId(base)]?.ratios ?? {})) {
      if (!r || !Number.isFinite(r.ratio)) continue;
      all.push(r);
      metrics.add(id);
    }
  }
  const withCi = all.filter((r) => Number.isFinite(r.ci95_raw?.[0]));
  return {
    comparisons: all.length,
    metrics: metrics.size,
    flagged: all.filter((r) => r.verdict === 'faster' || r.verdict === 'slower').length,
    equivalent: all.filter((r) => r.verdict === 'equivalent').length,
    coverage: withCi.filter((r) => r.ci95_raw[0] <= 1 && r.ci95_raw[1] >= 1).length / withCi.length,
  };
}
