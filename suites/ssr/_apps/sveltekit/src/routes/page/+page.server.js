// The catalogue page's data, loaded on the server per request: the shared catalogue, a
// per-request value and the mode the app was built in ($app/environment's dev).
import { dev } from '$app/environment';
import { catalogue, totalCents } from '../../../../../_data.js';

/** Never prerendered: every request renders. */
export const prerender = false;

export function load() {
  const items = catalogue();
  return { items, total: totalCents(items), request: crypto.randomUUID(), mode: dev ? 'development' : 'production' };
}
