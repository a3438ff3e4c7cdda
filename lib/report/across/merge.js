// Many machines answer "which runtime, where": the CI legs (one machine per OS × arch, every
// runtime interleaved on it) laid side by side. A ratio between runtimes is only ever taken
// inside one leg, where they ran back to back; across legs the hardware differs as much as the
// OS does, so no figure here compares one leg with another, and asking for one is an error.
import { median } from '../../measure/stats/stats.js';
import { floorByRow } from '../../results/aa.js';
import { aggregate } from '../../results/aggregate.js';
import { CrossLegError, legOf } from '../../results/legs.js';
import { throughputUnit } from '../../results/metrics.js';
import { throughputCell } from '../model/cells.js';

/**
 * @typedef {{meta?: {leg: string, runner?: string | null, unavailable?: {id: string, reason: string}[], seconds?: number},
 *   doc: any, aa: any | null}} Leg
 */

const pct = (x) => `${(x * 100).toFixed(1)}%`;

/** One line per leg: where it ran, what ran interleaved, what could not, its A/A floor. */
function legNote(key, leg, baseline, floor) {
  const fp = leg.doc.fingerprint;
  const versions = leg.doc.runtimes.map((r) => `${r.id} ${r.version ?? '?'}`).join(', ');
  const where = [leg.meta?.runner, `${fp.cpu_model} × ${fp.cores}`, fp.os].filter(Boolean).join('; ');
  const floors = [...(floor?.values() ?? [])].sort((a, b) => a - b);
  const aa = floors.length
    ? `A/A floor (${leg.aa.runtimes[0].id} against itself) median ${pct(median(floors))}, max ${pct(floors.at(-1))}`
    : 'no A/A file: no noise floor';
  const off = (leg.meta?.unavailable ?? []).map((u) => `${u.id} (${u.reason})`);
  return [
    `${key} (${where}): ${leg.doc.runtimes.length} runtimes interleaved [${versions}], ratios against ${baseline}; ${aa}`,
    ...(off.length ? [`  unavailable on ${key}: ${off.join('; ')}`] : []),
    ...(leg.meta?.seconds
      ? [
          `  the leg's runs took ${leg.meta.seconds < 120 ? `${leg.meta.seconds} s` : `${Math.round(leg.meta.seconds / 60)} min`}`,
        ]
      : []),
  ].join('\n');
}

/**
 * The merged table: rows = workload × runtime; per leg one column group, the leg's throughput with
 * its ratio against the leg's own baseline, and beside it the leg's A/A floor for that row.
 * @param {Leg[]} legs
 * @param {{expected?: string[], baseline?: string}} [opts] expected: every leg the matrix has
 * @returns {import('../model/model.js').TableData}
 */
export function mergeLegs(legs, { expected = [], baseline } = {}) {
  if (baseline?.includes(':') || baseline?.includes('/')) {
    throw new CrossLegError(
      `Refusing cross-leg baseline "${baseline}": runtimes on different machines never ran interleaved, so ratios are taken within each leg only; give a runtime id, e.g. --baseline node`,
    );
  }
  /** @type {Map<string, Leg>} */
  const byKey = new Map();
  for (const leg of legs) {
    const key = leg.meta?.leg ?? legOf(leg.doc);
    if (legOf(leg.doc) !== key) throw new CrossLegError(`Leg "${key}" holds results from ${legOf(leg.doc)}`);
    if (byKey.has(key)) {
      throw new CrossLegError(
        `Two results for leg ${key}: runtimes from different runs never ran interleaved, so they cannot share a column; give one file per leg`,
      );
    }
    byKey.set(key, leg);
  }
  const order = [...expected, ...[...byKey.keys()].filter((k) => !expected.includes(k)).sort()];
  const present = order.filter((k) => byKey.has(k));
  /** @type {Map<string, Record<string, any>>} */
  const rows = new Map();
  const notes = [];
  for (const key of present) {
    const leg = /** @type {Leg} */ (byKey.get(key));
    const ids = leg.doc.runtimes.map((r) => r.id);
    if (baseline && !ids.includes(baseline)) {
      throw new CrossLegError(
        `Baseline "${baseline}" did not run on ${key} (${ids.join(', ')}): a ratio against a runtime of another leg would compare machines, not runtimes`,
      );
    }
    const base = baseline ?? ids[0];
    const agg = aggregate(leg.doc.results, ids, base);
    const floor = leg.aa ? floorByRow(leg.aa) : null;
    notes.push(legNote(key, leg, base, floor));
    for (const row of agg.rows) {
      for (const id of ids) {
        if (!row.cells[id]) continue;
        const k = `${row.key}\u0000${id}`;
        const out = rows.get(k) ?? { workload: row.key, runtime: id, unit: throughputUnit(row.unit) };
        out[key] = throughputCell(row.cells[id]);
        const f = floor?.get(row.key);
        out[`${key} aa`] = f === undefined ? '-' : `±${pct(f)}`;
        rows.set(k, out);
      }
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.workload.localeCompare(b.workload) || a.runtime.localeCompare(b.runtime),
  );
  for (const r of sorted) {
    for (const key of present) {
      const off = byKey.get(key)?.meta?.unavailable?.some((u) => u.id === r.runtime);
      r[key] ??= { text: off ? 'n/a' : '-' };
      r[`${key} aa`] ??= '';
    }
  }
  const missing = order.filter((k) => !byKey.has(k));
  return {
    title: `Throughput by leg, ratios within each leg (${present.length} of ${order.length} legs: ${present.join(', ')})`,
    columns: [
      { key: 'workload', label: 'workload' },
      { key: 'runtime', label: 'runtime' },
      { key: 'unit', label: 'unit', align: 'left' },
      ...present.flatMap((k) => [
        { key: k, label: k },
        { key: `${k} aa`, label: 'A/A floor' },
      ]),
    ],
    rows: sorted,
    notes: [
      'Each leg is one machine: a ratio (after the figure) is against that leg\'s baseline, from rounds in which both ran back to back on it; "A/A floor" is that leg\'s noise for the row (the baseline against itself): a ratio closer to 1 than the floor is noise there. No ratio is taken across legs: their hardware differs as much as their OS. "n/a" = no build for that leg, "-" = not run there.',
      ...notes,
      ...missing.map((k) => `${k}: no artifact (the leg failed or did not run)`),
    ],
  };
}

/**
 * `make merge FILES=…`: results files without leg folders, one per platform; no A/A floors.
 * @param {any[]} docs results documents
 */
export function mergeTable(docs, opts = {}) {
  return mergeLegs(
    docs.map((doc) => ({ doc, aa: null })),
    opts,
  );
}
