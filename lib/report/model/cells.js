// One cell of a runtime table as report-model data. By default a cell is its value and its ratio
// against the baseline, with only the marks that change a conclusion; `detail` (SHOW=spread)
// adds the cell's own interval and the ratio's interval.

import { median } from '../../measure/stats/stats.js';
import { rowUnit } from '../../results/row-units.js';
import { ratioText } from './ratio-text.js';
import { fmtTime, fmtValue, NA, SCALED_UNITS, si } from './units.js';

/**
 * Marks that change what a reader concludes, shown in every view: '*' the figure is within 1.5×
 * of a no-op (likely optimised away); '!' the ratio and the two cells' medians point opposite
 * ways (a noisy round: trust neither direction). '=' and '?' (equivalent, inconclusive) come with the ratio itself.
 */
export const MARKS = {
  '*': 'within 1.5× of a no-op: likely optimised away',
  '!': 'the ratio and the cell medians point opposite ways (a noisy round): trust neither direction',
};

/** Half-width of a 95% interval as a share of the centre, e.g. "±3%". */
export function fmtHalfWidth(ci, mid) {
  const [lo, hi] = ci ?? [];
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !mid) return '';
  return `±${Math.round(((hi - lo) / 2 / mid) * 100)}%`;
}

/** @returns {import('./model.js').Cell} */
export function failedCell(cell) {
  return { text: cell.statuses.join('/'), tone: 'bad' };
}

/**
 * Value, ratio and marks as one cell.
 * @param {{value: number | undefined, valueText: string, ci95?: [number, number], ratio: any, suspect?: boolean, metric: string}} f
 * @param {boolean} detail
 * @returns {import('./model.js').Cell}
 */
function compose({ value, valueText, ci95, ratio, suspect = false, metric }, detail) {
  // A disagreement matters where the ratio makes a claim; SHOW=spread shows every one.
  const disagree = ratio?.disagrees && (detail || ratio.significant);
  const marks = `${suspect ? '*' : ''}${disagree ? '!' : ''}`;
  const parts = [valueText];
  if (detail) parts.push(fmtHalfWidth(ci95, value));
  if (ratio) parts.push(ratioText(ratio, { interval: detail }));
  /** @type {import('./model.js').Cell} */
  const out = { text: parts.filter(Boolean).join(' ') + marks, value, metric, marks: [...marks] };
  if (ci95) out.ci95 = ci95;
  // Ratios are oriented (> 1 = better than the baseline) whatever the metric's direction.
  if (ratio) out.ratio = { ratio: ratio.ratio, ci95: ratio.ci95, verdict: ratio.verdict };
  if (ratio?.significant && !ratio.disagrees) out.tone = ratio.ratio > 1 ? 'good' : 'warn';
  return out;
}

/**
 * The main cell: throughput with an SI prefix on the row's unit (B/s, ops/s, req/s), ratio.
 * @param {any} cell
 * @param {boolean} [detail]
 * @returns {import('./model.js').Cell}
 */
export function throughputCell(cell, detail = false) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const tp = cell.metrics.throughput;
  // Throughput is stored in its row unit's rate (decimal MB/s for bytes); the unit column names the base (B/s).
  const scale = rowUnit(cell.rows.find((r) => r.status === 'ok')?.unit).perRate;
  const value = tp?.median;
  // The interval is on time per call; as a share it is the same for throughput.
  const ci =
    cell.ci95_ns && value
      ? /** @type {[number, number]} */ ([
          (value * cell.median_ns) / cell.ci95_ns[1],
          (value * cell.median_ns) / cell.ci95_ns[0],
        ])
      : undefined;
  return compose(
    {
      value,
      valueText: si(value === undefined ? Number.NaN : value * scale),
      ci95: ci,
      ratio: cell.ratio,
      suspect: cell.suspect,
      metric: 'throughput',
    },
    detail,
  );
}

