// The HTML report: one self-contained page per results file (no network at view time). Tables
// come from the report model (the same TableData the text and markdown printers use); per-suite
// charts are drawn by Chart.js, inlined from node_modules at build time. Everything that comes
// from a results file is escaped: text with escapeHtml, chart data as JSON in a script element
// with every "<" written as \u003c so no string can close it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../run/registry.js';
import { cellText } from './model.js';
import { reportOf } from './table.js';

const CHART_JS = join(ROOT, 'node_modules', 'chart.js', 'dist', 'chart.umd.min.js');

/** @param {unknown} s */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script> element. */
export const scriptJson = (data) => JSON.stringify(data).replace(/</g, '\\u003c');

/** @param {import('./model.js').TableData} t */
function htmlTable(t) {
  const head = t.columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('');
  const rows = t.rows
    .map((r) => {
      const cells = t.columns.map((c, i) => {
        const cell = r[c.key];
        const tone = typeof cell === 'object' && cell?.tone ? ` class="${escapeHtml(cell.tone)}"` : '';
        const align = (c.align ?? (i < 2 ? 'left' : 'right')) === 'right' ? ' style="text-align:right"' : '';
        return `<td${tone}${align}>${escapeHtml(cellText(cell))}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  const title = t.title ? `<h3>${escapeHtml(t.title)}</h3>` : '';
  const notes = t.notes?.length
    ? `<ul class="notes">${t.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`
    : '';
  return `${title}<table><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>${notes}`;
}

/**
 * Chart data per suite: for every workload row, each runtime's throughput as a share of the
 * row's fastest (rows differ by orders of magnitude, so absolute bars would hide all but one).
 */
export function chartData(agg) {
  const suites = [...new Set(agg.rows.map((r) => r.suite))];
  return suites.map((suite) => {
    const rows = agg.rows.filter((r) => r.suite === suite);
    return {
      suite,
      labels: rows.map((r) => r.key),
      datasets: agg.runtimes.map((id) => ({
        label: id,
        data: rows.map((r) => {
          const values = agg.runtimes.map((x) => r.cells[x]?.metrics?.throughput?.median).filter(Number.isFinite);
          const v = r.cells[id]?.metrics?.throughput?.median;
          return Number.isFinite(v) && values.length ? v / Math.max(...values) : null;
        }),
      })),
    };
  });
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin:.5rem 0 1rem}
td,th{border:1px solid #ccc;padding:.2rem .5rem;font-variant-numeric:tabular-nums}th{background:#f3f3f3}
.good{color:#1a7f37}.bad{color:#cf222e}.warn{color:#9a6700}.chart{max-width:1100px}.notes{color:#555;font-size:12px}
ul.fp{font-family:ui-monospace,monospace;font-size:12px}`;

// Runs in the browser: one bar chart per suite; marks each canvas when drawn (tests look for it).
const PAGE_SCRIPT = `
const data = JSON.parse(document.getElementById('chart-data').textContent);
const box = document.getElementById('charts');
for (const c of data) {
  const h = document.createElement('h3');
  h.textContent = 'Throughput by runtime, ' + c.suite + ' (share of each row\\u2019s fastest; longer is faster)';
  const wrap = document.createElement('div');
  wrap.className = 'chart';
  wrap.style.height = (60 + c.labels.length * (14 + 10 * c.datasets.length)) + 'px';
  const canvas = document.createElement('canvas');
  wrap.append(canvas);
  box.append(h, wrap);
  new Chart(canvas, {
    type: 'bar',
    data: { labels: c.labels, datasets: c.datasets },
    options: { indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,
      scales: { x: { min: 0, max: 1 } },
      plugins: { legend: { position: 'top' } } },
    plugins: [{ id: 'drawn', afterRender(chart) { chart.canvas.dataset.drawn = 'yes'; } }],
  });
}`;

/**
 * The report page of one results document.
 * @param {any} doc
 * @param {{show?: string[], analyses?: any[]}} [opts]
 */
export function renderHtml(doc, { show = ['cpu', 'rss'], analyses = [] } = {}) {
  const r = reportOf(doc, { show, analyses });
  const lib = readFileSync(CHART_JS, 'utf8').replace(/<\/script/gi, '<\\/script');
  const title = `parity report ${doc.started}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<ul class="fp">${r.fingerprint.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<section id="charts"></section>
${r.tables.map(htmlTable).join('\n')}
<ul class="notes">${r.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>
<script type="application/json" id="chart-data">${scriptJson(chartData(r.agg))}</script>
<script>${lib}</script>
<script>${PAGE_SCRIPT}</script>
</body></html>
`;
}
