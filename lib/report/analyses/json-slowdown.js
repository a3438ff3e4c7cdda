// What an identity reviver costs, per runtime: parse-reviver time over parse time on the same
// document. Pure analysis over result rows; the table code calls it, no workload does.

import { roundRatio } from '../../measure/stats/compare.js';
import { median } from '../../measure/stats/stats.js';
import { paramsKey } from '../../measure/workload.js';
import { simpleTable } from '../model/model.js';
import { ratioLegend, ratioText } from '../model/ratio-text.js';

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
  /** @type {Map<string, {runtime: string, params: object, rows: Record<string, any[]>, calls: number | null}>} */
  const groups = new Map();
  for (const r of rows) {
    if (r.status !== 'ok' || r.suite !== 'json' || !Number.isFinite(r.median_ns)) continue;
    const name = baseName(r.workload);
    if (!['parse', 'parse-reviver', 'parse-reviver-source'].includes(name)) continue;
    const params = r.params ?? {};
    const id = `${r.runtime}\u0000${paramsKey(params)}`;
    if (!groups.has(id)) groups.set(id, { runtime: r.runtime, params, rows: {}, calls: null });
    const g = /** @type {any} */ (groups.get(id));
    g.rows[name] ??= [];
    g.rows[name].push(r);
    if (name === 'parse-reviver' && r.report?.reviver_calls_per_call) g.calls = r.report.reviver_calls_per_call;
  }
  const timeOf = (rs) => median(rs.map((r) => r.median_ns));
  const out = [];
  for (const g of groups.values()) {
    const { parse: base, 'parse-reviver': rev, 'parse-reviver-source': source } = g.rows;
    if (!base || !rev) continue;
    // Both workloads ran in every round, on one runtime: paired by round so machine drift cancels.
    const r = roundRatio(rev, base);
    const src = source ? roundRatio(source, base) : null;
    const reviver_ns = timeOf(rev);
    out.push({
      runtime: g.runtime,
      params: g.params,
      key: paramsKey(g.params),
      parse_ns: timeOf(base),
      reviver_ns,
      slowdown: r.ratio,
      ci95: r.ci95,
      significant: r.significant,
      verdict: r.verdict,
      source_verdict: src ? src.verdict : null,
      reviver_calls_per_s: g.calls ? g.calls / (reviver_ns / 1e9) : null,
      source_slowdown: src ? src.ratio : null,
      source_ci95: src ? src.ci95 : null,
    });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key) || a.runtime.localeCompare(b.runtime));
}

/**
 * The slowdown list as a table: one line per document and runtime.
 * @param {ReturnType<typeof reviverSlowdown>} list
 * @param {{detail?: boolean}} [opts] detail (SHOW=spread): each slowdown with its 95% interval
 */
export function slowdownTable(list, { detail = false } = {}) {
  // A slowdown in the one text form of every table ("5.18× [2.94–9.12]", "~" / "#" as there).
  const fmtRatio = (ratio, ci95, verdict) => ratioText({ ratio, ci95, verdict }, { interval: detail });
  const header = ['params', 'runtime', 'reviver / parse', 'source reviver / parse', 'reviver calls/s'];
  const body = list.map((s) => [
    s.key,
    s.runtime,
    fmtRatio(s.slowdown, s.ci95, s.verdict),
    s.source_slowdown === null ? '—' : fmtRatio(s.source_slowdown, s.source_ci95, s.source_verdict),
    s.reviver_calls_per_s === null ? '—' : `${(s.reviver_calls_per_s / 1e6).toFixed(2)}M`,
  ]);
  return simpleTable(null, header, body, { notes: [`Slowdowns: ${ratioLegend(detail)}`] });
}
