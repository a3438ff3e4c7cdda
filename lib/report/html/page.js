// The HTML report: one self-contained page per results file (no network at view time). Tables
// come from the report model (the same TableData the text and markdown printers use); charts are
// computed in charts.js and drawn by Chart.js, inlined from node_modules at build time.
// Everything that comes from a results file is escaped: text with escapeHtml, chart data as JSON
// in a script element with every "<" written as \u003c so no string can close it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../paths.js';
import { conformanceRows } from '../../results/conformance-form.js';
import { cellText } from '../model/model.js';
import { printable } from '../model/printable.js';
import { reportOf } from '../model/report.js';
import { anchorId } from './anchor.js';
import { chartData } from './charts.js';
import { runtimeColor } from './colors.js';
import { conformanceHtml } from './conformance.js';
import { nodeTestHtml } from './node-test.js';

export { chartData };

const CHART_JS = join(ROOT, 'node_modules', 'chart.js', 'dist', 'chart.umd.min.js');
const PAGE_JS = join(ROOT, 'lib', 'report', 'html', 'page.browser.js');

/** @param {unknown} s */
export function escapeHtml(s) {
  return printable(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script> element. */
export const scriptJson = (data) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * A table whose headers sort it (page.browser.js): numeric cells carry their value in data-v, so a
 * column sorts by the figure, not by its text ("9.8k" after "10k").
 * @param {import('../model/model.js').TableData} t
 * @param {string} id
 */
function htmlTable(t, id) {
  const head = t.columns.map((c) => `<th scope="col" title="sort">${escapeHtml(c.label)}</th>`).join('');
  const rows = t.rows
    .map((r) => {
      const cells = t.columns.map((c, i) => {
        const cell = r[c.key];
        const tone = typeof cell === 'object' && cell?.tone ? ` class="${escapeHtml(cell.tone)}"` : '';
        const align = (c.align ?? (i < 2 ? 'left' : 'right')) === 'right' ? ' style="text-align:right"' : '';
        const v = typeof cell === 'object' && Number.isFinite(cell?.value) ? ` data-v="${cell?.value}"` : '';
        return `<td${tone}${align}${v}>${escapeHtml(cellText(cell))}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  const notes = t.notes?.length
    ? `<ul class="notes">${t.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`
    : '';
  return `<h3 id="${id}">${escapeHtml(t.title ?? 'Main table')}</h3><table class="sortable"><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>${notes}`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin:.5rem 0 1rem}
td,th{border:1px solid #ccc;padding:.2rem .5rem;font-variant-numeric:tabular-nums}th{background:#f3f3f3;cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
.good{color:#1a7f37}.bad{color:#cf222e}.warn{color:#9a6700}.chart{max-width:1100px;position:relative}.notes{color:#555;font-size:12px}
.small{display:inline-block;width:520px;max-width:100%;vertical-align:top;margin:0 1rem 1rem 0}.small .chart{height:240px}
ul.fp{font-family:ui-monospace,monospace;font-size:12px}nav.toc{columns:2;font-size:13px}nav.toc ul{margin:.2rem 0}
.key span{display:inline-block;margin-right:1rem}.key i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:middle}`;

/** Chart containers, sized before any script runs so the page does not jump. */
function chartBox(c, i) {
  const small = c.kind !== 'bar';
  const height = small ? 240 : 60 + c.labels.length * (14 + 10 * c.datasets.length);
  const box = `<div class="chart" style="height:${height}px"><canvas data-chart="${i}" role="img" aria-label="${escapeHtml(c.title)}"></canvas></div>`;
  return small
    ? `<div class="small"><h4 id="${c.id}">${escapeHtml(c.title)}</h4>${box}</div>`
    : `<h3 id="${c.id}">${escapeHtml(c.title)}</h3>${box}`;
}

/** A table of contents over the page's sections and each chart and table in them. */
function toc(sections) {
  const items = sections
    .filter((s) => s.entries.length || s.always)
    .map(
      (s) =>
        `<li><a href="#${s.id}">${escapeHtml(s.title)}</a>${s.entries.length ? `<ul>${s.entries.map((e) => `<li><a href="#${e.id}">${escapeHtml(e.title)}</a></li>`).join('')}</ul>` : ''}</li>`,
    )
    .join('');
  return `<nav class="toc" aria-label="contents"><ul>${items}</ul></nav>`;
}

/**
 * The report page of one results document.
 * @param {any} doc
 * @param {{show?: string[], analyses?: any[]}} [opts]
 */
export function renderHtml(doc, { show = ['cpu', 'rss'], analyses = [] } = {}) {
  const r = reportOf(doc, { show, analyses });
  const lib = readFileSync(CHART_JS, 'utf8').replace(/<\/script/gi, '<\\/script');
  const page = readFileSync(PAGE_JS, 'utf8').replace(/<\/script/gi, '<\\/script');
  const charts = chartData(r.agg, r.tables);
  const tables = r.tables.map((t, i) => ({ t, id: anchorId(`table-${i + 1}`, t.title ?? 'main table') }));
  const short = (s) => (s.length > 70 ? `${s.slice(0, 70)}…` : s);
  const kinds = [
    ['bar', 'charts', 'Throughput'],
    ['scaling', 'scaling', 'Cost as the size grows'],
    ['latency', 'latency', 'Latency percentiles'],
    ['curve', 'curves', 'Latency against offered load'],
    ['ecdf', 'startup', 'Start-up: the distribution of starts'],
    ['rss', 'memory', 'Memory through the load'],
  ];
  const chartSections = kinds.map(([kind, id, title]) => {
    const own = charts.map((c, i) => ({ c, i })).filter((x) => x.c.kind === kind);
    return {
      id,
      title,
      entries: own.map((x) => ({ id: x.c.id, title: short(x.c.name) })),
      html: own.length
        ? `<section id="${id}"><h2>${title}</h2>${own.map((x) => chartBox(x.c, x.i)).join('\n')}</section>`
        : '',
    };
  });
  const conformance = conformanceHtml(conformanceRows(doc), escapeHtml, doc.wpt);
  const nodeTest = nodeTestHtml(conformanceRows(doc), escapeHtml, { unsupported: doc.node_test?.unsupported });
  const sections = [
    { id: 'machine', title: 'Machine and runtimes', entries: [], always: true },
    ...chartSections,
    ...(conformance ? [{ id: 'conformance', title: 'Conformance', entries: [], always: true }] : []),
    ...(nodeTest ? [{ id: 'node-test', title: "Node's own tests", entries: [], always: true }] : []),
    {
      id: 'tables',
      title: 'Tables',
      entries: tables.map((x) => ({ id: x.id, title: short(x.t.title ?? 'Main table') })),
    },
  ];
  const key = r.agg.runtimes
    .map((id) => `<span><i style="background:${runtimeColor(id)}"></i>${escapeHtml(id)}</span>`)
    .join('');
  const title = `parity report ${doc.started}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${toc(sections)}
<section id="machine"><h2>Machine and runtimes</h2>
<ul class="fp">${r.fingerprint.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p class="key">${key}</p></section>
${chartSections.map((s) => s.html).join('\n')}
${conformance}
${nodeTest}
<section id="tables"><h2>Tables</h2>
${tables.map((x) => htmlTable(x.t, x.id)).join('\n')}
<ul class="notes">${r.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></section>
<script type="application/json" id="chart-data">${scriptJson(charts)}</script>
<script>${lib}</script>
<script>${page}</script>
</body></html>
`;
}
