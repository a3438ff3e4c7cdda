// The report model: what every table parity prints is, before any printer sees it. Computing
// (aggregate, analyses, diffs) produces TableData; printers (text, markdown, later HTML) only format.
import { printable } from './printable.js';

/** @typedef {import('../../results/metrics.js').Metric} Metric */

/**
 * One cell. `text` is what a plain printer shows; the rest lets richer printers (HTML, charts,
 * colour) and exporters (BMF) use the numbers without parsing text.
 * @typedef {object} Cell
 * @property {string} text
 * @property {number} [value]            the figure in `metric`'s unit
 * @property {[number, number]} [ci95]   its 95% interval, same unit
 * @property {string} [metric]           a Metric id
 * @property {{ratio: number, ci95: [number, number], verdict: string}} [ratio]  against the baseline
 * @property {string[]} [marks]          marks explained in the table's legend ('*', '!', …)
 * @property {'ok' | 'bad' | 'good' | 'warn'} [tone]  how a colour printer may tint it
 */

/**
 * @typedef {object} Column
 * @property {string} key
 * @property {string} label
 * @property {'left' | 'right'} [align]   default: first two left, the rest right
 */

/**
 * @typedef {object} TableData
 * @property {string} [title]
 * @property {Column[]} columns
 * @property {Array<Record<string, Cell | string>>} rows   keyed by column key
 * @property {string[]} [notes]          legend and footnotes, one entry per line
 * @property {(string | null)[]} [groups] per row, the workload its first cell begins with: the text
 *   printer prints it once as a heading and the rows under it by their parameters
 * @property {{kind: string, x: string, y: string, series: {route: string, runtime: string, stat: string, points: [number, number][]}[]}} [chart]
 *   data a chart printer may draw beside the table (the HTTP suite's latency–throughput curves)
 */

/** A cell's text, whether the row holds a Cell or a plain string. */
/** A cell's text, control characters escaped (printable.js): every printer goes through here. */
export const cellText = (c) => (c === undefined || c === null ? '' : printable(typeof c === 'string' ? c : c.text));

/**
 * A table from a header and string rows (for small analyses that need no numbers); the first
 * `left` columns are left-aligned, the rest right-aligned as numbers read best. `groups`: per
 * row, the group its first cell begins with (TableData.groups), printed once as a heading.
 * @param {string | null} title
 * @param {string[]} header
 * @param {(string | number)[][]} body
 * @param {{notes?: string[], left?: number, groups?: (string | null)[]}} [o]
 * @returns {TableData}
 */
export function simpleTable(title, header, body, { notes = [], left = 2, groups = undefined } = {}) {
  /** @type {Column[]} */
  const columns = header.map((label, i) => ({ key: String(i), label, align: i < left ? 'left' : 'right' }));
  const rows = body.map((cells) => Object.fromEntries(cells.map((c, i) => [String(i), String(c)])));
  return { ...(title ? { title } : {}), columns, rows, notes, ...(groups ? { groups } : {}) };
}

/** Runtimes in first-seen order. */
export const runtimesOf = (rows) => [...new Set(rows.map((r) => r.runtime))];
