// Plain-text and markdown grids shared by every table parity prints.

/**
 * Render rows as aligned text columns (first `leftColumns` left-aligned, the rest right-aligned,
 * as numbers read best) or as a markdown pipe table with `|` escaped inside cells.
 * @param {string[]} header
 * @param {(string|number)[][]} body
 * `paint(row, column, padded)` may wrap a padded body cell (colour codes after padding keep alignment).
 * `groups` (text only): per row, the group its first cell begins with (a workload): the group is
 * printed once as a heading line and the rows under it show the rest (their parameters), indented,
 * so a long workload name does not widen every line of the table. A first cell that is the whole
 * group (a suite's route or case, its other columns telling the rows apart) is left empty under it.
 * @param {{markdown?: boolean, leftColumns?: number, paint?: (row: number, col: number, text: string) => string, groups?: (string | null)[]}} [opts]
 */
export function renderGrid(header, body, { markdown = false, leftColumns = 2, paint, groups } = {}) {
  if (markdown) {
    const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
    return [line(header), line(header.map((_, i) => (i < leftColumns ? '---' : '---:'))), ...body.map(line)].join('\n');
  }
  /** @type {(string | null)[]} heading line to print before each row, if any */
  const headings = body.map(() => null);
  if (groups) {
    const size = new Map();
    for (const g of groups) size.set(g, (size.get(g) ?? 0) + 1);
    body = body.map((r, i) => {
      const g = groups[i];
      const label = String(r[0]);
      // A row whose first cell is the group itself (the other columns tell the rows apart) is
      // grouped too, unless it is alone: a single line needs no heading.
      const whole = label === g && (size.get(g) ?? 0) > 1;
      if (!g || !(whole || label.startsWith(`${g} `))) return r;
      if (groups[i - 1] !== g) headings[i] = g;
      return [whole ? '' : `  ${label.slice(g.length + 1)}`, ...r.slice(1)];
    });
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
  const rows = body.flatMap((r, i) => (headings[i] ? [String(headings[i]), line(r, i)] : [line(r, i)]));
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows].join('\n');
}
