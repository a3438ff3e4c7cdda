// Many machines answer "which runtime, where": results files from several platforms (the CI
// matrix's artifacts) merged into one table per workload and runtime, one column per platform.
import { aggregate } from './aggregate.js';
import { throughputUnit } from './metrics.js';
import { si } from './table.js';

/** A platform's label from a fingerprint: OS family and architecture, e.g. "linux x64". */
export function platformOf(fp) {
  const family = fp.platform ?? (/darwin|mac/i.test(fp.os) ? 'darwin' : /windows/i.test(fp.os) ? 'win32' : 'linux');
  return `${family} ${fp.arch}`;
}

/**
 * One cross-platform table: rows = workload × runtime, columns = platforms, cells = throughput
 * (median over rounds ± half-width of its 95% interval). Files of one platform are pooled, so
 * the matrix's per-runtime files of a platform land in one column.
 * @param {any[]} docs results documents
 * @returns {import('./model.js').TableData}
 */
export function mergeTable(docs) {
  /** @type {Map<string, any[]>} */
  const byPlatform = new Map();
  for (const d of docs) {
    const p = platformOf(d.fingerprint);
    byPlatform.set(p, [...(byPlatform.get(p) ?? []), ...d.results]);
  }
  const platforms = [...byPlatform.keys()].sort();
  /** @type {Map<string, Record<string, any>>} */
  const rows = new Map();
  for (const p of platforms) {
    const results = /** @type {any[]} */ (byPlatform.get(p));
    const runtimes = [...new Set(results.map((r) => r.runtime))];
    const agg = aggregate(results, runtimes);
    for (const row of agg.rows) {
      for (const id of runtimes) {
        const cell = row.cells[id];
        if (!cell) continue;
        const key = `${row.key}\u0000${id}`;
        const out = rows.get(key) ?? { workload: row.key, runtime: id, unit: throughputUnit(row.unit) };
        const tp = cell.metrics?.throughput;
        const half =
          tp && Number.isFinite(tp.ci95[0]) ? `±${Math.round(((tp.ci95[1] - tp.ci95[0]) / 2 / tp.median) * 100)}%` : '';
        out[p] = cell.ok
          ? { text: [si(tp?.median), half].filter(Boolean).join(' '), value: tp?.median }
          : { text: cell.statuses.join('/') };
        rows.set(key, out);
      }
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.workload.localeCompare(b.workload) || a.runtime.localeCompare(b.runtime),
  );
  for (const r of sorted) for (const p of platforms) r[p] ??= { text: '-' };
  return {
    title: `Throughput by platform (${docs.length} file(s): ${platforms.join(', ')})`,
    columns: [
      { key: 'workload', label: 'workload' },
      { key: 'runtime', label: 'runtime' },
      { key: 'unit', label: 'unit', align: 'left' },
      ...platforms.map((p) => ({ key: p, label: p })),
    ],
    rows: sorted,
    notes: [
      'Each column is a different machine: compare runtimes within a column; across columns hardware differs as much as the platform does. "-" = not run there.',
    ],
  };
}
