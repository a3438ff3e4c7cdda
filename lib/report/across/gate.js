// The gate's verdicts (criterion's regression against a baseline): per compared cell a regression,
// an improvement, a change within the gate, equivalent or inconclusive; and make gate's paired
// form on one interleaved run of this tree beside a base tree.
import { correctTable } from '../../measure/stats/compare.js';
import { baseId } from '../../runtimes/registry.js';
import { aggregate, cellRatio } from '../model/aggregate.js';
import { throughputCell } from '../model/cells.js';
import { METRICS } from '../model/metrics.js';
import { fmtRatio, verdictText } from '../model/ratio-text.js';

/**
 * The gate's verdict on each compared cell (criterion's regression against a baseline): a
 * regression, an improvement, a change within the gate, equivalent or inconclusive (never "no
 * change" from a test that could not tell). A regression needs a significant slowdown (B slower
 * than A, its table-adjusted interval excluding 1) larger than `threshold` percent and, when an
 * A/A run gave a noise floor for the row, larger than that floor too.
 * @param {{key: string, runtime: string, ratio: any}[]} changes B against A, > 1 = B faster
 * @param {{threshold?: number, floor?: Map<string, number>, name?: string}} [opts]
 */
export function gateVerdicts(changes, { threshold = 5, floor, name = 'diff' } = {}) {
  const regressions = [];
  let improvements = 0;
  const verdicts = changes.map((c) => {
    const r = c.ratio;
    if (!r) return 'not compared';
    if (!r.significant) return verdictText(r);
    const change = Math.abs(1 / r.ratio - 1); // B's time relative to A's
    const limit = Math.max(threshold / 100, floor?.get(c.key) ?? 0);
    if (change <= limit) return `${r.ratio < 1 ? 'slower' : 'faster'} within the gate (${(change * 100).toFixed(1)}%)`;
    if (r.ratio < 1) {
      regressions.push({ ...c, change });
      return `REGRESSION +${(change * 100).toFixed(1)}% time`;
    }
    improvements++;
    return `improvement −${(change * 100).toFixed(1)}% time`;
  });
  const count = (v) => changes.filter((c) => c.ratio?.verdict === v).length;
  const gate = `threshold ${threshold}%${floor ? ', A/A noise floor per row' : ''}`;
  const summary = regressions.length
    ? `${name}: ${regressions.length} significant regression(s) beyond ${gate}: ${regressions.map((r) => `${r.key} on ${r.runtime} (+${(r.change * 100).toFixed(1)}%)`).join('; ')}`
    : `${name}: no slowdown beyond ${gate} (${improvements} improvement(s), ${count('equivalent')} equivalent, ${count('inconclusive')} inconclusive of ${changes.length} cell(s) compared)`;
  return { verdicts, regressions, summary };
}

/** Put each cell's gate verdict in a last column of the table. */
export function addVerdicts(table, verdicts) {
  table.columns.push({ key: 'verdict', label: 'verdict', align: 'left' });
  table.rows.forEach((row, i) => {
    const bad = /^(REGRESSION|BROKEN)/.test(verdicts[i]);
    row.verdict = { text: verdicts[i], ...(bad ? { tone: 'bad' } : {}) };
  });
}

/**
 * `make gate` on its one interleaved run: for every runtime `X` that ran beside `X/base`, each
 * row's ratio of X against X/base paired by round (the two ran back to back in every round, so
 * the machine's drift cancels, as in any table), corrected together, then gateVerdicts. A row
 * that ran on the base but on the head in no round is BROKEN and fails the gate too.
 * @param {any} doc the gate's results file
 * @param {{threshold?: number, floor?: Map<string, number>, labels?: {base: string, head: string}}} [opts]
 */
export function pairedGate(doc, { threshold = 5, floor, labels = { base: 'base', head: 'head' } } = {}) {
  const ids = doc.runtimes.map((r) => r.id);
  const heads = ids.filter((id) => ids.includes(baseId(id)));
  const version = new Map(doc.runtimes.map((r) => [r.id, r.version]));
  const agg = aggregate(doc.results, ids);
  const changes = [];
  const rows = [];
  const broken = [];
  const own = (c) => (c ? throughputCell({ ...c, ratio: null }) : { text: '-' });
  for (const row of agg.rows) {
    for (const id of heads) {
      const [cb, ch] = [row.cells[baseId(id)], row.cells[id]];
      if (!cb && !ch) continue;
      // A fresh ratio: the one aggregate made is already corrected within its own table.
      const ratio = cb?.ok && ch?.ok ? cellRatio(cb, ch, METRICS.time_ns) : null;
      if (cb?.ok && !ch?.ok) broken.push({ key: row.key, runtime: id });
      changes.push({ key: row.key, runtime: id, ratio });
      const [vb, vh] = [version.get(baseId(id)), version.get(id)];
      const runtime = vb && vh && vb !== vh ? `${id} (${vb} → ${vh})` : id;
      rows.push({ workload: row.key, runtime, a: own(cb), b: own(ch), ratio: { text: '' } });
    }
  }
  correctTable(changes.map((c) => c.ratio).filter((r) => r !== null));
  changes.forEach((c, i) => {
    rows[i].ratio = { text: fmtRatio(c.ratio) || '-' };
  });
  const g = gateVerdicts(changes, { threshold, floor, name: 'gate' });
  const verdicts = g.verdicts.map((v, i) =>
    broken.some((b) => b.key === changes[i].key && b.runtime === changes[i].runtime)
      ? 'BROKEN: ran on the base, failed on the head in every round'
      : v,
  );
  const columns = [
    { key: 'workload', label: 'workload' },
    { key: 'runtime', label: 'runtime' },
    { key: 'a', label: labels.base },
    { key: 'b', label: labels.head },
    { key: 'ratio', label: 'head/base' },
  ];
  /** @type {import('../model/model.js').TableData} */
  const table = { columns, rows };
  addVerdicts(table, verdicts);
  const summary = broken.length
    ? `${g.summary}; ${broken.length} row(s) broken on the head: ${broken.map((b) => `${b.key} on ${b.runtime}`).join('; ')}`
    : g.summary;
  return { table, summary, regressions: g.regressions, broken, compared: changes.length };
}
