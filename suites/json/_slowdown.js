// What an identity reviver costs, per runtime: parse-reviver time over parse time on the same
// document. Pure analysis over result rows; the table code calls it, no workload does.

import { minRoundsForClaim, pairedRatio } from '../../lib/measure/paired.js';
import { median } from '../../lib/measure/stats.js';
import { paramsKey } from '../../lib/measure/workload.js';
import { simpleTable } from '../../lib/report/model.js';
import { ratioText } from '../../lib/report/ratios.js';

const baseName = (w) => String(w).split('/').pop() ?? '';

/**
 * Reviver slowdown per runtime and document: median time of `parse-reviver` (and of
 * `parse-reviver-source` when present) over median time of `parse` with the same params,
 * as the geometric mean of per-round ratios with a paired t interval (NaN bounds with one round).
 * Rows that are not ok, or not json parse workloads, are ignored.
 * @param {any[]} rows result rows (`runtime`, `suite`, `workload`, `params`, `status`, `median_ns`, `report`)
 * @returns {{runtime: string, params: object, key: string, parse_ns: number, reviver_ns: number,
 *   slowdown: number, ci95: [number, number], significant: boolean, verdict: string, source_verdict: string | null,
 *   reviver_calls_per_s: number | null, source_slowdown: number | null, source_ci95: [number, number] | null}[]}
 */
export function reviverSlowdown(rows) {
  /** @type {Map<string, {runtime: string, params: object, times: Record<string, Map<number, number>>, calls: number | null}>} */
  const groups = new Map();
  for (const r of rows) {
    if (r.status !== 'ok' || r.suite !== 'json' || !Number.isFinite(r.median_ns)) continue;
    const name = baseName(r.workload);
    if (!['parse', 'parse-reviver', 'parse-reviver-source'].includes(name)) continue;
    const params = r.params ?? {};
    const id = `${r.runtime}\u0000${paramsKey(params)}`;
    if (!groups.has(id)) groups.set(id, { runtime: r.runtime, params, times: {}, calls: null });
    const g = /** @type {any} */ (groups.get(id));
    g.times[name] ??= new Map();
    g.times[name].set(r.round ?? g.times[name].size + 1, r.median_ns);
    if (name === 'parse-reviver' && r.report?.reviver_calls_per_call) g.calls = r.report.reviver_calls_per_call;
  }
  const out = [];
  for (const g of groups.values()) {
    const base = g.times.parse;
    const rev = g.times['parse-reviver'];
    if (!base || !rev) continue;
    // Both workloads ran in every round, on one runtime: pair by round so machine drift cancels.
    const paired = (slow) => {
      const rounds = [...slow.keys()].filter((k) => base.has(k));
      return pairedRatio(
        rounds.map((k) => /** @type {number} */ (slow.get(k))),
        rounds.map((k) => /** @type {number} */ (base.get(k))),
      );
    };
    const r = paired(rev);
    const src = g.times['parse-reviver-source'] ? paired(g.times['parse-reviver-source']) : null;
    const reviver_ns = median([...rev.values()]);
    out.push({
      runtime: g.runtime,
      params: g.params,
      key: paramsKey(g.params),
      parse_ns: median([...base.values()]),
      reviver_ns,
      slowdown: r.ratio,
      ci95: r.ci95,
      significant: r.verdict === 'faster' || r.verdict === 'slower',
      verdict: r.verdict,
      source_verdict: src ? src.verdict : null,
      reviver_calls_per_s: g.calls ? g.calls / (reviver_ns / 1e9) : null,
      source_slowdown: src ? src.ratio : null,
      source_ci95: src ? src.ci95 : null,
    });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key) || a.runtime.localeCompare(b.runtime));
}

/** A slowdown in the one text form of every table ("5.18× [2.94–9.12]", "~" / "#" as there). */
const fmtRatio = (x, ci, verdict) =>
  Number.isFinite(x)
    ? ratioText({ ratio: x, ci95: ci ?? [Number.NaN, Number.NaN], verdict, n: 0, p: Number.NaN })
    : '—';

/**
 * The slowdown list as a table: one line per document and runtime.
 * @param {ReturnType<typeof reviverSlowdown>} list
 */
export function slowdownTable(list) {
  const header = ['params', 'runtime', 'reviver / parse', 'source reviver / parse', 'reviver calls/s'];
  const body = list.map((s) => [
    s.key,
    s.runtime,
    fmtRatio(s.slowdown, s.ci95, s.verdict),
    s.source_slowdown === null ? '—' : fmtRatio(s.source_slowdown, s.source_ci95, s.source_verdict),
    s.reviver_calls_per_s === null ? '—' : `${(s.reviver_calls_per_s / 1e6).toFixed(2)}M`,
  ]);
  const notes = list.some((s) => s.verdict === 'too-few' || s.source_verdict === 'too-few')
    ? [
        `"#" = fewer than ${minRoundsForClaim} paired rounds and the interval contains 1: too few rounds to tell; "~" = the interval contains 1.`,
      ]
    : list.some((s) => s.verdict === 'same' || s.source_verdict === 'same')
      ? ['"~" = the 95% interval contains 1: no significant slowdown.']
      : [];
  return simpleTable(null, header, body, notes);
}
