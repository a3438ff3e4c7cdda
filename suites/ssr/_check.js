// The check every SSR page passes, whatever app rendered it: status, the document's structure, the
// catalogue's items and total, escaped markup, production mode, and a per-request value that
// changes from one response to the next (a cached or pre-rendered page fails). A wrong page is an
// error, not a fast result; the load client calls this on every response of the warm-up pass.
import { ITEMS, PRIMES_BELOW, totalCents } from './_data.js';

const dec = new TextDecoder();
const TOTAL = totalCents();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** There are 2,262 primes below 20,000 (a known count, not one computed here). */
const PRIMES_20000 = 2262;

/** The previous response's per-request value, per app: the next one must differ. */
const last = new Map();

/**
 * The attributes of the page's <main id="catalogue"> element.
 * @param {string} html
 * @returns {Record<string, string> | null}
 */
export function mainAttributes(html) {
  const tag = html.match(/<main\b[^>]*\bid="catalogue"[^>]*>/)?.[0];
  if (!tag) return null;
  return Object.fromEntries([...tag.matchAll(/\b(data-[a-z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/**
 * Check one response of an SSR app's page.
 * @param {{status: number, headers: Record<string, any>, body: Uint8Array}} res
 * @param {string} app the app the page must name (data-app)
 * @param {{primes?: boolean}} [expect]
 */
export function verifyPage(res, app, expect = {}) {
  if (res.status !== 200) throw new Error(`${app}: status ${res.status}, expected 200`);
  const html = dec.decode(res.body);
  if (!/^<!doctype html>/i.test(html)) throw new Error(`${app}: the page does not start with <!doctype html>`);
  const a = mainAttributes(html);
  if (!a) throw new Error(`${app}: no <main id="catalogue"> in ${html.length} characters`);
  if (a['data-app'] !== app) throw new Error(`${app}: the page names app ${JSON.stringify(a['data-app'])}`);
  if (a['data-mode'] !== 'production')
    throw new Error(`${app}: rendered with NODE_ENV=${a['data-mode']}, a development build; expected production`);
  const items = html.split('data-id="').length - 1;
  if (items !== ITEMS || a['data-count'] !== String(ITEMS))
    throw new Error(`${app}: ${items} items (data-count ${a['data-count']}), expected ${ITEMS}`);
  if (a['data-total'] !== String(TOTAL)) throw new Error(`${app}: data-total ${a['data-total']}, expected ${TOTAL}`);
  if (html.includes('<i>') || !html.includes('&lt;i')) throw new Error(`${app}: item 7's name is not escaped`);
  if (expect.primes && a['data-primes'] !== String(PRIMES_20000))
    throw new Error(`${app}: data-primes ${a['data-primes']}, expected ${PRIMES_20000} (primes below ${PRIMES_BELOW})`);
  const value = a['data-request'] ?? '';
  if (!UUID.test(value)) throw new Error(`${app}: data-request ${JSON.stringify(value)} is not a per-request UUID`);
  if (last.get(app) === value)
    throw new Error(`${app}: two responses carry the same data-request ${value}: a cached page`);
  last.set(app, value);
}
