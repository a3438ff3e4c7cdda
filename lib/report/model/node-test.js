// Node test rows → the per-module table's data (make node-compat-table, the HTML heat map): per
// node:* module, how many files, and per runtime the files passed of those applicable, the share
// of the reference runtime's passes it also passes (node-relative), and its skips apart (a skip is
// never a pass); the biggest name prefixes of the "other" bucket.
import {
  NODE_TEST_EXCLUDED_KINDS as EXCLUDED_KINDS,
  NODE_TEST_UNEXPECTED,
  NODE_TEST_OTHER as OTHER,
  REFERENCE,
} from '../../results/node-test.js';

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
    if (NODE_TEST_UNEXPECTED.has(r.status)) c.unexpected++;
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

/**
 * The name prefix of a file for the "other" bucket's summary: test-foo-bar.js → test-foo.
 * @param {string} file
 */
export function prefixOf(file) {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const m = /^(test-[A-Za-z0-9]+)/.exec(name);
  return m ? m[1] : name;
}

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
