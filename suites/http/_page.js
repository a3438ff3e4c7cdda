// The deterministic data every HTTP route renders: the same rows in every runtime, so a
// response can be checked byte for byte by its length and its last row.

/** Rows of the rendered page: over a megabyte of HTML (PAGE_BYTES), as a large server-rendered page is. */
export const PAGE_ROWS = 20_000;

/** Items of the React tree: 1,000 items × 3 elements + the list ≈ 3,000 nodes. */
export const REACT_ITEMS = 1_000;

/** @param {number} i */
export const rowHtml = (i) =>
  `<tr><td>${i}</td><td>item-${(i * 2654435761) % 1_000_003}</td><td>${(i % 97) / 4}</td><td>${i % 3 === 0 ? 'yes' : 'no'}</td></tr>\n`;

export const PAGE_HEAD = '<!doctype html><html><head><title>parity</title></head><body><table>\n';
export const PAGE_TAIL = '</table></body></html>\n';

/** The whole page as one string (render-buffered builds exactly this). */
export function pageHtml() {
  let s = PAGE_HEAD;
  for (let i = 0; i < PAGE_ROWS; i++) s += rowHtml(i);
  return s + PAGE_TAIL;
}

/** Bytes of the page: the same for both render routes (the check of a full response). */
export const PAGE_BYTES = new TextEncoder().encode(pageHtml()).byteLength;

/** The JSON body json-reviver parses: 2,000 records with dates as strings. */
export function reviverBody() {
  const items = [];
  for (let i = 0; i < 2000; i++)
    items.push({ id: i, at: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`, v: i % 10 });
  return JSON.stringify({ items });
}

/** What json-reviver answers for reviverBody(): the number of dates revived and the sum of v. */
export const REVIVER_ANSWER = { dates: 2000, sum: 9000 };

/** The body echo gets and must send back: 256 KiB of deterministic bytes. */
export function echoBody() {
  const b = new Uint8Array(256 * 1024);
  for (let i = 0; i < b.length; i++) b[i] = (i * 31 + 7) & 0xff;
  return b;
}
