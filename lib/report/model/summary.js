// Under a table, in plain words: one line per workload group saying which runtime was fastest and
// by how much (as hyperfine prints "X ran N times faster than Y"), and a short legend.

import { CORRECTION, CORRECTION_CONDITION } from '../../measure/stats/compare.js';
import { WIDTH, wrap } from '../text/wrap.js';
import { MARKS } from './cells.js';
import { fmtInterval, fmtX, MARGIN_TEXT, verdictText } from './ratio-text.js';
import { setsAside } from './two-mode-lines.js';

/**
 * One row's comparison: the fastest runtime against the baseline, or, when the baseline is the
 * fastest, the baseline against the runner-up. Null when fewer than two runtimes ran it.
 * @returns {{faster: string, slower: string, ratio: number, ci95: [number, number], n: number, verdict: string, set_aside?: any} | null}
 */
export function rowComparison(row, agg) {
  const ok = agg.runtimes.filter((id) => row.cells[id]?.ok && (id === agg.baseline || row.cells[id].ratio));
  if (ok.length < 2 || !ok.includes(agg.baseline)) return null;
  const ratioOf = (id) => (id === agg.baseline ? 1 : row.cells[id].ratio.ratio);
  const best = ok.reduce((a, b) => (ratioOf(b) > ratioOf(a) ? b : a));
  if (best !== agg.baseline) {
    const r = row.cells[best].ratio;
    return {
      faster: best,
      slower: agg.baseline,
      ratio: r.ratio,
      ci95: r.ci95,
      n: r.n,
      verdict: r.verdict,
      set_aside: r.set_aside,
    };
  }
  const others = ok.filter((id) => id !== agg.baseline);
  const next = others.reduce((a, b) => (ratioOf(b) > ratioOf(a) ? b : a));
  const r = row.cells[next].ratio;
  return {
    faster: agg.baseline,
    slower: next,
    ratio: 1 / r.ratio,
    ci95: [1 / r.ci95[1], 1 / r.ci95[0]],
    n: r.n,
    verdict: r.verdict === 'faster' ? 'slower' : r.verdict === 'slower' ? 'faster' : r.verdict,
    set_aside: r.set_aside,
  };
}

/** A comparison in words. */
function phrase(c) {
  if (c.verdict === 'faster' || c.verdict === 'slower') {
    const ci = fmtInterval(c.ci95);
    return `${c.faster} ${fmtX(c.ratio)}× faster than ${c.slower}${ci ? ` ${ci}` : ''}`;
  }
  if (c.verdict === 'equivalent') return `${c.faster} and ${c.slower} ${verdictText(c)} ${fmtInterval(c.ci95)}`.trim();
  return `${c.faster} vs ${c.slower} ${verdictText(c)}`;
}

/**
 * One line per workload group (a workload's rows over its parameters). Rows that agree (same
 * pair, all significant or all not) read as one phrase with the range of their ratios.
 * @returns {string[]} lines, each at most `width` columns
 */
export function summaryLines(agg, width = WIDTH) {
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const row of agg.rows) {
    if (!groups.has(row.workload)) groups.set(row.workload, []);
    groups.get(row.workload)?.push(row);
  }
  const lines = [];
  for (const [workload, rows] of groups) {
    const comps = /** @type {{row: any, c: NonNullable<ReturnType<typeof rowComparison>>}[]} */ (
      rows.map((row) => ({ row, c: rowComparison(row, agg) })).filter((x) => x.c !== null)
    );
    if (!comps.length) continue;
    const sig = (c) => c.verdict === 'faster' || c.verdict === 'slower';
    const first = comps[0].c;
    const alike = comps.every(
      ({ c }) =>
        c.faster === first.faster && c.slower === first.slower && sig(c) === sig(first) && c.verdict === first.verdict,
    );
    let text;
    if (comps.length === 1) text = phrase(first);
    else if (alike && sig(first)) {
      const xs = comps.map(({ c }) => c.ratio);
      const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
      text = `${first.faster} ${fmtX(lo)}${hi > lo ? `–${fmtX(hi)}` : ''}× faster than ${first.slower} (${comps.length} rows)`;
    } else if (alike) text = `${phrase(first)} (${comps.length} rows)`;
    else text = comps.map(({ row, c }) => `${row.key.slice(workload.length + 1) || row.key}: ${phrase(c)}`).join('; ');
    lines.push(...wrap(`${workload}: ${text}`, width));
  }
  return lines;
}

/**
 * The legend: short lines, only for what the table shows.
 * @param {any} agg
 * @param {{detail?: boolean, floor?: boolean, marks?: string[], width?: number}} [o]
 */
export function legendLines(agg, { detail = false, floor = false, marks = [], width = WIDTH } = {}) {
  const n = agg.rows[0]?.cells[agg.baseline]?.rounds;
  const text = [
    `Cells: median over ${n ? `${n} ` : ''}rounds; ratio = throughput ÷ ${agg.baseline}'s (geometric mean of per-round ratios${agg.rows.some(setsAside) ? "; rounds off a comparison's main mode set aside, each listed below" : ''}).`,
    ...(agg.comparisons
      ? [
          `Verdicts from each ratio's 95% interval, its variance moderated within its suite (empirical Bayes: the rows lend each other degrees of freedom; docs/statistics.md) and adjusted over the run's ${agg.comparisons} comparison${agg.comparisons === 1 ? '' : 's'} as ${CORRECTION} intervals (${CORRECTION_CONDITION}): no mark: faster or slower (the adjusted interval excludes 1${floor ? ' and the change exceeds the A/A floor' : ''}); "=": equivalent (two one-sided tests at the adjusted level place it within ${MARGIN_TEXT}); "?": inconclusive (neither: the interval is too wide to tell; more rounds narrow it).`,
        ]
      : []),
    ...marks.filter((m) => MARKS[m]).map((m) => `${m} = ${MARKS[m]}.`),
    detail
      ? `±: 95% interval of the cell (t on logs of round medians); [lo–hi]: the ratio's interval, adjusted as its verdict (${CORRECTION}).`
      : 'SHOW=spread adds intervals and the spread over rounds.',
  ];
  return text.flatMap((t) => wrap(t, width));
}
