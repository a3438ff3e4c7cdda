// The React SSR app: the catalogue page as a React 19 component tree, rendered per request by
// react-dom/server with no framework, to a string (`/string`) or to a web ReadableStream
// (`/stream`). Served by each runtime's own server (runners/<kind>/server.js); workerd gets it
// bundled with NODE_ENV defined, as a deployed worker does.
import { createElement as h } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { catalogue, totalCents } from '../../_data.js';
import { MODE } from '../_mode.js';
import { stateJson } from '../_state.js';

/** @param {{it: import('../../_data.js').Item}} props */
function Item({ it }) {
  return h(
    'li',
    { className: 'item', 'data-id': it.id },
    h('h2', null, it.name),
    h('p', { className: 'description' }, it.description),
    h('span', { className: 'price' }, it.price),
    h('span', { className: 'rating' }, it.rating),
    h('span', { className: 'stock' }, `${it.stock} in stock`),
    h(
      'ul',
      { className: 'tags' },
      it.tags.map((t, i) => h('li', { key: i }, t)),
    ),
  );
}

/** The whole document for one request. @param {{request: string}} props */
function Page({ request }) {
  const items = catalogue();
  const total = totalCents(items);
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Catalogue')),
    h(
      'body',
      null,
      h(
        'main',
        {
          id: 'catalogue',
          'data-app': 'react',
          'data-mode': MODE,
          'data-request': request,
          'data-count': items.length,
          'data-total': total,
        },
        h('h1', null, 'Catalogue'),
        h(
          'ul',
          { className: 'items' },
          items.map((it) => h(Item, { key: it.id, it })),
        ),
      ),
      // The page's state for a hydrating client, as a React app without a framework ships it.
      h('script', {
        // biome-ignore lint/security/noDangerouslySetInnerHtml: stateJson escapes every '<', so the JSON cannot end the script; as a child React would entity-escape its quotes and break it
        dangerouslySetInnerHTML: { __html: `self.__catalogue=${stateJson({ items, total, request, mode: MODE })}` },
      }),
    ),
  );
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

export default {
  /** @param {Request} request */
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/healthz') return new Response('ok');
    // The open loop's floor (lib/run/shapes/server/timed.js): this server's cheapest answer.
    if (path === '/plain/json-small')
      return Response.json({ id: 1, name: 'parity', tags: ['a', 'b', 'c'], ok: true, n: 42 });
    const tree = h(Page, { request: crypto.randomUUID() });
    if (path === '/string') return new Response(`<!DOCTYPE html>${renderToString(tree)}`, { headers: HTML });
    // The stream's shell carries the doctype: React writes it when the root is <html>.
    if (path === '/stream') return new Response(await renderToReadableStream(tree), { headers: HTML });
    return new Response('not found', { status: 404 });
  },
  /**
   * node:http's own request and response for the string page (no web objects, as a node server
   * renders to a string); the stream page stays renderToReadableStream on every runtime, through
   * the fetch handler. @param {any} req @param {any} res
   */
  node(req, res) {
    if (req.url !== '/string') return false;
    res.writeHead(200, HTML);
    res.end(`<!DOCTYPE html>${renderToString(h(Page, { request: crypto.randomUUID() }))}`);
    return true;
  },
};
