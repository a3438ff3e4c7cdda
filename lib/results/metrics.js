// Every figure a table can show: its unit and which way is better, so ratios, diffs, marks and
// charts point the right way for any suite. A row may carry more in `row.metrics`
// ({<id>: {value, unit, better}}); those are shown as they declare themselves.

import { median } from '../measure/stats/stats.js';
import { rowUnit } from './row-units.js';

/**
 * A figure's meaning: its unit and which way is better, so ratios, diffs and charts point the right way.
 * @typedef {{id: string, label: string, unit: string, better: 'higher' | 'lower' | 'none'}} Metric
 */

/** @typedef {Metric & {of: (r: any) => number | null}} RowMetric */

const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** CPU of the timed window in ms (user + sys), or null when the row has no window reading. */
const windowCpuMs = (r) =>
  r.cpu_window ? num(r.cpu_window.cpu_ms ?? r.cpu_window.user_ms + r.cpu_window.sys_ms) : null;

/** Units done in the CPU window: its own call count (older files: mitata's) × units per call. */
const windowUnits = (r) => {
  const calls = r.cpu_window?.calls ?? r.calls;
  return calls && r.units_per_call ? calls * r.units_per_call : null;
};

/**
 * The built-in metrics, by id. `of(row)` reads one ok row's value (null when absent).
 * @type {Record<string, RowMetric>}
 */
export const METRICS = {
  time_ns: { id: 'time_ns', label: 'time per call', unit: 'ns', better: 'lower', of: (r) => num(r.median_ns) },
  throughput: {
    id: 'throughput',
    label: 'throughput',
    unit: 'MB/s | ops/s',
    better: 'higher',
    // Decimal MB/s for bytes, ops/s otherwise (DESIGN's measurement rules).
    of: (r) =>
      num(r.median_ns) && r.units_per_call ? ((r.units_per_call / r.median_ns) * 1e9) / rowUnit(r.unit).perRate : null,
  },
  cpu_per_unit: {
    id: 'cpu_per_unit',
    label: 'CPU per op (per MB for bytes) in the timed window',
    unit: 'ns/op | ns/MB',
    better: 'lower',
    of: (r) => {
      const cpu = windowCpuMs(r);
      const units = windowUnits(r);
      if (cpu === null || !units) return null;
      return (cpu * 1e6) / (units / rowUnit(r.unit).perRate);
    },
  },
  utilisation: {
    id: 'utilisation',
    label: 'CPU of the timed window ÷ its wall time',
    unit: 'x',
    better: 'none',
    // The window's CPU over the same window's wall (dividing the window's CPU per op by the
    // samples' median wall per op would mix a mean with a median). CPU/op ÷ util is the window's
    // mean wall per op; where that is over 10% off the median the CPU cell is marked "†", and
    // CPU/op × throughput (from the median) differs from util by as much.
    of: (r) => {
      const cpu = windowCpuMs(r);
      if (cpu === null) return null;
      return r.cpu_window?.wall_ms ? cpu / r.cpu_window.wall_ms : null;
    },
  },
  job_cpu_ms: {
    id: 'job_cpu_ms',
    label: 'CPU of the whole job (user+sys)',
    unit: 'ms',
    better: 'lower',
    of: (r) => (r.cpu_ms ? num(r.cpu_ms.user + r.cpu_ms.sys) : null),
  },
  job_wall_ms: {
    id: 'job_wall_ms',
    label: 'wall time of the whole job',
    unit: 'ms',
    better: 'lower',
    of: (r) => num(r.wall_ms),
  },
  rss_peak_bytes: {
    id: 'rss_peak_bytes',
    label: 'peak RSS of the job',
    unit: 'bytes',
    better: 'lower',
    of: (r) => num(r.rss_peak_bytes),
  },
};

/**
 * Metrics other drivers and suites are expected to put in `row.metrics` (HTTP, worker pools,
 * start-up): a row that gives only `{value}` under one of these ids gets this unit and direction,
 * so its ratio points the right way without every row repeating them.
 * @type {Record<string, Metric>}
 */
export const KNOWN_EXTRA = {
  latency_ms: { id: 'latency_ms', label: 'latency', unit: 'ms', better: 'lower' },
  ttfb_ms: { id: 'ttfb_ms', label: 'time to first byte', unit: 'ms', better: 'lower' },
  ttlb_ms: { id: 'ttlb_ms', label: 'time to last byte', unit: 'ms', better: 'lower' },
  requests_per_s: { id: 'requests_per_s', label: 'requests per second', unit: 'req/s', better: 'higher' },
  startup_ms: { id: 'startup_ms', label: 'start-up time', unit: 'ms', better: 'lower' },
  // The process-tree sampler's figures (lib/runtimes/proctree.js TREE_METRICS names them the same way).
  parent_cpu_ms: {
    id: 'parent_cpu_ms',
    label: 'CPU of the runtime process (all its threads)',
    unit: 'ms',
    better: 'lower',
  },
  children_cpu_ms: { id: 'children_cpu_ms', label: 'CPU of the child processes', unit: 'ms', better: 'lower' },
  child_rss_peak_bytes: {
    id: 'child_rss_peak_bytes',
    label: 'peak RSS of the largest child process',
    unit: 'bytes',
    better: 'lower',
  },
  child_rss_combined_bytes: {
    id: 'child_rss_combined_bytes',
    label: 'peak RSS of all child processes together',
    unit: 'bytes',
    better: 'lower',
  },
  worker_threads_cpu_ms: { id: 'worker_threads_cpu_ms', label: 'CPU of worker threads', unit: 'ms', better: 'lower' },
  cold_start_ms: { id: 'cold_start_ms', label: 'cold start to first answer', unit: 'ms', better: 'lower' },
};

const direction = (b) => (b === 'higher' || b === 'lower' ? b : null);

/**
 * The metrics a row declares itself in `row.metrics`, as RowMetrics. What the row states wins;
 * what it leaves out comes from KNOWN_EXTRA; an unknown id without a direction gets 'none'
 * (shown, never given a ratio, since "better" is not known).
 * @param {any} r
 * @returns {RowMetric[]}
 */
export function extraMetrics(r) {
  return Object.entries(r.metrics ?? {}).map(([id, m]) => {
    const known = Object.hasOwn(KNOWN_EXTRA, id) ? KNOWN_EXTRA[id] : undefined;
    return {
      id,
      label: m?.label ?? known?.label ?? id,
      unit: m?.unit ?? known?.unit ?? '',
      better: direction(m?.better) ?? known?.better ?? 'none',
      of: (row) => num(row.metrics?.[id]?.value),
    };
  });
}

/** Throughput's unit for a row unit (decimal MB/s for bytes; lib/results/row-units.js). */
export const throughputUnit = (unit) => rowUnit(unit).rate;

/**
 * Median over a result's ok rows of one metric they carry in `row.metrics` (a suite's analysis
 * over rounds); null when none has it.
 * @param {any[]} rows
 * @param {string} id
 */
export function metricMedian(rows, id) {
  const v = rows
    .filter((r) => r.status === 'ok')
    .map((r) => r.metrics?.[id]?.value)
    .filter(Number.isFinite);
  return v.length ? median(v) : null;
}
