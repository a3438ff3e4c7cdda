// The gate's words (criterion's regression against a baseline): per compared cell a regression,
// an improvement, a change within the gate, equivalent or inconclusive; and make gate's table on
// one interleaved run of this tree beside a base tree. The numbers are lib/results/gate.js's.
import { gatePaired } from '../../results/gate.js';
import { throughputCell } from '../model/cells.js';
import { fmtRatio, verdictText } from '../model/ratio-text.js';

/**
 * The gate's words for its decisions (lib/results/gate.js): per cell a regression, an
 * improvement, a change within the gate, or the ratio's own verdict (equivalent, inconclusive:
 * never "no change" from a test that could not tell); and one summary line.
 * @param {import('../../results/gate.js').Gate} g
 * @param {{name?: string}} [opts]
 */
export function gateVerdicts(g, { name = 'diff' } = {}) {
  const { changes, decisions, regressions, improvements, threshold, floor } = g;
  const pctOf = (x) => `${(x * 100).toFixed(1)}%`;
  const verdicts = decisions.map((d, i) => {
    const r = changes[i].ratio;
    if (d.kind === 'not compared') return 'not compared';
    if (d.kind === 'no claim') return verdictText(r);
    const change = /** @type {number} */ (d.change);
    if (d.kind === 'within') return `${r.ratio < 1 ? 'slower' : 'faster'} within the gate (${pctOf(change)})`;
    return d.kind === 'regression' ? `REGRESSION +${pctOf(change)} time` : `improvement −${pctOf(change)} time`;
  });
  const count = (v) => changes.filter((c) => c.ratio?.verdict === v).length;
  const gate = `threshold ${threshold}%${floor ? ', A/A noise floor per row' : ''}`;
  const summary = regressions.length
    ? `${name}: ${regressions.length} significant regression(s) beyond ${gate}: ${regressions.map((r) => `${r.key} on ${r.runtime} (+${pctOf(r.change)})`).join('; ')}`
    : `${name}: no slowdown beyond ${gate} (${improvements} improvement(s), ${count('equivalent')} equivalent, ${count('inconclusive')} inconclusive of ${changes.length} cell(s) compared)`;
  return { verdicts, summary };
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
 * `make gate`'s table on its one interleaved run: per row and runtime `X`, X/base and X with the
 * paired ratio and the gate's verdict (the numbers: lib/results/gate.js gatePaired).
 * @param {any} doc the gate's results file
 * @param {{threshold?: number, floor?: Map<string, number>, labels?: {base: string, head: string}}} [opts]
 * @param {import('../../results/gate.js').Gate} [g] the gate's numbers, when the caller has them
 */
export function pairedGate(doc, opts = {}, g = gatePaired(doc, opts)) {
  const { labels = { base: 'base', head: 'head' } } = opts;
  const own = (c) => (c ? throughputCell({ ...c, ratio: null }) : { text: '-' });
  const rows = g.changes.map((c) => {
    const [vb, vh] = c.versions ?? [];
    const runtime = vb && vh && vb !== vh ? `${c.runtime} (${vb} → ${vh})` : c.runtime;
    return { workload: c.key, runtime, a: own(c.a), b: own(c.b), ratio: { text: fmtRatio(c.ratio) || '-' } };
  });
  const words = gateVerdicts(g, { name: 'gate' });
  const verdicts = words.verdicts.map((v, i) =>
    g.broken.some((b) => b.key === g.changes[i].key && b.runtime === g.changes[i].runtime)
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
  const summary = g.broken.length
    ? `${words.summary}; ${g.broken.length} row(s) broken on the head: ${g.broken.map((b) => `${b.key} on ${b.runtime}`).join('; ')}`
    : words.summary;
  return { table, summary, regressions: g.regressions, broken: g.broken, compared: g.changes.length };
}
