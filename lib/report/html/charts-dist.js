// Two charts of the whole distribution rather than a figure: the start-up suite's per-start wall
// times as an empirical CDF per runtime (every start of every round: a fast median with a slow
// tail shows as a curve that flattens late), and an HTTP server's RSS through its load, per
// runtime (a leak shows as a line that keeps rising). Computed here; the page script only draws.

import { rowUnit } from '../../results/row-units.js';
import { anchorId } from './anchor.js';
import { runtimeColor } from './colors.js';

const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/**
 * An empirical CDF per runtime of the per-start wall times (ms) of each start-up row.
 * @param {{runtimes: string[], rows: any[]}} agg
 */
export function startupCharts(agg) {
  return agg.rows
    .filter((r) => rowUnit(r.unit).distribution)
    .map((row) => {
      const datasets = agg.runtimes
        .map((id) => {
          const ms = (row.cells[id]?.rows ?? [])
            .filter((r) => r.status === 'ok')
            .flatMap((r) => r.samples_ns ?? [])
            .filter(finite)
            .map((ns) => ns / 1e6)
            .sort((a, b) => a - b);
          return {
            label: id,
            color: runtimeColor(id),
            data: ms.map((x, i) => ({ x, y: (i + 1) / ms.length })),
            lo: ms.map(() => null),
            hi: ms.map(() => null),
            tip: ms.map(
              (x, i) => `${id}: ${Math.round(((i + 1) / ms.length) * 100)}% of starts within ${x.toFixed(1)} ms`,
            ),
          };
        })
        .filter((d) => d.data.length > 0);
      return {
        kind: 'ecdf',
        id: anchorId('startup', row.key),
        name: row.key,
        title: `${row.key}: share of starts within a wall time (every start of every round; log x)`,
        x: 'wall per start, spawn → exit (ms)',
        y: 'share of starts',
        datasets,
      };
    })
    .filter((c) => c.datasets.length > 0);
}

/**
 * RSS of the server's process tree through the load, per runtime, for each HTTP row that sampled
 * it (report.rss.samples, [ms since the load began, bytes]); the first round that has it.
 * @param {{runtimes: string[], rows: any[]}} agg
 */
export function memoryCharts(agg) {
  return agg.rows
    .map((row) => {
      const datasets = agg.runtimes
        .map((id) => {
          const r = (row.cells[id]?.rows ?? []).find((x) => x.status === 'ok' && x.report?.rss?.samples?.length);
          const pts = (r?.report?.rss?.samples ?? []).filter(([t, b]) => finite(t) && finite(b));
          return {
            label: id,
            color: runtimeColor(id),
            data: pts.map(([t, b]) => ({ x: t / 1000, y: b / 1e6 })),
            lo: pts.map(() => null),
            hi: pts.map(() => null),
            tip: pts.map(([t, b]) => `${id} at ${(t / 1000).toFixed(2)} s: ${(b / 1e6).toFixed(1)} MB`),
          };
        })
        .filter((d) => d.data.length > 0);
      return {
        kind: 'rss',
        id: anchorId('memory', row.key),
        name: row.key,
        title: `${row.key}: RSS of the server's processes through the load (MB; a leak keeps rising)`,
        x: 'seconds into the load',
        y: 'RSS (MB)',
        datasets,
      };
    })
    .filter((c) => c.datasets.length > 0);
}
