// The vanilla SSR app: the catalogue page built with template strings, no framework, served by
// each runtime's own server (runners/<kind>/server.js; on node:http through its native handler,
// with no web Request or Response). `/page` renders the catalogue; `/primes` also counts the
// primes below 20,000 per request, the CPU-bound page of the original benchmark. Each page
// carries its state for a client after the markup (../_state.js), as the framework apps do.
import { catalogue, countPrimes, PRIMES_BELOW, totalCents } from '../../_data.js';
import { MODE } from '../_mode.js';
import { stateScript } from '../_state.js';

/** @param {string} s */
const esc = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @param {import('../../_data.js').Item} it */
const item = (it) =>
  `<li class="item" data-id="${it.id}"><h2>${esc(it.name)}</h2><p class="description">${esc(it.description)}</p>` +
  `<span class="price">${it.price}</span><span class="rating">${it.rating}</span><span class="stock">${it.stock} in stock</span>` +
  `<ul class="tags">${it.tags.map((t) => `<li>${esc(t)}</li>`).join('')}</ul></li>`;

/**
 * The whole page for one request.
 * @param {{primes?: boolean}} opts
 */
export function page(opts = {}) {
  const items = catalogue();
  const total = totalCents(items);
  const request = crypto.randomUUID();
  const primes = opts.primes ? ` data-primes="${countPrimes(PRIMES_BELOW)}"` : '';
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Catalogue</title></head><body>` +
    `<main id="catalogue" data-app="vanilla" data-mode="${esc(MODE)}" data-request="${request}"` +
    ` data-count="${items.length}" data-total="${total}"${primes}>` +
    `<h1>Catalogue</h1><ul class="items">${items.map(item).join('')}</ul></main>` +
    `${stateScript({ items, total, request, mode: MODE })}</body></html>`
  );
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** The open loop's floor (lib/run/shapes/server/timed.js): this server's cheapest answer. */
const FLOOR = JSON.stringify({ id: 1, name: 'parity', tags: ['a', 'b', 'c'], ok: true, n: 42 });

/** The body a path names, or null (404). @param {string} path */
const render = (path) =>
  path === '/page' ? page() : path === '/primes' ? page({ primes: true }) : path === '/plain/json-small' ? FLOOR : null;

export default {
  /** @param {Request} request */
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/healthz') return new Response('ok');
    const body = render(path);
    if (body === null) return new Response('not found', { status: 404 });
    return new Response(body, { headers: body === FLOOR ? { 'content-type': 'application/json' } : HTML });
  },
  /** node:http's own request and response, no web objects. @param {any} req @param {any} res */
  node(req, res) {
    const body = req.url === '/healthz' ? 'ok' : render(req.url);
    if (body === null) return false;
    res.writeHead(200, req.url === '/healthz' ? {} : body === FLOOR ? { 'content-type': 'application/json' } : HTML);
    res.end(body);
    return true;
  },
};
