// Everything `make table` prints for a results document: the report model (model/report.js)
// through the text or markdown printer, with the summary under the main table and the notes last.
import { reportOf } from '../model/report.js';
import { textCharts } from './chart.js';
import { printFormat, printLines, printTable } from './print.js';

/**
 * Everything `make table` prints for a results document, as text or markdown.
 * @param {any} doc
 * @param {{show?: string[], baseline?: string, markdown?: boolean, floor?: Map<string, number>, analyses?: any[], color?: boolean, only?: string, keep?: (r: any) => boolean}} opts
 */
export function renderResults(
  doc,
  { show = [], baseline, markdown = false, floor, analyses = [], color = false, only, keep } = {},
) {
  const format = printFormat({ markdown });
  const r = reportOf(doc, { show, baseline, floor, analyses, only, keep });
  const tables = r.tables.map((t) => printTable(t, { format, color }));
  // The summary reads with the main table: right under it, before the other tables.
  if (r.summary.length && tables.length && only !== 'analyses') tables[0] += `\n\n${printLines(r.summary, { format })}`;
  // Bars are a terminal picture: in markdown they go in a code block.
  const charts = show.includes('chart') ? textCharts(r.agg).map((c) => (markdown ? `\`\`\`\n${c}\n\`\`\`` : c)) : [];
  const notes = r.notes.length ? [printLines(r.notes, { format })] : [];
  return [printLines(r.fingerprint, { format }), ...tables, ...charts, ...notes].join('\n\n');
}
