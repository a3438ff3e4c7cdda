// What the HTML report's charts show, computed here (in node, from the aggregate) so the page
// script only draws: per-suite throughput bars, size-scaling lines for rows with an `mb`
// parameter, and latency-percentile lines for rows with TTFB/TTLB metrics. Every point carries
// its 95% interval (drawn as an error bar) and a tooltip with the absolute figure, since bars
// scaled to a share of the fastest hide what the figure was.

import { paramsKey } from '../../measure/workload.js';
import { throughputUnit } from '../../results/metrics.js';
import { ratioText } from '../model/ratio-text.js';
import { si } from '../model/units.js';
import { anchorId } from './anchor.js';
import { memoryCharts, startupCharts } from './charts-dist.js';
import { runtimeColor } from './colors.js';

/** @param {number} x */
const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/** A figure with its interval, as the tooltips write it. */
function withInterval(v, ci, unit) {
  const range = ci && finite(ci[0]) && finite(ci[1]) ? ` [${si(ci[0])}–${si(ci[1])}]` : '';
  return `${si(v)} ${unit}${range}`;
}

/** The throughput unit a row's figures are in (METRICS.throughput: decimal MB/s for bytes). */
const tpUnit = (row) => throughputUnit(row.unit);

/**
 * Throughput bars per suite, each runtime as a share of its row's fastest (rows differ by
 * orders of magnitude); `lo`/`hi` are the interval on the same scale, `tip` the absolute figure.
 * @param {{runtimes: string[], baseline: string, rows: any[]}} agg
 */
export function barCharts(agg) {
  const suites = [...new Set(agg.rows.map((r) => r.suite))];
  return suites.map((suite) => {
    const rows = agg.rows.filter((r) => r.suite === suite);
    const best = rows.map((r) => {
      const values = agg.runtimes.map((x) => r.cells[x]?.metrics?.throughput?.median).filter(finite);
      return values.length ? Math.max(...values) : Number.NaN;
    });
    return {
      kind: 'bar',
      id: anchorId('chart', suite),
      name: suite,
      title: `Throughput by runtime, ${suite} (share of each row's fastest; longer is faster; bars: 95% interval)`,
      labels: rows.map((r) => r.key),
      datasets: agg.runtimes.map((id) => {
        /** @type {{label: string, color: string, data: (number | null)[], lo: (number | null)[], hi: (number | null)[], tip: string[]}} */
        const out = { label: id, color: runtimeColor(id), data: [], lo: [], hi: [], tip: [] };
        rows.forEach((r, i) => {
          const s = r.cells[id]?.metrics?.throughput;
          const ok = s && finite(s.median) && finite(best[i]);
          out.data.push(ok ? s.median / best[i] : null);
          out.lo.push(ok && finite(s.ci95[0]) ? s.ci95[0] / best[i] : null);
          out.hi.push(ok && finite(s.ci95[1]) ? s.ci95[1] / best[i] : null);
          const ratio = r.cells[id]?.ratio;
          const vs = ratio && finite(ratio.ratio) ? `, ${ratioText(ratio)} vs ${agg.baseline}` : '';
          out.tip.push(ok ? `${id}: ${withInterval(s.median, s.ci95, tpUnit(r))}${vs}` : `${id}: no figure`);
        });
        return out;
      }),
    };
  });
}

/**
 * Throughput against the total size `mb`, one chart per workload and other parameters with at
 * least two sizes: a line that falls as `mb` grows is a cost per byte that grows with the queue.
 * @param {{runtimes: string[], rows: any[]}} agg
 */
export function scalingCharts(agg) {
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const r of agg.rows) {
    if (typeof r.params?.mb !== 'number') continue;
    const { mb: _mb, ...rest } = r.params;
    const key = `${r.workload}${Object.keys(rest).length ? ` ${paramsKey(rest)}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const charts = [];
  for (const [key, rows] of groups) {
    if (new Set(rows.map((r) => r.params.mb)).size < 2) continue;
    rows.sort((a, b) => a.params.mb - b.params.mb);
    charts.push({
      kind: 'scaling',
      id: anchorId('scaling', key),
      name: key,
      title: `${key}: throughput as the size grows (mb, log scales; bars: 95% interval)`,
      unit: tpUnit(rows[0]),
      datasets: agg.runtimes
        .map((id) => {
          const pts = rows
            .map((r) => ({ r, s: r.cells[id]?.metrics?.throughput }))
            .filter((p) => p.s && finite(p.s.median));
          return {
            label: id,
            color: runtimeColor(id),
            data: pts.map((p) => ({ x: p.r.params.mb, y: p.s.median })),
            lo: pts.map((p) => (finite(p.s.ci95[0]) ? p.s.ci95[0] : null)),
            hi: pts.map((p) => (finite(p.s.ci95[1]) ? p.s.ci95[1] : null)),
            tip: pts.map((p) => `${id}, mb=${p.r.params.mb}: ${withInterval(p.s.median, p.s.ci95, tpUnit(p.r))}`),
          };
        })
        .filter((d) => d.data.length > 0),
    });
  }
  return charts;
}

