// Math accuracy per runtime from math/accuracy result rows: the largest ULP error, the share of
// correctly rounded results, and which runtimes produced bit-identical outputs (same libm path).
// Pure: rows in, text out.
import { simpleTable } from '../model/model.js';

const baseName = (w) => String(w).split('/').pop();

/**
 * Collect the accuracy reports per runtime. A runtime whose rounds disagree (different output
 * hashes) is flagged `varies`: the same binary should compute the same bits every time.
 * @param {any[]} rows result rows; only ok `math/accuracy` rows with a report are used
 * @returns {{runtimes: string[], functions: string[], cells: Record<string, Record<string, any>>,
 *   overall: Record<string, {hash: string, varies: boolean, tiers_agree: boolean}>}}
 */
export function accuracyMatrix(rows) {
  const runtimes = [];
  const functions = [];
  /** @type {Record<string, Record<string, any>>} */
  const cells = {};
  /** @type {Record<string, {hash: string, varies: boolean, tiers_agree: boolean}>} */
  const overall = {};
  for (const r of rows) {
    if (r.status !== 'ok' || r.suite !== 'math' || baseName(r.workload) !== 'accuracy' || !r.report?.functions)
      continue;
    const id = r.runtime;
    if (!cells[id]) {
      runtimes.push(id);
      cells[id] = {};
      overall[id] = { hash: r.report.hash, varies: false, tiers_agree: r.report.tiers_agree !== false };
    } else {
      if (overall[id].hash !== r.report.hash) overall[id].varies = true;
      if (r.report.tiers_agree === false) overall[id].tiers_agree = false;
    }
    for (const [fn, a] of Object.entries(r.report.functions)) {
      if (!functions.includes(fn)) functions.push(fn);
      const prev = cells[id][fn];
      cells[id][fn] = prev ? { ...prev, varies: prev.varies || prev.hash !== a.hash } : { ...a, varies: false };
    }
  }
  return { runtimes, functions, cells, overall };
}

/** 1 → "100%", 0.99952 → "99.95%": never rounds an imperfect share up to 100%. */
export function fmtShare(share) {
  if (!Number.isFinite(share)) return '-';
  if (share === 1) return '100%';
  const pct = Math.floor(share * 10000) / 100;
  return `${pct.toFixed(2)}%`;
}

function fmtUlp(a) {
  if (a.max_ulp === null) return `NaN mismatch (${a.nan_mismatches})`;
  return String(a.max_ulp);
}

/** Runtimes other than `id` whose hash equals `hashOf(id)`, or '-' when none. */
function sameAs(id, runtimes, hashOf) {
  const h = hashOf(id);
  if (h === undefined) return '-';
  const others = runtimes.filter((o) => o !== id && hashOf(o) === h);
  return others.length ? others.join(', ') : '-';
}

/**
 * Render runtime × function accuracy: max ULP distance from the correctly rounded result,
 * share of correctly rounded results (identical bits), and the runtimes with identical output
 * bits for that function. A last "all" line per runtime compares the hash over every function.
 * @param {any[]} rows result rows
 * @returns {import('../model/model.js').TableData | null} the table, or null when there are no ok accuracy rows
 */
export function accuracyTable(rows) {
  const m = accuracyMatrix(rows);
  if (!m.runtimes.length) return null;
  const header = ['function', 'runtime', 'max ULP', 'correctly rounded', 'same bits as'];
  const body = [];
  for (const fn of m.functions) {
    for (const id of m.runtimes) {
      const a = m.cells[id][fn];
      if (!a) {
        body.push([fn, id, '-', '-', '-']);
        continue;
      }
      const mark = a.varies ? ' (varies between rounds)' : '';
      body.push([
        fn,
        id,
        fmtUlp(a),
        fmtShare(a.correctly_rounded),
        sameAs(id, m.runtimes, (o) => m.cells[o][fn]?.hash) + mark,
      ]);
    }
  }
  for (const id of m.runtimes) {
    const o = m.overall[id];
    const notes = [o.varies ? 'varies between rounds' : '', o.tiers_agree ? '' : 'first and last call differ'].filter(
      Boolean,
    );
    const totalShare = pooledShare(m.functions.map((fn) => m.cells[id][fn]));
    const maxUlp = Math.max(...m.functions.map((fn) => m.cells[id][fn]?.max_ulp ?? Number.POSITIVE_INFINITY));
    body.push([
      'all',
      id,
      Number.isFinite(maxUlp) ? String(maxUlp) : 'NaN mismatch',
      fmtShare(totalShare),
      sameAs(id, m.runtimes, (x) => m.overall[x].hash) + (notes.length ? ` (${notes.join('; ')})` : ''),
    ]);
  }
  return simpleTable(null, header, body);
}

/** Share correctly rounded over every evaluation (NaN when a function is missing). */
function pooledShare(cells) {
  if (cells.some((c) => !c)) return Number.NaN;
  const n = cells.reduce((s, c) => s + c.n, 0);
  return cells.reduce((s, c) => s + c.correctly_rounded * c.n, 0) / n;
}
