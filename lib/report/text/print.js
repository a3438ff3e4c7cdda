// Printers for the report model: plain text and markdown. Pure formatting, no statistics.

import { cellText } from '../model/model.js';
import { renderGrid } from './grid.js';
import { wrap } from './wrap.js';

/**
 * The printed format a command's options ask for: --markdown, else text.
 * @param {{markdown?: boolean}} o
 * @returns {'text' | 'markdown'}
 */
export const printFormat = (o) => (o?.markdown ? 'markdown' : 'text');

/** ANSI colours per cell tone (text printer only). */
const TONES = { good: '\x1b[32m', bad: '\x1b[31m', warn: '\x1b[33m', ok: '' };

/**
 * Colour on a terminal unless NO_COLOR (no-color.org) is set and non-empty; FORCE_COLOR set to
 * anything but "0" or "false" turns it on even in a pipe and wins over NO_COLOR, as in Node itself.
 * @param {{isTTY?: boolean}} stream
 */
export function wantsColor(stream = process.stdout, env = process.env) {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (force === '0' || force === 'false') return false;
  return Boolean(stream.isTTY) && !env.NO_COLOR;
}

/**
 * One table as text or markdown, with its title above and notes below. `color` tints cells by
 * their tone (good: green, bad: red, warn: yellow) in the text format.
 * @param {import('../model/model.js').TableData} t
 * @param {{format?: 'text' | 'markdown', color?: boolean}} [opts]
 */
export function printTable(t, { format = 'text', color = false } = {}) {
  const markdown = format === 'markdown';
  const header = t.columns.map((c) => c.label);
  const body = t.rows.map((r) => t.columns.map((c) => cellText(r[c.key])));
  const left = t.columns.filter((c, i) => (c.align ?? (i < 2 ? 'left' : 'right')) === 'left').length;
  const parts = [];
  if (t.title) parts.push(markdown ? `**${t.title}**` : wrap(t.title).join('\n'));
  const paint =
    color && !markdown
      ? (row, col, text) => {
          const cell = t.rows[row][t.columns[col].key];
          const code = typeof cell === 'object' && cell?.tone ? TONES[cell.tone] : '';
          return code ? `${code}${text}\x1b[0m` : text;
        }
      : undefined;
  parts.push(renderGrid(header, body, { markdown, leftColumns: left, paint, groups: t.groups }));
  if (t.notes?.length) parts.push(printLines(t.notes, { format }));
  return parts.join('\n');
}

/**
 * Free lines (fingerprint, legend, notes): one per line as text, a bullet list in markdown.
 * @param {string[]} lines
 * @param {{format?: 'text' | 'markdown'}} [opts]
 */
export function printLines(lines, { format = 'text' } = {}) {
  if (format === 'markdown') {
    // A line already wrapped for the terminal (continuations indented) is one bullet: markdown reflows.
    /** @type {string[]} */
    const whole = [];
    for (const l of lines) {
      if (/^ {2}\S/.test(l) && whole.length) whole[whole.length - 1] += ` ${l.trimStart()}`;
      else whole.push(l);
    }
    return whole.map((l) => `- ${l}`).join('\n');
  }
  // Text wraps at WIDTH columns, except a line with a command to paste, which must stay whole.
  return lines.flatMap((l) => (l.includes('Command: ') ? [l] : wrap(l))).join('\n');
}
