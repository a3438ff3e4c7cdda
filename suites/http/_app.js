// The one hono app of the HTTP suite: the same source on every runtime, served by each one's
// native server (runners/<kind>/http.js; workerd through a bundle of this file). One route per
// workload in suites/http/; /healthz answers the start-up probe.
import { Hono } from 'hono';
import { createElement as h } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { PAGE_HEAD, PAGE_ROWS, PAGE_TAIL, pageHtml, REACT_ITEMS, rowHtml } from './_page.js';

/** Rows per chunk of the streamed page: ~12 KB chunks, each enqueued when pulled. */
const ROWS_PER_CHUNK = 100;

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
  app.get('/render-stream', () => {
    const enc = new TextEncoder();
    let i = 0;
    const body = new ReadableStream({
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
    return new Response(body, { headers: { 'content-type': 'text/html; charset=UTF-8' } });
  });
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
