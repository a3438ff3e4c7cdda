// Printers for the report model: plain text and markdown. Pure formatting, no statistics.
import { renderGrid } from './grid.js';
import { cellText } from './model.js';

/**
 * One table as text or markdown, with its title above and notes below.
 * @param {import('./model.js').TableData} t
 * @param {{format?: 'text' | 'markdown'}} [opts]
 */
export function printTable(t, { format = 'text' } = {}) {
  const markdown = format === 'markdown';
  const header = t.columns.map((c) => c.label);
  const body = t.rows.map((r) => t.columns.map((c) => cellText(r[c.key])));
  const left = t.columns.filter((c, i) => (c.align ?? (i < 2 ? 'left' : 'right')) === 'left').length;
  const parts = [];
  if (t.title) parts.push(markdown ? `**${t.title}**` : t.title);
  parts.push(renderGrid(header, body, { markdown, leftColumns: left }));
  if (t.notes?.length) parts.push(t.notes.map((n) => (markdown ? `- ${n}` : n)).join('\n'));
  return parts.join('\n');
}
