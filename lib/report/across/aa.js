// A/A runs: the same binary under two ids, interleaved as usual. Every difference between them
// is noise, so they measure this machine's noise floor and the test's real false-positive rate.

import { pairRounds } from '../../measure/stats/compare.js';
import { noiseFloor } from '../../measure/stats/paired.js';
import { aaId } from '../../runtimes/registry.js';
import { aggregate } from '../model/aggregate.js';
import { simpleTable } from '../model/model.js';
import { fmtInterval, verdictText } from '../model/ratio-text.js';

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

const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '—');

/**
 * The A/A report: one line per row and a one-line verdict.
 * @param {any} doc
 * @returns {{table: import('../model/model.js').TableData, verdict: string, flagged: number, rows: number, pooled: ReturnType<typeof aaPooled>}}
 */
export function aaReport(doc) {
  const { rows, floor, runtime } = aaSummary(doc);
  const body = rows.map((r) => {
    return [
      r.key,
      r.ratio ? `${r.ratio.ratio.toFixed(3)}×` : '—',
      fmtInterval(r.ratio?.ci95) || '—',
      pct(Math.abs((r.ratio?.ratio ?? Number.NaN) - 1)),
      r.ratio ? verdictText(r.ratio) : '-',
    ];
  });
  const flagged = Math.round(floor.flaggedShare * floor.rows) || 0;
  const table = simpleTable(
    `A/A: ${aaId(runtime)} against ${runtime} (the same binary): every difference is noise`,
    ['workload', 'ratio', 'interval (adjusted)', '|ratio − 1|', 'verdict'],
    body,
  );
  const summary = `noise floor on this machine: median |ratio − 1| ${pct(floor.medianAbsDev)}, largest ${pct(floor.maxAbsDev)}, widest interval ±${pct(floor.widestHalfWidth)}; ${flagged} of ${floor.rows} rows flagged by the uncorrected 5% test (${pct(floor.flaggedShare)}); the uncorrected 95% interval holds 1 (the truth) on ${pct(floor.coverage)} of rows`;
  // At a 5% level about 1 row in 20 is flagged by chance; more than that (with a little slack
  // for small counts) says the test's assumptions do not hold here.
  const expected = 0.05 * floor.rows;
  const ok = flagged <= Math.max(1, Math.ceil(expected + 2 * Math.sqrt(expected * 0.95)));
  const verdict = ok
    ? `${summary}: ${flagged <= expected ? 'within' : 'more than, but within the chance spread of,'} the 5% expected by chance; differences below about ${pct(floor.maxAbsDev)} are not claims on this machine`
    : `${summary}: more than chance allows; this machine is too noisy (or drifts within rounds) for claims below ${pct(floor.maxAbsDev)}`;
  const pooled = aaPooled(doc);
  const method = pooled.comparisons
    ? `as the tables read it (moderated within each suite, Benjamini–Yekutieli (2005) false-coverage-rate intervals over each metric's comparisons), pooled over ${pooled.comparisons} comparisons of ${pooled.metrics} metrics: ${pooled.flagged} called faster or slower (${pct(pooled.flagged / pooled.comparisons)}), ${pooled.equivalent} equivalent, the rest inconclusive; the moderated 95% interval holds 1 on ${pct(pooled.coverage)} of them`
    : '';
  return { table, verdict: method ? `${verdict}\n${method}` : verdict, flagged, rows: floor.rows, pooled };
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
