// A figure against the release: one row per release in version order, its throughput with the
// interval over rounds, the paired ratio to the release before, and a mark where that step is
// significant (and beyond the A/A floor when one is given). Pure: a results file in, TableData out.

import { EQUIVALENCE_MARGIN } from '../../measure/stats/paired.js';
import { holmSteps } from '../../measure/stats/table-stats.js';
import { aggregate, cellRatio } from '../../results/aggregate.js';
import { METRICS, throughputUnit } from '../../results/metrics.js';
import { stepText } from '../../runtimes/bisect.js';
import { NOTES_URL } from '../../runtimes/platform.js';
import { printable } from '../model/printable.js';
import { ratioText, verdictText } from '../model/ratio-text.js';

const BARS = '▁▂▃▄▅▆▇█';

/**
 * One character per value, its height proportional to the value (zero at the bottom, the
 * highest at the top), so a step of a few percent does not draw as the whole range; '·' for a
 * missing value.
 */
export function sparkline(values) {
  const hi = Math.max(...values.filter(Number.isFinite));
  return values
    .map((v) => {
      if (!Number.isFinite(v)) return '·';
      if (!(hi > 0)) return BARS[0];
      return BARS[Math.round((Math.max(0, v) / hi) * (BARS.length - 1))];
    })
    .join('');
}

/** Three significant digits with k/M/G. */
const short = (x) => {
  if (!Number.isFinite(x)) return '-';
  for (const [v, s] of /** @type {[number, string][]} */ ([
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ])) {
    if (Math.abs(x) >= v) return `${(x / v).toPrecision(3)}${s}`;
  }
  return x.toPrecision(3);
};

/** "node@24.13.0" → "24.13.0"; any other id stays itself. */
const versionOf = (id) => /@(\d+\.\d+\.\d+)$/.exec(id)?.[1] ?? id;

/**
 * @typedef {{id: string, version: string, value: number, ci95: [number, number], status: string,
 *   step: null | {p: number, ratio: number, ci95: [number, number], verdict: string, significant: boolean, beyondFloor: boolean}}} Point
 * @typedef {{key: string, unit: string, points: Point[]}} Series
 */

/**
 * Every row (workload × params) of a results file as a series over its runtimes, in the file's
 * runtime order (timeline writes them oldest first).
 * @param {any} doc
 * @param {{floor?: Map<string, number>}} [opts] an A/A floor per row key (share, e.g. 0.03)
 * @returns {Series[]}
 */
export function timelineSeries(doc, { floor } = {}) {
  const ids = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, ids, ids[0]);
  return agg.rows.map((row) => {
    const unit = throughputUnit(row.unit);
    const f = floor?.get(row.key) ?? 0;
    const points = ids.map((id, i) => {
      const cell = row.cells[id];
      const t = cell?.metrics?.throughput;
      const prev = i ? row.cells[ids[i - 1]] : null;
      const r = prev?.ok && cell?.ok ? cellRatio(prev, cell, METRICS.time_ns) : null;
      return {
        id,
        version: versionOf(id),
        value: t?.median ?? Number.NaN,
        ci95: t?.ci95 ?? [Number.NaN, Number.NaN],
        status: cell?.ok ? 'ok' : (cell?.statuses?.join('/') ?? 'not run'),
        step: r && {
          p: r.p,
          ratio: r.ratio,
          ci95: r.ci95,
          verdict: r.verdict,
          significant: r.significant,
          beyondFloor: r.significant && Math.abs(r.ratio - 1) > f,
        },
      };
    });
    holmSteps(points.map((p) => p.step).filter((x) => x !== null));
    return { key: row.key, unit, points };
  });
}

/**
 * A series as a table: release, throughput ±interval, step to the previous release, mark.
 * @param {Series} s
 * @param {{floorGiven?: boolean}} [opts]
 * @returns {import('../model/model.js').TableData}
 */
export function timelineTable(s, { floorGiven = false } = {}) {
  const rows = s.points.map((p) => {
    const [lo, hi] = p.ci95;
    const ci = Number.isFinite(lo) ? `[${short(lo)}, ${short(hi)}]` : '';
    // The step column's mark is the series-corrected verdict, so the ratio goes without its own.
    const step = p.step ? ratioText(p.step, { mark: false }) : '';
    const mark = p.step?.beyondFloor
      ? p.step.ratio > 1
        ? '▲ faster'
        : '▼ slower'
      : p.step
        ? p.step.verdict === 'equivalent'
          ? '='
          : '?'
        : '';
    return {
      release: p.id,
      value: Number.isFinite(p.value) ? { text: short(p.value), value: p.value, ci95: p.ci95 } : p.status,
      ci,
      step: {
        text: step,
        ...(p.step?.beyondFloor
          ? { tone: p.step.ratio > 1 ? /** @type {const} */ ('good') : /** @type {const} */ ('bad') }
          : {}),
      },
      mark,
    };
  });
  return {
    title: `${s.key}: ${sparkline(s.points.map((p) => p.value))} (${s.unit} by release, oldest first; higher is faster)`,
    columns: [
      { key: 'release', label: 'release' },
      { key: 'value', label: s.unit, align: 'right' },
      { key: 'ci', label: '95% interval', align: 'right' },
      { key: 'step', label: 'vs previous (paired)', align: 'right' },
      { key: 'mark', label: 'step', align: 'left' },
    ],
    rows,
    notes: [
      'vs previous: throughput of this release ÷ the one above, the geometric mean of per-round ratios with a t interval',
      floorGiven
        ? `▲/▼: faster/slower, significant at 5% across the series (Holm) and beyond the A/A floor of this row; = equivalent (interval within ±${Math.round(EQUIVALENCE_MARGIN * 100)}%); ? inconclusive`
        : `▲/▼: faster/slower, significant at 5% across the series (Holm; no A/A floor given: AA=<file> also requires the step to exceed it); = equivalent (interval within ±${Math.round(EQUIVALENCE_MARGIN * 100)}%); ? inconclusive`,
    ],
  };
}

