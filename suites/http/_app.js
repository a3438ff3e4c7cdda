// The one hono app of the HTTP suite: the same source on every runtime, served by each one's
// native server (runners/<kind>/server.js; workerd through a bundle of this file). One route per
// workload in suites/http/; /healthz answers the start-up probe. The same routes without hono
// are in _plain.js.
import { Hono } from 'hono';
import { createElement as h } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { pageHtml, REACT_ITEMS } from './_page.js';
import { pageStream } from './_plain.js';

/** A deterministic component tree: a list of REACT_ITEMS items of three elements each. */
function Tree() {
  const items = [];
  for (let i = 0; i < REACT_ITEMS; i++) {
    items.push(
      h('li', { key: i, className: i % 2 ? 'odd' : 'even' }, h('span', null, `item ${i}`), h('b', null, i * 7)),
    );
  }
  return h('ul', { id: 'list' }, items);
}

export function createApp() {
  const app = new Hono();
  app.get('/healthz', (c) => c.text('ok'));
  app.get('/json-small', (c) => c.json({ id: 1, name: 'parity', tags: ['a', 'b', 'c'], ok: true, n: 42 }));
  app.get('/render-buffered', (c) => c.html(pageHtml()));
  app.get(
    '/render-stream',
    () => new Response(pageStream(), { headers: { 'content-type': 'text/html; charset=UTF-8' } }),
  );
  app.post('/json-reviver', async (c) => {
    let dates = 0;
    const doc = JSON.parse(await c.req.text(), (key, value) => {
      if (key === 'at') {
        dates++;
        return new Date(value);
      }
      return value;
    });
    const sum = doc.items.reduce((s, it) => s + (it.at instanceof Date ? it.v : 0), 0);
    return c.json({ dates, sum });
  });
  app.post('/echo', (c) => new Response(c.req.raw.body, { headers: { 'content-type': 'application/octet-stream' } }));
  app.get('/react-ssr', async (c) => {
    const headers = { 'content-type': 'text/html; charset=UTF-8' };
    if (c.req.query('render') === 'stream') return new Response(await renderToReadableStream(h(Tree)), { headers });
    return new Response(renderToString(h(Tree)), { headers });
  });
  return app;
}
