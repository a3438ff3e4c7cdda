// Bencher Metric Format: the JSON Bencher and similar dashboards ingest
// (https://bencher.dev/docs/reference/bencher-metric-format/; schema in bmf.schema.json).
//   { "<benchmark>": { "<measure>": { "value": n, "lower_value": n, "upper_value": n } } }
// One benchmark per runtime × workload × params. A measure means one unit everywhere, since
// Bencher plots every value of a measure on one axis: Bencher's built-in `throughput` (ops/s) and
// `latency` (ns) only for rows counted in operations; byte rows get bytes-per-second and
// ns-per-mb; HTTP rows their latency percentiles, not load wall time ÷ requests.
import { aggregate } from '../../results/aggregate.js';
import { rowUnit } from '../../results/row-units.js';

const COMMON = {
  utilisation: 'utilisation',
  job_cpu_ms: 'job-cpu-ms',
  job_wall_ms: 'job-wall-ms',
  rss_peak_bytes: 'peak-rss-bytes',
};
/** Row metrics renamed so the slug names the percentile and the unit; requests_per_s is `throughput` already. */
const EXTRA = {
  ttfb_ms: 'ttfb-p50-ms',
  ttfb_p99_ms: 'ttfb-p99-ms',
  // wrk's percentiles come from a closed loop (coordinated omission): named so, apart from any
  // open-loop latency a dashboard may also hold.
  ttlb_ms: 'closed-loop-ttlb-p50-ms',
  ttlb_p90_ms: 'closed-loop-ttlb-p90-ms',
  ttlb_p99_ms: 'closed-loop-ttlb-p99-ms',
  requests_per_s: null,
};

/** Statuses that are not failures: a runtime that lacks a feature did not fail a job. */
const NOT_FAILED = new Set(['ok', 'unsupported']);

/**
 * @typedef {{value: number, lower_value?: number, upper_value?: number}} Metric
 * @typedef {Record<string, Record<string, Metric>>} Bmf
 */

/** Slug of one of a cell's metrics for a row unit, or null when it is not exported. */
function slugOf(metric, unit) {
  // Built-in metric → measure slug, per row unit (lib/results/row-units.js); null = not exported.
  const byUnit = rowUnit(unit).bmf;
  if (Object.hasOwn(byUnit, metric)) return byUnit[metric];
  if (Object.hasOwn(COMMON, metric)) return COMMON[metric];
  if (Object.hasOwn(EXTRA, metric)) return EXTRA[metric];
  return metric.replace(/_/g, '-').slice(0, 64);
}

/**
 * A results document as BMF, and the jobs that failed. A bound is left out where there is no
 * interval (one round), never invented. A benchmark with failed jobs carries a `failed-jobs`
 * measure (their count), so a dashboard sees the failure instead of a silently missing point;
 * a cell with no ok round has that measure alone.
 * @param {any} doc
 * @returns {{bmf: Bmf, failed: {benchmark: string, statuses: string[], count: number}[]}}
 */
export function exportBmf(doc) {
  const runtimes = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, runtimes);
  /** @type {Bmf} */
  const bmf = {};
  const failed = [];
  for (const row of agg.rows) {
    for (const id of runtimes) {
      const cell = row.cells[id];
      if (!cell) continue;
      const name = `${id} ${row.key}`;
      /** @type {Record<string, Metric>} */
      const measures = {};
      for (const [metric, s] of Object.entries(cell.ok ? cell.metrics : {})) {
        const slug = slugOf(metric, row.unit);
        // A scaled rate (bytes: kept in MB/s → B/s) also exports time per call over the call's
        // rate units (→ ns per MB).
        const per = rowUnit(row.unit).perRate;
        const scale = metric === 'throughput' ? per : metric === 'time_ns' && per !== 1 ? per / cell.units : 1;
        if (!slug || !Number.isFinite(s.median)) continue;
        /** @type {Metric} */
        const m = { value: s.median * scale };
        if (Number.isFinite(s.ci95[0]) && Number.isFinite(s.ci95[1])) {
          m.lower_value = Math.min(s.ci95[0], s.median) * scale;
          m.upper_value = Math.max(s.ci95[1], s.median) * scale;
        }
        measures[slug] = m;
      }
      const bad = cell.rows.filter((r) => !NOT_FAILED.has(r.status));
      if (bad.length) {
        measures['failed-jobs'] = { value: bad.length };
        failed.push({ benchmark: name, statuses: [...new Set(bad.map((r) => r.status))], count: bad.length });
      }
      if (Object.keys(measures).length) bmf[name] = measures;
    }
  }
  return { bmf, failed };
}

/** The BMF document alone. @param {any} doc */
export const toBmf = (doc) => exportBmf(doc).bmf;