/**
 * A bisect's outcome as lines: the steps, both releases' figures with intervals, their paired
 * ratio, and the verdict with the release notes link. From the bisect.json a bisect writes.
 * @param {any} b
 */
export function bisectLines(b) {
  const c = b.comparison ?? {};
  const ratio = Number.isFinite(c.ratio)
    ? `${ratioText(c, { mark: false })} (${verdictText(c)}, paired by round)`
    : (c.verdict ?? '');
  const verdict = {
    found: `changed in ${b.runtime} ${b.after} (the release after ${b.before}): ${b.notes}`,
    'no-change': `no change found between ${b.runtime} ${b.before} and ${b.after} (${c.verdict ? verdictText(c) : 'not compared'}): nothing to bisect`,
    'no-single-step': `no single release step is significant between ${b.before} and ${b.after}: the change is spread over releases, or within the noise`,
    inconclusive: `inconclusive between ${b.before} and ${b.after}: a step's middle release could be placed neither as equivalent to one end nor as different from the other after three measurements, so the bisect stopped rather than guess`,
  }[b.status];
  return [
    `bisect ${b.runtime} ${b.good} → ${b.bad}, ${b.row}: ${b.releases} releases, ${b.steps.length} step(s)`,
    ...b.steps.map((s, i) => `  step ${i + 1}: ${s.lo} | ${s.mid} | ${s.hi}: ${stepText(s)}`),
    `  ${b.runtime}@${b.before}: ${b.figures.before}`,
    `  ${b.runtime}@${b.after}: ${b.figures.after}`,
    `  ${b.after} vs ${b.before}: ${ratio} (${b.file})`,
    verdict,
  ];
}

/**
 * A WPT bisect's summary as lines (the run's output, and README blocks from its kept file): the
 * range, each subtest whose status changed with both sides, the release and its notes.
 * @param {any} b {runtime, wpt, releases?, steps, before, after, status, changed, runs}
 */
export function wptBisectLines(b) {
  const [good, bad] = [b.steps[0]?.lo, b.steps[0]?.hi];
  const side = (v, k) => b.runs?.[v]?.[k] ?? 'absent';
  return [
    `bisect ${b.runtime} ${good} → ${bad}, WPT ${b.wpt}: ${b.releases ? `${b.releases} releases, ` : ''}${Object.keys(b.runs ?? {}).length} run`,
    ...b.changed.map((k) => `  ${k}: ${side(b.before, k)} in ${b.before} → ${side(b.after, k)} in ${b.after}`),
    b.status === 'found'
      ? `changed in ${b.runtime} ${b.after} (the release after ${b.before}): ${NOTES_URL[b.runtime](b.after)}`
      : `every subtest has the same status in ${b.runtime} ${b.before} and ${b.after}: nothing to bisect`,
  ];
}

/** What a release's outcome of a Node test file says in one word (skips keep their reason apart). */
export const outcomeWord = (/** @type {any} */ rec) => rec?.outcome ?? 'not run';

/**
 * A Node test file's bisect as lines (the run's output, and docs blocks from its kept file).
 * @param {{runtime: string, node_test: string, releases: number, status: string, before: string, after: string,
 *   steps: any[], runs: Record<string, any>}} b
 */
export function nodeTestBisectLines(b) {
  const [good, bad] = [b.steps[0]?.lo, b.steps[0]?.hi];
  const line = (v) => {
    const r = b.runs[v];
    return `${outcomeWord(r)}${r?.first_error ? ` (${r.first_error})` : r?.skip_reason ? ` (${r.skip_reason})` : ''}`;
  };
  return [
    `bisect ${b.runtime} ${good} → ${bad}, Node test ${b.node_test}: ${b.releases} releases, ${Object.keys(b.runs).length} run`,
    `  ${b.before}: ${line(b.before)}`,
    `  ${b.after}: ${line(b.after)}`,
    b.status === 'found'
      ? `changed in ${b.runtime} ${b.after} (the release after ${b.before}): ${NOTES_URL[b.runtime](b.after)}`
      : `the file has the same outcome in ${b.runtime} ${b.before} and ${b.after}: nothing to bisect`,
  ];
}

/**
 * A WPT file over releases: per release its subtests passed and the subtests whose status changed
 * since the release before.
 * @param {{runtime: string, wpt: string, series: Array<{version: string, passed: number, total: number, changed: string[]}>}} t
 */
export function wptTimelineLines(t) {
  const w = Math.max(...t.series.map((p) => p.version.length));
  const lines = [`timeline ${t.runtime}, WPT ${t.wpt}: ${t.series.length} releases`];
  for (const p of t.series) {
    const changed = p.changed.length ? `  ${p.changed.length} subtest(s) changed since the release before` : '';
    lines.push(`  ${p.version.padEnd(w)}  ${p.passed}/${p.total} pass${changed}`);
    for (const k of p.changed.slice(0, 5)) lines.push(`      ${printable(k)}`);
    if (p.changed.length > 5) lines.push(`      and ${p.changed.length - 5} more`);
  }
  return lines;
}
