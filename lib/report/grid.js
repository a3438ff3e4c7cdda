// Plain-text and markdown grids shared by every table parity prints.

/**
 * Render rows as aligned text columns (first `leftColumns` left-aligned, the rest right-aligned,
 * as numbers read best) or as a markdown pipe table with `|` escaped inside cells.
 * @param {string[]} header
 * @param {(string|number)[][]} body
 * `paint(row, column, padded)` may wrap a padded body cell (colour codes after padding keep alignment).
 * @param {{markdown?: boolean, leftColumns?: number, paint?: (row: number, col: number, text: string) => string}} [opts]
 */
export function renderGrid(header, body, { markdown = false, leftColumns = 2, paint } = {}) {
  if (markdown) {
    const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
    return [line(header), line(header.map((_, i) => (i < leftColumns ? '---' : '---:'))), ...body.map(line)].join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
  const line = (cells, row = -1) =>
    cells
      .map((c, i) => {
        const padded = i < leftColumns ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]);
        return paint && row >= 0 ? paint(row, i, padded) : padded;
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map((r, i) => line(r, i))].join('\n');
}
