// The conformance tables as text or markdown: the per-interface table in runtime groups that fit
// the terminal, the shared checks, the legend, and a cross-runtime difference as lines.
import { conformanceTable, interfaceTable } from '../model/conformance.js';
import { runtimesOf } from '../model/model.js';
import { printable } from '../model/printable.js';
import { printFormat, printLines, printTable } from './print.js';
import { WIDTH } from './wrap.js';

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
    lines.push(`  ${printable(d.name)}${d.missing.length ? `  [not run on ${d.missing.join(', ')}]` : ''}`);
    for (const [rt, detail] of Object.entries(d.details)) lines.push(`      ${rt}: ${printable(detail.slice(0, 160))}`);
  }
  return lines.join('\n');
}

/**
 * The printed table for all runtimes if it fits WIDTH (or is markdown, which wraps itself), else
 * for the fewest groups of consecutive runtimes, of equal size, that each fit.
 * @param {string[]} runtimes
 * @param {(rts: string[]) => string} print
 * @param {boolean} markdown
 */
function fitting(runtimes, print, markdown) {
  const widest = (t) => Math.max(...t.split('\n').map((l) => [...l].length));
  for (let n = 1; n <= runtimes.length; n++) {
    // n groups of (nearly) equal size: 6 runtimes in two tables of 3, not 5 and 1.
    const size = Math.ceil(runtimes.length / n);
    const groups = [];
    for (let i = 0; i < runtimes.length; i += size) groups.push(print(runtimes.slice(i, i + size)));
    if (markdown || groups.every((g) => widest(g) <= WIDTH)) return groups;
  }
  return [print(runtimes)];
}

/**
 * The tables people come for, as text or markdown: WPT per interface with a line per interface,
 * then the shared checks, then the legend.
 * @param {Array<Record<string, any>>} rows
 * @param {{classify?: (row: any) => {name: string, dir: string}, order?: string[], runtimes?: string[], markdown?: boolean,
 *   interfaces?: import('../model/conformance-map.js').MappedInterface[], commits?: Record<string, string>,
 *   commitDates?: Record<string, string>}} [options]
 */
export function conformanceReport(
  rows,
  { classify, order = [], runtimes = runtimesOf(rows), markdown = false, interfaces, commits, commitDates } = {},
) {
  const format = printFormat({ markdown });
  const parts = [];
  if (rows.some((r) => r.source === 'wpt')) {
    const { summary } = interfaceTable(rows, { runtimes, classify, order, interfaces, commits, commitDates });
    // Text stays within WIDTH columns: with many runtimes, the table comes in runtime groups.
    for (const group of fitting(
      runtimes,
      (rts) => printTable(interfaceTable(rows, { runtimes: rts, classify, order, interfaces }).table, { format }),
      markdown,
    )) {
      parts.push(group, '');
    }
    parts.push(printLines(summary, { format }));
  }
  const checks = rows.filter((r) => r.source === 'check');
  if (checks.length) parts.push('', printTable(conformanceTable(checks, { runtimes }), { format }));
  parts.push(
    '',
    'cells: subtests passed/total; +NE = N files whose harness errored, crashed or hung; ! = unexpected failures;',
    "+Nnj = N subtests not judged: expected to fail for a harness or outdated-test reason (parity's side or the",
    "test's), left out of passed/total",
  );
  return parts.join('\n');
}
