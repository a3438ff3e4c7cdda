// Failures grouped by their first error line (with run-to-run details taken out), per runtime, so
// one reason can be decided per group after reading a few of its files. Groups list files that no
// expectation covers first: they are the ones a run fails on.
import { groupKey } from './outcome.js';

/**
 * @param {any[]} rows  node-test rows
 * @param {{runtime?: string, all?: boolean}} [o]  all: expected failures too
 * @returns {Array<{runtime: string, key: string, files: string[], outcomes: Record<string, number>, labelled: number}>}
 */
export function failureGroups(rows, o = {}) {
  const want = new Set(o.all ? ['fail', 'timeout', 'error', 'expected-fail'] : ['fail', 'timeout', 'error']);
  const groups = new Map();
  for (const r of rows) {
    if (!want.has(r.status) || (o.runtime && r.runtime !== o.runtime)) continue;
    const key = r.outcome === 'timeout' ? '(timeout)' : groupKey(r.detail);
    const id = `${r.runtime}\u0000${key}`;
    if (!groups.has(id)) groups.set(id, { runtime: r.runtime, key, files: [], outcomes: {}, labelled: 0 });
    const g = groups.get(id);
    g.files.push(r.file);
    g.outcomes[r.outcome] = (g.outcomes[r.outcome] ?? 0) + 1;
    if (r.status === 'expected-fail') g.labelled++;
  }
  return [...groups.values()].sort((a, b) =>
    a.runtime < b.runtime ? -1 : a.runtime > b.runtime ? 1 : b.files.length - a.files.length,
  );
}

/**
 * Text lines: per group its size, the line, and the first few files.
 * @param {ReturnType<typeof failureGroups>} groups
 * @param {number} [show]  files named per group
 */
export function groupLines(groups, show = 3) {
  const lines = [];
  for (const g of groups) {
    const how = Object.entries(g.outcomes)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    lines.push(
      `${g.runtime}  ${g.files.length} file(s) (${how}${g.labelled ? `; ${g.labelled} with an expectation` : ''}): ${g.key}`,
    );
    for (const f of g.files.slice(0, show)) lines.push(`    ${f}`);
    if (g.files.length > show) lines.push(`    and ${g.files.length - show} more`);
  }
  return lines;
}
