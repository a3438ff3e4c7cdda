// Bencher Metric Format: the JSON Bencher and similar dashboards ingest. One benchmark per
// runtime × workload × params, one measure per metric, with the 95% interval as lower/upper bounds.
//   { "<benchmark>": { "<measure>": { "value": n, "lower_value": n, "upper_value": n } } }
import { aggregate } from './aggregate.js';

/** Measure slugs: Bencher's built-in `throughput` and `latency` (ns), the rest in kebab case. */
const SLUG = {
  throughput: 'throughput',
  time_ns: 'latency',
  cpu_per_unit: 'cpu-per-op',
  utilisation: 'utilisation',
  job_cpu_ms: 'job-cpu-ms',
  job_wall_ms: 'job-wall-ms',
  rss_peak_bytes: 'peak-rss-bytes',
};

/**
 * A results document as BMF. Every metric a cell has becomes a measure; a bound is left out where
 * there is no interval (one round), never invented.
 * @param {any} doc
 * @returns {Record<string, Record<string, {value: number, lower_value?: number, upper_value?: number}>>}
 */
export function toBmf(doc) {
  const runtimes = doc.runtimes.map((r) => r.id);
  const agg = aggregate(doc.results, runtimes);
  /** @type {Record<string, Record<string, {value: number, lower_value?: number, upper_value?: number}>>} */
  const out = {};
  for (const row of agg.rows) {
    for (const id of runtimes) {
      const cell = row.cells[id];
      if (!cell?.ok) continue;
      /** @type {Record<string, {value: number, lower_value?: number, upper_value?: number}>} */
      const measures = {};
      for (const [metric, s] of Object.entries(cell.metrics)) {
        if (!Number.isFinite(s.median)) continue;
        const slug = SLUG[metric] ?? metric.replace(/_/g, '-');
        /** @type {{value: number, lower_value?: number, upper_value?: number}} */
        const m = { value: s.median };
        if (Number.isFinite(s.ci95[0]) && Number.isFinite(s.ci95[1])) {
          m.lower_value = Math.min(s.ci95[0], s.median);
          m.upper_value = Math.max(s.ci95[1], s.median);
        }
        measures[slug] = m;
      }
      out[`${id} ${row.key}`] = measures;
    }
  }
  return out;
}
