// A/A runs: the same binary under two ids, interleaved as usual. Every difference between them
// is noise, so they measure this machine's noise floor and the test's real false-positive rate.

import { aaPooled, aaSummary } from '../../results/aa.js';
import { aaId } from '../../runtimes/registry.js';
import { simpleTable } from '../model/model.js';
import { fmtInterval, verdictText } from '../model/ratio-text.js';

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
