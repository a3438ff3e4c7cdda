// Side-by-side conformance: rows = WPT folder or shared check, columns = runtimes,
// cells = passed/total. Pure functions over conformance rows; no I/O.
import { UNEXPECTED } from '../results/status.js';
import { simpleTable } from './model.js';

const PASSED = new Set(['pass', 'unexpected-pass']);

/** The group a row is counted in: `<suite>/<folder>` for WPT, `check <suite>/<id>` for checks. */
export function groupOf(row) {
  if (row.source === 'check') return `check ${row.name}`;
  return `${row.suite}/${row.folder ?? '?'}`;
}

/**
 * Counts for one runtime, optionally limited to one folder (WPT top-level folder, or a check's name).
 * `total` counts subtests only: file-level `(harness)` rows are counted in `fileErrors`.
 * @returns {{passed: number, total: number, failed: number, expectedFail: number, unexpectedPass: number,
 *            timeout: number, error: number, fileErrors: number, unexpected: number}}
 */
export function passCounts(rows, runtime, folder) {
  const c = {
    passed: 0,
    total: 0,
    failed: 0,
    expectedFail: 0,
    unexpectedPass: 0,
    timeout: 0,
    error: 0,
    fileErrors: 0,
    unexpected: 0,
  };
  for (const r of rows) {
    if (r.runtime !== runtime) continue;
    if (folder !== undefined && r.folder !== folder && r.name !== folder) continue;
    if (UNEXPECTED.has(r.status)) c.unexpected++;
    if (r.subtest === '(harness)') {
      c.fileErrors++;
      continue;
    }
    c.total++;
    if (PASSED.has(r.status)) c.passed++;
    if (r.status === 'unexpected-pass') c.unexpectedPass++;
    if (r.status === 'fail') c.failed++;
    if (r.status === 'expected-fail') c.expectedFail++;
    if (r.status === 'timeout') c.timeout++;
    if (r.status === 'error') c.error++;
  }
  return c;
}

function cell(rows) {
  // Every row given is one runtime's; passCounts filters by runtime, so ask for that one.
  const c = rows.length ? passCounts(rows, rows[0].runtime) : { passed: 0, total: 0, unexpected: 0, fileErrors: 0 };
  let s = `${c.passed}/${c.total}`;
  if (c.fileErrors) s += ` +${c.fileErrors}E`;
  if (c.unexpected) s += ' !';
  return s;
}

/** Runtimes in first-seen order. */
export const runtimesOf = (rows) => [...new Set(rows.map((r) => r.runtime))];

/**
 * The side-by-side table. Cells are passed/total subtests; `+NE` counts files whose harness
 * errored, crashed or hung; `!` marks unexpected failures (not covered by expectations).
 * @param {Array<Record<string, any>>} rows  conformance rows
 * @param {{runtimes?: string[]}} [options]
 * @returns {import('./model.js').TableData}
 */
export function conformanceTable(rows, { runtimes = runtimesOf(rows) } = {}) {
  const groups = new Map();
  for (const r of rows) {
    const g = groupOf(r);
    if (!groups.has(g)) groups.set(g, new Map());
    const byRt = groups.get(g);
    if (!byRt.has(r.runtime)) byRt.set(r.runtime, []);
    byRt.get(r.runtime).push(r);
  }
  const names = [...groups.keys()].sort((a, b) =>
    a.startsWith('check ') === b.startsWith('check ') ? a.localeCompare(b) : a.startsWith('check ') ? 1 : -1,
  );
  const body = names.map((g) => [
    g,
    ...runtimes.map((rt) => (groups.get(g).has(rt) ? cell(groups.get(g).get(rt)) : '-')),
  ]);
  const totals = (source) => runtimes.map((rt) => cell(rows.filter((r) => r.runtime === rt && r.source === source)));
  if (rows.some((r) => r.source === 'wpt')) body.push(['WPT total', ...totals('wpt')]);
  if (rows.some((r) => r.source === 'check')) body.push(['checks total', ...totals('check')]);
  return simpleTable(null, ['', ...runtimes], body, [], 1);
}

/**
 * Subtest-level comparison across runtimes: for every test name that does not pass everywhere,
 * say where it fails. Categories: 'fails everywhere', 'fails only on X', 'passes only on X',
 * 'fails on X, Y'; runtimes that did not run the test are listed as not run.
 * @param {Array<Record<string, any>>} rows
 * @param {{match?: (row: any) => boolean}} [options]
 * @returns {Array<{name: string, category: string, failing: string[], passing: string[], missing: string[], details: Record<string, string | null>}>}
 */
export function crossRuntimeDiff(rows, { match = () => true } = {}) {
  const runtimes = runtimesOf(rows);
  const byName = new Map();
  for (const r of rows) {
    if (!match(r)) continue;
    if (!byName.has(r.name)) byName.set(r.name, new Map());
    byName.get(r.name).set(r.runtime, r);
  }
  const out = [];
  for (const [name, byRt] of byName) {
    const passing = runtimes.filter((rt) => byRt.has(rt) && PASSED.has(byRt.get(rt).status));
    const failing = runtimes.filter((rt) => byRt.has(rt) && !PASSED.has(byRt.get(rt).status));
    const missing = runtimes.filter((rt) => !byRt.has(rt));
    if (failing.length === 0) continue;
    let category;
    if (passing.length === 0) category = 'fails everywhere';
    else if (failing.length === 1) category = `fails only on ${failing[0]}`;
    else if (passing.length === 1) category = `passes only on ${passing[0]}`;
    else category = `fails on ${failing.join(', ')}`;
    const details = Object.fromEntries(
      failing.map((rt) => [rt, `${byRt.get(rt).status}${byRt.get(rt).detail ? `: ${byRt.get(rt).detail}` : ''}`]),
    );
    out.push({ name, category, failing, passing, missing, details });
  }
  return out.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}

/** Plain-text rendering of crossRuntimeDiff, grouped by category. */
export function formatDiff(diff) {
  if (diff.length === 0) return 'No subtest fails on any runtime.';
  const lines = [];
  let current = null;
  for (const d of diff) {
    if (d.category !== current) {
      current = d.category;
      lines.push(`${current} (${diff.filter((x) => x.category === current).length}):`);
    }
    lines.push(`  ${d.name}${d.missing.length ? `  [not run on ${d.missing.join(', ')}]` : ''}`);
    for (const [rt, detail] of Object.entries(d.details)) lines.push(`      ${rt}: ${detail.slice(0, 160)}`);
  }
  return lines.join('\n');
}
