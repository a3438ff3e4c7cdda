// Cost as work grows, for any suite whose workloads take a total-size parameter `mb`: a workload's throughput at its smallest and largest total size (`mb`), per
// runtime. Per-byte cost = 1 / throughput, so its growth is throughput(small) / throughput(large);
// a runtime whose per-byte cost grows more than GROWTH_FLAG times is named (queues that get
// slower as they get longer). Pure analysis over result rows.
import { median } from '../../measure/stats/stats.js';
import { paramsKey } from '../../measure/workload.js';
import { simpleTable } from '../model/model.js';

export const GROWTH_FLAG = 2;

/**
 * @param {any[]} rows result rows
 * @param {string} suite
 * @returns {{workload: string, params: string, runtime: string, small: number, large: number,
 *   smallMb: number, largeMb: number, growth: number, flagged: boolean}[]}
 */
export function scaling(rows, suite) {
  /** @type {Map<string, {workload: string, params: string, runtime: string, bySize: Map<number, number[]>}>} */
  const groups = new Map();
  for (const r of rows) {
    if (r.suite !== suite || r.status !== 'ok' || typeof r.params?.mb !== 'number' || !r.median_ns) continue;
    const { mb, ...rest } = r.params;
    const key = `${r.workload}\u0000${paramsKey(rest)}\u0000${r.runtime}`;
    let g = groups.get(key);
    if (!g) {
      g = { workload: r.workload, params: paramsKey(rest), runtime: r.runtime, bySize: new Map() };
      groups.set(key, g);
    }
    const list = g.bySize.get(mb) ?? [];
    // Throughput in bytes per ns over the call's units, so sizes compare per byte.
    list.push(r.units_per_call / r.median_ns);
    g.bySize.set(mb, list);
  }
  const out = [];
  for (const g of groups.values()) {
    const sizes = [...g.bySize.keys()].sort((a, b) => a - b);
    if (sizes.length < 2) continue;
    const smallMb = sizes[0];
    const largeMb = sizes[sizes.length - 1];
    const small = median(/** @type {number[]} */ (g.bySize.get(smallMb))) * 1e3; // bytes/ns → MB/s
    const large = median(/** @type {number[]} */ (g.bySize.get(largeMb))) * 1e3;
    const growth = small / large;
    out.push({
      workload: g.workload,
      params: g.params,
      runtime: g.runtime,
      small,
      large,
      smallMb,
      largeMb,
      growth,
      flagged: growth > GROWTH_FLAG,
    });
  }
  return out.sort(
    (a, b) =>
      `${a.workload} ${a.params}`.localeCompare(`${b.workload} ${b.params}`) || a.runtime.localeCompare(b.runtime),
  );
}

/**
 * The scaling table, with a note naming every runtime whose per-byte cost grows past the flag.
 * @param {ReturnType<typeof scaling>} list
 * @returns {import('../model/model.js').TableData | null}
 */
export function scalingTable(list) {
  if (!list.length) return null;
  const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
  const body = list.map((s) => [
    `${s.workload}${s.params ? ` ${s.params}` : ''}`,
    s.runtime,
    `${fmt(s.small)} MB/s at ${s.smallMb} MiB`,
    `${fmt(s.large)} MB/s at ${s.largeMb} MiB`,
    `${s.growth.toFixed(2)}x${s.flagged ? ' GROWS' : ''}`,
  ]);
  const flagged = list.filter((s) => s.flagged);
  const notes = [
    `per-byte cost growth = throughput at the smallest size / at the largest (medians over rounds); GROWS = more than ${GROWTH_FLAG}x.`,
    flagged.length
      ? `Per-byte cost grows more than ${GROWTH_FLAG}x with size on: ${flagged.map((s) => `${s.runtime} (${s.workload}${s.params ? ` ${s.params}` : ''}, ${s.growth.toFixed(1)}x)`).join('; ')}`
      : `No runtime's per-byte cost grows more than ${GROWTH_FLAG}x with size.`,
  ];
  return simpleTable(null, ['workload', 'runtime', 'smallest size', 'largest size', 'cost growth'], body, { notes });
}