/**
 * One metric per cell (CPU, RSS, extra metrics): value scaled in its unit, ratio when the metric
 * has a direction.
 * @param {any} cell
 * @param {{id: string}} metric
 * @param {string} unit
 * @param {boolean} [detail]
 * @returns {import('./model.js').Cell}
 */
export function metricCell(cell, metric, unit, detail = false) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const s = cell.metrics[metric.id];
  if (!s) return { text: NA };
  const ratio = cell.ratios?.[metric.id];
  return compose(
    {
      value: s.median,
      // Time and bytes scale their unit per cell (850 µs, 1.20 ms); others name it in the unit column.
      valueText: SCALED_UNITS.includes(unit) ? fmtValue(s.median, unit) : si(s.median),
      ci95: s.ci95,
      ratio,
      metric: metric.id,
    },
    detail,
  );
}

/** The share by which a window's mean wall per call may exceed the samples' median before "†". */
export const UNEVEN = 0.1;

/**
 * "†" where the timed samples were uneven: the CPU window is every sample, so CPU/op ÷ util is
 * their mean wall per op, while the throughput is their median; in the median round the two
 * differ by more than UNEVEN (a few slow samples: JIT work during sampling, a busy machine).
 */
function unevenMark(cell) {
  const q = cell.rows
    .filter((r) => r.status === 'ok' && r.cpu_window?.calls && r.median_ns > 0)
    .map((r) => (r.cpu_window.wall_ms * 1e6) / r.cpu_window.calls / r.median_ns);
  return q.length && Math.abs(median(q) - 1) > UNEVEN ? '†' : '';
}

/**
 * "‡" where the window was read around HTTP requests to a server process (workerd's bench jobs):
 * the server's handling of each request is in it, so it is not comparable with in-process rows.
 */
function aroundMark(cell) {
  return cell.rows.some((r) => r.status === 'ok' && r.cpu_window?.around_requests) ? '‡' : '';
}

/** SHOW=cpu: CPU per op (or per MB) and utilisation in the timed window; job totals without one. */
export function cpuCell(cell, unit, detail = false) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const u = rowUnit(unit);
  if (u.cpuMetric) {
    // A row metric stands for CPU per unit where the unit has no timed window (a server's requests).
    const m = u.cpuMetric;
    const s = cell.metrics[m.metric];
    return s ? { text: `${fmtValue(s.median, m.unit)}/${m.per}`, value: s.median, ci95: s.ci95 } : { text: '—' };
  }
  const per = cell.metrics.cpu_per_unit;
  if (!per || !cell.metrics.utilisation) {
    const cpu = cell.metrics.job_cpu_ms?.median;
    const wall = cell.metrics.job_wall_ms?.median;
    return { text: `${fmtTime(cpu)} / ${fmtTime(wall)} (job)` };
  }
  // cpu_per_unit is ns per op, or ns per MB for byte rows.
  const perText = `${fmtTime(per.median / 1e6)}/${u.per}`;
  const spread = detail ? ` ${fmtHalfWidth(per.ci95, per.median)}` : '';
  // A round whose CPU reading has an error bound above 5% of it.
  const coarse = cell.rows.some((r) => r.status === 'ok' && r.cpu_window?.note) ? '≈' : '';
  return {
    text: `${perText}${coarse}${unevenMark(cell)}${aroundMark(cell)}${spread}`,
    value: per.median,
    ci95: per.ci95,
    metric: 'cpu_per_unit',
  };
}

/**
 * A cell's utilisation: the median over rounds of its window's CPU ÷ the window's wall.
 * @param {any} cell
 */
export function utilCell(cell) {
  if (!cell) return { text: '' };
  if (!cell.ok) return failedCell(cell);
  const per = cell.metrics.cpu_per_unit;
  const util = cell.metrics.utilisation;
  if (!per || !util) return { text: '—' };
  // The window's CPU over its own wall (metrics.js); "†" where its mean wall per op is over 10%
  // off the median the throughput is from, so CPU/op × throughput differs from it.
  const u = util.median;
  return { text: `${u.toFixed(2)}${unevenMark(cell)}${aroundMark(cell)}`, value: u };
}
