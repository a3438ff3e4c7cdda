// The plain handlers of the HTTP suite: json-small and render-stream written straight against
// each runtime's native server, with no framework and no adapter, so a table can show what hono
// (and on node, @hono/node-server's Request/Response translation) adds. Each runtime's server
// (runners/<kind>/http.js) answers /plain/<route> with these before the hono app sees it.
import { PAGE_HEAD, PAGE_ROWS, PAGE_TAIL, rowHtml } from './_page.js';

/** Rows per chunk of the streamed page: ~12 KB chunks, each enqueued when pulled. */
export const ROWS_PER_CHUNK = 100;

export const JSON_SMALL = JSON.stringify({ id: 1, name: 'parity', tags: ['a', 'b', 'c'], ok: true, n: 42 });
const HTML = 'text/html; charset=UTF-8';

/** The streamed page as a web ReadableStream, one chunk per pull (hono's route serves the same). */
export function pageStream() {
  const enc = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(enc.encode(PAGE_HEAD));
    },
    pull(controller) {
      let s = '';
      const end = Math.min(i + ROWS_PER_CHUNK, PAGE_ROWS);
      for (; i < end; i++) s += rowHtml(i);
      controller.enqueue(enc.encode(s));
      if (i >= PAGE_ROWS) {
        controller.enqueue(enc.encode(PAGE_TAIL));
        controller.close();
      }
    },
  });
}

/**
 * The plain answer to a web Request (Deno.serve, Bun.serve, workerd), or null for the hono app.
 * A string test, not new URL(), so the hono path pays next to nothing for the check.
 * @param {Request} req
 */
export function plainFetch(req) {
  const url = req.url;
  if (!url.includes('/plain/')) return null;
  if (url.endsWith('/plain/json-small'))
    return new Response(JSON_SMALL, { headers: { 'content-type': 'application/json' } });
  if (url.endsWith('/plain/render-stream')) return new Response(pageStream(), { headers: { 'content-type': HTML } });
  return null;
}

/**
 * The plain answer on node:http (no web Request or Response at all); false for the hono app.
 * The page is written a chunk at a time, each after the socket drained, as a stream would.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function plainNode(req, res) {
  const url = req.url ?? '';
  if (url === '/plain/json-small') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(JSON_SMALL) });
    res.end(JSON_SMALL);
    return true;
  }
  if (url !== '/plain/render-stream') return false;
  res.writeHead(200, { 'content-type': HTML });
  res.write(PAGE_HEAD);
  let i = 0;
  const more = () => {
    while (i < PAGE_ROWS) {
      let s = '';
      const end = Math.min(i + ROWS_PER_CHUNK, PAGE_ROWS);
      for (; i < end; i++) s += rowHtml(i);
      if (!res.write(s)) return void res.once('drain', more);
    }
    res.end(PAGE_TAIL);
  };
  more();
  return true;
}
