// The timeline as a self-contained HTML page: one Chart.js line chart per series, the median of
// each release joined by a line inside a band from its 95% interval (log scale: releases can
// differ by two orders of magnitude), and the steps marked ▲/▼ in the text table drawn as larger
// red or green points. Chart.js is inlined from node_modules, as in page.js.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../paths.js';
import { timelineTable } from '../across/timeline.js';
import { cellText } from '../model/model.js';
import { escapeHtml, scriptJson } from './page.js';

const CHART_JS = join(ROOT, 'node_modules', 'chart.js', 'dist', 'chart.umd.min.js');

/** Chart data of one series: labels, medians, interval ends, and a colour per point. */
export function timelineChartData(s) {
  const colour = (p) => (p.step?.beyondFloor ? (p.step.ratio > 1 ? '#1a7f37' : '#cf222e') : '#0969da');
  const num = (x) => (Number.isFinite(x) ? x : null);
  return {
    title: s.key,
    unit: s.unit,
    labels: s.points.map((p) => p.version),
    median: s.points.map((p) => num(p.value)),
    lo: s.points.map((p) => num(p.ci95[0])),
    hi: s.points.map((p) => num(p.ci95[1])),
    colours: s.points.map(colour),
    radius: s.points.map((p) => (p.step?.beyondFloor ? 6 : 3)),
  };
}

// Runs in the browser; marks each canvas when drawn (a browser test can wait for it).
const PAGE_SCRIPT = `
const data = JSON.parse(document.getElementById('timeline-data').textContent);
const box = document.getElementById('charts');
for (const c of data) {
  const h = document.createElement('h3');
  h.textContent = c.title + ' (' + c.unit + ' by release; band: 95% interval over rounds)';
  const wrap = document.createElement('div');
  wrap.className = 'chart';
  const canvas = document.createElement('canvas');
  wrap.append(canvas);
  box.append(h, wrap);
  new Chart(canvas, {
    type: 'line',
    data: { labels: c.labels, datasets: [
      { label: '95% low', data: c.lo, borderWidth: 0, pointRadius: 0, fill: false },
      { label: '95% high', data: c.hi, borderWidth: 0, pointRadius: 0, fill: '-1', backgroundColor: 'rgba(9,105,218,0.15)' },
      { label: 'median ' + c.unit, data: c.median, borderColor: '#0969da', pointBackgroundColor: c.colours,
        pointBorderColor: c.colours, pointRadius: c.radius, tension: 0 },
    ] },
    options: { animation: false, responsive: true, scales: { y: { type: 'logarithmic', title: { display: true, text: c.unit } },
      x: { title: { display: true, text: 'release' } } },
      plugins: { legend: { labels: { filter: (item) => item.text.startsWith('median') } } } },
    plugins: [{ id: 'drawn', afterRender(chart) { chart.canvas.dataset.drawn = 'yes'; } }],
  });
}`;

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}.chart{max-width:1000px}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;font-variant-numeric:tabular-nums}
th{background:#f3f3f3}.good{color:#1a7f37}.bad{color:#cf222e}.notes{color:#555;font-size:12px}`;

/** A TableData as an HTML table (cells escaped). */
function table(t) {
  const head = t.columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('');
  const rows = t.rows.map((r) => {
    const tds = t.columns.map((c) => {
      const cell = r[c.key];
      const tone = typeof cell === 'object' && cell?.tone ? ` class="${cell.tone}"` : '';
      return `<td${tone}>${escapeHtml(cellText(cell))}</td>`;
    });
    return `<tr>${tds.join('')}</tr>`;
  });
  const notes = (t.notes ?? []).map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table><ul class="notes">${notes}</ul>`;
}

/**
 * The timeline page of a results file.
 * @param {any} doc
 * @param {import('../across/timeline.js').Series[]} series
 * @param {{floorGiven?: boolean}} [opts]
 */
export function renderTimelineHtml(doc, series, { floorGiven = false } = {}) {
  const lib = readFileSync(CHART_JS, 'utf8').replace(/<\/script/gi, '<\\/script');
  const title = `parity timeline ${doc.started}`;
  const tables = series.map((s) => table(timelineTable(s, { floorGiven }))).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(doc.command ?? '')}</p>
<section id="charts"></section>
${tables}
<script type="application/json" id="timeline-data">${scriptJson(series.map(timelineChartData))}</script>
<script>${lib}</script>
<script>${PAGE_SCRIPT}</script>
</body></html>
`;
}
