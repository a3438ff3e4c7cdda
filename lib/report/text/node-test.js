// The per-module table of make node-compat(-table) as text: the table (at most 120 columns), a
// plain line per module, the totals, expected failures by kind and the biggest prefixes of "other".
import { moduleTable } from '../model/node-test.js';

/** Widest the table may print. */
export const MAX_WIDTH = 120;

const pct = (x) => (x === null ? '' : `${Math.floor(x.pct)}%`);

/** A cell of the table: passed/applicable, the node-relative share, skips. */
function cellText(c) {
  if (c.unsupported) return ['unsupported', ''];
  const main = `${c.passed}/${c.applicable}${c.rel ? ` ${pct(c.rel)}` : ''}`;
  return [main, c.skipped ? String(c.skipped) : ''];
}

/**
 * The table as text lines, no wider than MAX_WIDTH: module, files, then per runtime
 * "passed/applicable rel%" and its skips.
 * @param {ReturnType<typeof moduleTable>} t
 */
export function tableLines(t) {
  const head = ['module', 'files', ...t.runtimes.flatMap((id) => [id, 'skip'])];
  const body = [...t.modules, t.total].map((m) => [m.module, String(m.files), ...m.cells.flatMap(cellText)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const fmt = (r) =>
    r
      .map((s, i) => (i === 0 ? s.padEnd(widths[i]) : s.padStart(widths[i])))
      .join(' ')
      .trimEnd();
  const lines = [fmt(head), ...body.map(fmt)];
  if (lines.some((l) => l.length > MAX_WIDTH)) {
    // Too many runtimes for one table: the plain lines below carry every figure.
    return [`(${t.runtimes.length} runtimes do not fit ${MAX_WIDTH} columns: one line per module follows)`];
  }
  return lines;
}

/**
 * One plain line per module: "fs: node@25.8.1 passes 321 of 335 (12 skipped); deno 300 (93%) …".
 * @param {{module: string, files: number, cells: any[]}} m
 * @param {string | null} ref
 */
export function plainLine(m, ref) {
  const parts = m.cells.map((c, i) => {
    if (c.unsupported) return `${c.id} unsupported`;
    const head =
      i === 0 || c.id === ref
        ? `${c.id} passes ${c.passed} of ${c.applicable}`
        : `${c.id} ${c.passed}${c.rel ? ` (${pct(c.rel)})` : ''} of ${c.applicable}`;
    const extra = [
      c.skipped ? `${c.skipped} skipped` : '',
      c.na ? `${c.na} not applicable` : '',
      c.kinds['engine-specific'] ? `${c.kinds['engine-specific']} engine-specific` : '',
    ].filter(Boolean);
    return `${head}${c.applicable !== m.files && c.na ? ' applicable' : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  });
  return `${m.module} (${m.files} files): ${parts.join('; ')}`;
}

/**
 * The count other harnesses (Deno's, nub's) make: a file counts when it exits 0, a skip included,
 * among the files the reference exits 0 on. Null without a reference.
 * @param {any[]} rows
 * @param {{reference: string | null, runtimes: string[]}} t
 */
export function exitZeroLine(rows, t) {
  if (!t.reference) return null;
  const ok = (r) => r.outcome === 'pass' || r.outcome === 'skip';
  const base = new Set(rows.filter((r) => r.runtime === t.reference && ok(r)).map((r) => r.file));
  if (!base.size) return null;
  const parts = t.runtimes
    .filter((id) => id !== t.reference && rows.some((r) => r.runtime === id))
    .map((id) => {
      const n = rows.filter((r) => r.runtime === id && ok(r) && base.has(r.file)).length;
      return `${id} ${n} (${((100 * n) / base.size).toFixed(1)}%)`;
    });
  return `exit 0 (a pass or a skip) of the ${base.size} files ${t.reference} exits 0 on, as Deno's and nub's harnesses count: ${parts.join('; ')}`;
}

/**
 * Everything make node-compat-table prints.
 * @param {any[]} rows
 * @param {{runtimes?: string[], unsupported?: Record<string, string>, reference?: string}} [o]
 */
export function nodeTestReport(rows, o = {}) {
  const t = moduleTable(rows, o);
  const lines = [
    `Node test files per module: passed/applicable${t.reference ? ` (% of ${t.reference}'s passes also passed)` : ''}, skips apart`,
    ...(t.reference
      ? []
      : ['(no node-relative %: the run has no reference runtime, node@25.8.1 unless --baseline names one)']),
    ...tableLines(t),
    '',
    ...t.modules.map((m) => plainLine(m, t.reference)),
    plainLine(t.total, t.reference),
  ];
  for (const c of t.total.cells) {
    if (c.unsupported) lines.push(`${c.id}: unsupported: ${c.unsupported}`);
    else if (Object.keys(c.kinds).length)
      lines.push(
        `${c.id} expected failures by kind: ${Object.entries(c.kinds)
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}`,
      );
  }
  const exit0 = exitZeroLine(rows, t);
  if (exit0) lines.push(exit0);
  if (t.otherPrefixes.length)
    lines.push(
      `other: biggest name prefixes ${t.otherPrefixes
        .slice(0, 8)
        .map(([p, n]) => `${p} (${n})`)
        .join(', ')}`,
    );
  return lines.join('\n');
}

/**
 * The report of whole results documents, in the runs' own runtime order, naming the runtimes they
 * could not run (workerd without its adapter): what make node-compat-table and docs blocks print.
 * @param {any[]} docs results documents
 * @param {any[]} rows their node-test rows
 * @param {string} reference
 */
export function nodeTestDocsReport(docs, rows, reference) {
  const ids = new Set(rows.map((r) => r.runtime));
  const unsupported = Object.assign({}, ...docs.map((d) => d.node_test?.unsupported ?? {}));
  const runtimes = [...new Set(docs.flatMap((d) => (d.runtimes ?? []).map((r) => r.id)))].filter(
    (id) => ids.has(id) || unsupported[id],
  );
  return nodeTestReport(rows, { runtimes: runtimes.length ? runtimes : undefined, unsupported, reference });
}