/** `ttfb_ms` → [ttfb, 50]; `ttlb_p99_ms` → [ttlb, 99]; anything else null. */
function latencyMetric(id) {
  const m = /^(ttfb|ttlb)(?:_p(\d+(?:\.\d+)?))?_ms$/.exec(id);
  return m ? /** @type {[string, number]} */ ([m[1], m[2] ? Number(m[2]) : 50]) : null;
}

/**
 * Latency percentiles per HTTP row: for each runtime, TTFB (dashed) and TTLB (solid) at every
 * percentile the row's metrics name (p50 is the metric without a suffix), median over rounds.
 * @param {{runtimes: string[], rows: any[]}} agg
 */
export function latencyCharts(agg) {
  const charts = [];
  for (const r of agg.rows) {
    const ids = [...new Set(agg.runtimes.flatMap((id) => Object.keys(r.cells[id]?.metrics ?? {})))].filter(
      latencyMetric,
    );
    if (!ids.length) continue;
    const pcts = [...new Set(ids.map((id) => /** @type {[string, number]} */ (latencyMetric(id))[1]))].sort(
      (a, b) => a - b,
    );
    const datasets = [];
    for (const id of agg.runtimes) {
      for (const measure of ['ttfb', 'ttlb']) {
        const pts = ids
          .filter((m) => latencyMetric(m)?.[0] === measure)
          .map((m) => ({ p: /** @type {[string, number]} */ (latencyMetric(m))[1], s: r.cells[id]?.metrics?.[m] }))
          .filter((x) => x.s && finite(x.s.median))
          .sort((a, b) => a.p - b.p);
        if (!pts.length) continue;
        datasets.push({
          label: `${id} ${measure.toUpperCase()}`,
          color: runtimeColor(id),
          dashed: measure === 'ttfb',
          data: pts.map((x) => ({ x: `p${x.p}`, y: x.s.median })),
          lo: pts.map((x) => (finite(x.s.ci95[0]) ? x.s.ci95[0] : null)),
          hi: pts.map((x) => (finite(x.s.ci95[1]) ? x.s.ci95[1] : null)),
          tip: pts.map((x) => `${id} ${measure.toUpperCase()} p${x.p}: ${withInterval(x.s.median, x.s.ci95, 'ms')}`),
        });
      }
    }
    if (datasets.length)
      charts.push({
        kind: 'latency',
        id: anchorId('latency', r.key),
        name: r.key,
        title: `${r.key}: latency by percentile (ms, log scale; dashed TTFB, solid TTLB; bars: 95% interval)`,
        labels: pcts.map((p) => `p${p}`),
        datasets,
      });
  }
  return charts;
}

/**
 * Latency against offered load, one chart per route, from tables that carry curve data
 * (`chart.kind === 'latency-throughput'`, the HTTP suite's open loop): for each runtime p50
 * (solid) and p99 (dashed) against the offered rate. Points are medians over rounds; the table
 * beside it gives the generator's floor and the marks.
 * @param {any[]} tables report tables (TableData)
 */
export function curveCharts(tables) {
  const charts = [];
  for (const t of tables) {
    if (t.chart?.kind !== 'latency-throughput') continue;
    const routes = [...new Set(t.chart.series.map((s) => s.route))];
    for (const route of routes) {
      const datasets = t.chart.series
        .filter((s) => s.route === route && s.points.length)
        .map((s) => {
          const pts = s.points.filter(([x, y]) => finite(x) && finite(y)).sort((a, b) => a[0] - b[0]);
          return {
            label: `${s.runtime} ${s.stat}`,
            color: runtimeColor(s.runtime),
            dashed: s.stat !== 'p50',
            data: pts.map(([x, y]) => ({ x, y })),
            lo: pts.map(() => null),
            hi: pts.map(() => null),
            tip: pts.map(([x, y]) => `${s.runtime} ${s.stat} at ${Math.round(x)} req/s offered: ${y.toFixed(2)} ms`),
          };
        })
        .filter((d) => d.data.length > 0);
      if (datasets.length)
        charts.push({
          kind: 'curve',
          id: anchorId('curve', route),
          name: route,
          title: `${route}: ${t.chart.y} against ${t.chart.x} (log y; solid p50, dashed p99)`,
          x: t.chart.x,
          y: t.chart.y,
          datasets,
        });
    }
  }
  return charts;
}

/** Every chart of a report, in page order. */
export const chartData = (agg, tables = []) => [
  ...barCharts(agg),
  ...scalingCharts(agg),
  ...latencyCharts(agg),
  ...curveCharts(tables),
  ...startupCharts(agg),
  ...memoryCharts(agg),
];
