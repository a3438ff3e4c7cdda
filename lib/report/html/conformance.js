// The HTML report's conformance section: a heat map, interface × runtime, each cell the share of
// subtests passed and a link to that cell's failing subtests with their status, kind and message.
// Everything from the results file is escaped (escapeHtml shows control characters as text).

import { passCounts } from '../../results/status.js';
import { commitsLine } from '../model/conformance-map.js';
import { runtimesOf } from '../model/model.js';
import { anchorId } from './anchor.js';

/** Failing subtests listed per cell, at most: the rest are counted. */
const LIST_MAX = 300;

/** Background for a pass share: red below 80%, through amber, to green at 100%. */
export function heatColor(share) {
  const hue = Math.round(Math.max(0, Math.min(1, (share - 0.8) / 0.2)) * 120);
  return `hsl(${hue} 65% 85%)`;
}

/**
 * @param {Array<Record<string, any>>} rows  conformance rows (WPT ones are drawn)
 * @param {(s: unknown) => string} escapeHtml
 * @param {{commits?: Record<string, string>, commit_dates?: Record<string, string>}} [wptInfo]  the results file's wpt
 *   record: the WPT commit of each directory and each commit's date, named under the map
 * @returns {string} '' when there is no WPT row
 */
export function conformanceHtml(rows, escapeHtml, wptInfo = {}) {
  const wpt = rows.filter((r) => r.source === 'wpt');
  if (!wpt.length) return '';
  const runtimes = runtimesOf(wpt);
  /** @type {Map<string, Array<Record<string, any>>>} */
  const byInterface = new Map();
  for (const r of wpt) {
    const name = r.interface ?? r.suite;
    byInterface.set(name, [...(byInterface.get(name) ?? []), r]);
  }
  const head = runtimes.map((rt) => `<th scope="col">${escapeHtml(rt)}</th>`).join('');
  const body = [];
  const lists = [];
  for (const [name, mine] of byInterface) {
    const cells = runtimes.map((rt) => {
      const c = passCounts(mine, rt);
      if (!c.total && !c.fileErrors) return '<td>-</td>';
      const share = c.total ? c.passed / c.total : 0;
      const id = anchorId('wpt', `${name} ${rt}`);
      const failing = mine.filter(
        (r) => r.runtime === rt && r.count === undefined && !/^(unexpected-)?pass$/.test(r.status),
      );
      const text = `${(share * 100).toFixed(1)}% ${c.passed}/${c.total}${c.fileErrors ? ` +${c.fileErrors}E` : ''}${c.unexpected ? ' !' : ''}`;
      if (failing.length) {
        const items = failing
          .slice(0, LIST_MAX)
          .map(
            (r) =>
              `<li><code>${escapeHtml(r.status)}</code>${r.kind ? ` <i>${escapeHtml(r.kind)}</i>` : ''} ${escapeHtml(r.name)}${r.detail ? `: <span class="notes">${escapeHtml(r.detail)}</span>` : ''}</li>`,
          )
          .join('');
        const more = failing.length > LIST_MAX ? `<li>and ${failing.length - LIST_MAX} more</li>` : '';
        lists.push(
          `<details id="${id}"><summary>${escapeHtml(name)} on ${escapeHtml(rt)}: ${failing.length} not passing</summary><ul>${items}${more}</ul></details>`,
        );
      }
      const label = failing.length ? `<a href="#${id}">${escapeHtml(text)}</a>` : escapeHtml(text);
      return `<td style="background:${heatColor(share)};text-align:right" data-v="${share}">${label}</td>`;
    });
    body.push(`<tr><th scope="row" style="text-align:left">${escapeHtml(name)}</th>${cells.join('')}</tr>`);
  }
  const pins = commitsLine(wptInfo.commits, wptInfo.commit_dates);
  return `<section id="conformance"><h2>Conformance</h2>
<p class="notes">WPT subtests passed per interface and runtime (share, passed/total; +NE files whose harness errored; ! unexpected failures). A cell links to its failing subtests, each with its status, its expectation kind and the harness's message.</p>
<table class="sortable"><thead><tr><th scope="col">interface</th>${head}</tr></thead><tbody>
${body.join('\n')}
</tbody></table>
${pins ? `<p class="notes">${escapeHtml(pins)}</p>\n` : ''}${lists.join('\n')}</section>`;
}
