// Node serving the OpenNext Cloudflare adapter's worker (the module workerd serves, as wrangler
// bundles it for deploy), so that the adapter's share of the Next.js figures can be read on one
// runtime: `next start` against this, both on node. Two stand-ins, as few as the worker needs to
// load and render here:
//   - `cloudflare:workers`, the Workers runtime's own module, which the worker imports only for
//     the DurableObject base class of OpenNext's queue and cache objects (never used by a page
//     rendered per request): a module hook answers it with that one empty class;
//   - a Cache API that always misses, the one workerd's config gives the worker (launch.js
//     appCapnp): the adapter looks each page up before rendering it.
// The worker's fetch(request, env, ctx) is served by @hono/node-server, with no bindings in env,
// as workerd's config binds none.
//
//   node opennext-node.js WORKER_JS PORT
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';

const [worker, port] = process.argv.slice(2);
if (!worker || !Number(port)) throw new Error(`Expected WORKER_JS and PORT, got ${process.argv.slice(2).join(' ')}`);

const WORKERS_MODULE = 'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }';
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'cloudflare:workers'
      ? { url: `data:text/javascript,${encodeURIComponent(WORKERS_MODULE)}`, shortCircuit: true }
      : next(specifier, context),
});

const miss = { match: async () => undefined, put: async () => {}, delete: async () => false };
Object.defineProperty(globalThis, 'caches', { value: { default: miss, open: async () => miss }, configurable: true });

const { default: app } = await import(pathToFileURL(worker).href);
const ctx = { waitUntil() {}, passThroughOnException() {} };
serve({ fetch: (request) => app.fetch(request, {}, ctx), port: Number(port), hostname: '127.0.0.1' });
