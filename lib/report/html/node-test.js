// The HTML report's Node-test section: a heat map, node:* module × runtime, each cell the files
// passed of those applicable (with the node-relative share and the skips), linking to that
// cell's files that did not pass with their outcome, expectation kind and first error line.
// Everything from the results file is escaped.
import { moduleTable } from '../model/node-test.js';
import { anchorId } from './anchor.js';
import { heatColor } from './conformance.js';

/** Files listed per cell, at most: the rest are counted. */
const LIST_MAX = 300;

/**
 * @param {Array<Record<string, any>>} rows  conformance rows (node-test ones are drawn)
 * @param {(s: unknown) => string} escapeHtml
 * @param {{unsupported?: Record<string, string>}} [o]  runtimes the run could not run, with why
 * @returns {string} '' when there is no node-test row
 */
export function nodeTestHtml(rows, escapeHtml, o = {}) {
  const mine = rows.filter((r) => r.source === 'node-test');
  if (!mine.length) return '';
  const unsupported = o.unsupported ?? {};
  const runtimes = [...new Set([...mine.map((r) => r.runtime), ...Object.keys(unsupported)])];
  const t = moduleTable(mine, { runtimes, unsupported });
  const lists = [];
  const cellHtml = (module, c) => {
    if (c.unsupported) return `<td title="${escapeHtml(c.unsupported)}">unsupported</td>`;
    if (!c.files) return '<td>-</td>';
    const share = c.applicable ? c.passed / c.applicable : 0;
    const rel = c.rel ? ` (${Math.floor(c.rel.pct)}%)` : '';
    const text = `${c.passed}/${c.applicable}${rel}${c.skipped ? ` s${c.skipped}` : ''}${c.unexpected ? ' !' : ''}`;
    const failing = mine.filter(
      (r) => (module === 'total' || r.module === module) && r.runtime === c.id && !['pass', 'skip'].includes(r.status),
    );
    if (!failing.length || module === 'total')
      return `<td style="background:${heatColor(share)};text-align:right" data-v="${share}">${escapeHtml(text)}</td>`;
    const id = anchorId('node-test', `${module} ${c.id}`);
    const items = failing
      .slice(0, LIST_MAX)
      .map(
        (r) =>
          `<li><code>${escapeHtml(r.outcome)}</code>${r.kind ? ` <i>${escapeHtml(r.kind)}</i>` : ''} ${escapeHtml(r.file)}${r.detail ? `: <span class="notes">${escapeHtml(r.detail)}</span>` : ''}</li>`,
      )
      .join('');
    const more = failing.length > LIST_MAX ? `<li>and ${failing.length - LIST_MAX} more</li>` : '';
    lists.push(
      `<details id="${id}"><summary>${escapeHtml(module)} on ${escapeHtml(c.id)}: ${failing.length} not passing</summary><ul>${items}${more}</ul></details>`,
    );
    return `<td style="background:${heatColor(share)};text-align:right" data-v="${share}"><a href="#${id}">${escapeHtml(text)}</a></td>`;
  };
  const body = [...t.modules, t.total].map(
    (m) =>
      `<tr><th scope="row" style="text-align:left">${escapeHtml(m.module)}</th><td style="text-align:right">${m.files}</td>${m.cells.map((c) => cellHtml(m.module, c)).join('')}</tr>`,
  );
  const head = t.runtimes.map((id) => `<th scope="col">${escapeHtml(id)}</th>`).join('');
  return `<section id="node-test"><h2>Node's own tests</h2>
<p class="notes">Node test files per node:* module and runtime: passed/applicable${t.reference ? ` (the share of the files ${escapeHtml(t.reference)} passes that the runtime passes too)` : ''}, sN files skipped (never counted as passes), ! unexpected results. A cell links to its files that did not pass, each with its outcome, its expectation kind and its first error line.</p>
<table class="sortable"><thead><tr><th scope="col">module</th><th scope="col">files</th>${head}</tr></thead><tbody>
${body.join('\n')}
</tbody></table>
${lists.join('\n')}</section>`;
}
