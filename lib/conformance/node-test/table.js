// The per-module table of make node-compat(-table): per node:* module, how many files, and per
// runtime the files passed of those applicable, the share of the reference runtime's passes it
// also passes (node-relative), and its skips apart (a skip is never a pass). Then a plain line per
// module, the totals, and the biggest name prefixes of the "other" bucket.
import { EXCLUDED_KINDS } from './expectations.js';
import { OTHER, prefixOf } from './modules.js';

/** Widest the table may print. */
export const MAX_WIDTH = 120;

/** The reference runtime for node-relative shares: node@25.8.1 (the tests' own Node) when run. */
export const REFERENCE = 'node@25.8.1';

/**
 * Counts of one runtime over some rows. Applicable: run and not skipped, not not-applicable, not
 * excluded as parity's side (harness, outdated-test).
 * @param {any[]} rows
 */
export function countsOf(rows) {
  const c = {
    files: rows.length,
    passed: 0,
    applicable: 0,
    skipped: 0,
    na: 0,
    excluded: 0,
    unexpected: 0,
    kinds: /** @type {Record<string, number>} */ ({}),
  };
  for (const r of rows) {
    if (r.status === 'skip') c.skipped++;
    else if (r.status === 'not-applicable') c.na++;
    else if (r.kind && EXCLUDED_KINDS.has(r.kind)) c.excluded++;
    else {
      c.applicable++;
      if (r.outcome === 'pass') c.passed++;
    }
    if (r.status === 'expected-fail' && r.kind) c.kinds[r.kind] = (c.kinds[r.kind] ?? 0) + 1;
    if (['fail', 'timeout', 'error', 'unexpected-pass'].includes(r.status)) c.unexpected++;
  }
  return c;
}

/**
 * Of the files `ref` passes, how many `rows` pass too (null without a reference).
 * @param {any[]} rows
 * @param {any[] | null} ref
 */
export function relative(rows, ref) {
  if (!ref) return null;
  // Files this runtime cannot run by design, or that parity's side excludes, do not count against it.
  const out = new Set(
    rows.filter((r) => r.status === 'not-applicable' || (r.kind && EXCLUDED_KINDS.has(r.kind))).map((r) => r.file),
  );
  const refPass = new Set(ref.filter((r) => r.outcome === 'pass' && !out.has(r.file)).map((r) => r.file));
  if (!refPass.size) return null;
  const both = rows.filter((r) => r.outcome === 'pass' && refPass.has(r.file)).length;
  return { both, of: refPass.size, pct: (100 * both) / refPass.size };
}

const pct = (x) => (x === null ? '' : `${Math.floor(x.pct)}%`);

/**
 * Table data: one entry per module (sorted by file count), plus the total.
 * @param {any[]} rows  node-test rows
 * @param {{runtimes?: string[], unsupported?: Record<string, string>, reference?: string}} [o]
 */
export function moduleTable(rows, o = {}) {
  const runtimes = o.runtimes ?? [...new Set(rows.map((r) => r.runtime))];
  const unsupported = o.unsupported ?? {};
  const ref = runtimes.includes(o.reference ?? REFERENCE) ? (o.reference ?? REFERENCE) : null;
  const byModule = new Map();
  for (const r of rows) {
    if (!byModule.has(r.module)) byModule.set(r.module, []);
    byModule.get(r.module).push(r);
  }
  const line = (module, list) => {
    const files = new Set(list.map((r) => r.file)).size;
    const refRows = ref ? list.filter((r) => r.runtime === ref) : null;
    const cells = runtimes.map((id) => {
      if (unsupported[id]) return { id, unsupported: unsupported[id], kinds: {} };
      const mine = list.filter((r) => r.runtime === id);
      return { id, ...countsOf(mine), rel: id === ref ? null : relative(mine, refRows) };
    });
    return { module, files, cells };
  };
  const modules = [...byModule]
    .sort(
      (a, b) => new Set(b[1].map((r) => r.file)).size - new Set(a[1].map((r) => r.file)).size || (a[0] < b[0] ? -1 : 1),
    )
    .map(([m, list]) => line(m, list));
  const others = rows.filter((r) => r.module === OTHER);
  const prefixes = {};
  for (const f of new Set(others.map((r) => r.file))) prefixes[prefixOf(f)] = (prefixes[prefixOf(f)] ?? 0) + 1;
  return {
    reference: ref,
    runtimes,
    modules,
    total: line('total', rows),
    otherPrefixes: Object.entries(prefixes).sort((a, b) => b[1] - a[1]),
  };
}

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
  if (t.otherPrefixes.length)
    lines.push(
      `other: biggest name prefixes ${t.otherPrefixes
        .slice(0, 8)
        .map(([p, n]) => `${p} (${n})`)
        .join(', ')}`,
    );
  return lines.join('\n');
}
