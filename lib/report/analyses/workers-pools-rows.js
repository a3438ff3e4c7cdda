// Row selection shared by the workers-pools tables (workers-pools.js, workers-pools-profile.js):
// the suite's rows by workload, runtime and params, and the pooled CPU cases they compare.
import { paramsKey } from '../../measure/workload.js';
import { runtimesOf } from '../model/model.js';

export const SUITE = 'workers-pools';
export const ok = (rows) => rows.filter((r) => r.suite === SUITE && r.status === 'ok');
/** The runtimes of the suite's rows, in first-seen order. @param {any[]} rows */
export const suiteRuntimes = (rows) => runtimesOf(rows.filter((r) => r.suite === SUITE));

/** Rows of one workload and runtime whose params include every entry of `want`. */
export function select(rows, workload, runtime, want) {
  return rows.filter(
    (r) =>
      r.suite === SUITE &&
      r.workload === workload &&
      r.runtime === runtime &&
      Object.entries(want).every(([k, v]) => String(r.params?.[k]) === String(v)),
  );
}

/** Why a cell is empty: the status of its rows (unsupported, error…), or '—' when there are none. */
export const statusOf = (rows) => (rows.length ? rows[0].status : '—');

/** The pooled CPU workloads, one line each, with the params that tell their rows apart. */
export function cpuCases(rows) {
  const keys = new Set();
  const out = [];
  for (const r of rows) {
    if (r.suite !== SUITE || !['cpu-math', 'cpu-crypto', 'transferable'].includes(r.workload)) continue;
    if (r.workload === 'transferable' && r.params.send !== 'clone') continue;
    const { strategy, ...rest } = r.params;
    const key = `${r.workload} ${paramsKey(rest)}`;
    if (!keys.has(key)) {
      keys.add(key);
      out.push({ workload: r.workload, rest, label: key });
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}
