// workerd's side of the HTTP suite: the suite's hono app as a module worker's fetch handler.
// lib/runtimes/drivers/workerd.js bundles this file (esbuild, as wrangler does) with NODE_ENV
// defined for the job, and serves it on 127.0.0.1. /plain/<route> is a bare fetch handler
// (suites/http/_plain.js), without hono.
import { createApp } from '../../suites/http/_app.js';
import { plainFetch } from '../../suites/http/_plain.js';

const app = createApp();

export default {
  /** @param {Request} request @param {unknown} env @param {any} ctx */
  fetch: (request, env, ctx) => plainFetch(request) ?? app.fetch(request, env, ctx),
};
