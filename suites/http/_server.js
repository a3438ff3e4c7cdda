// What the HTTP suite's server jobs serve (every workload here names it as `server`): the plain
// handlers (_plain.js) before the one hono app (_app.js). Each runtime's native server
// (runners/<kind>/server.js, workerd's bundle of runners/workerd/server-worker.js) imports this
// module by the path in its job and serves its default export.
import { createApp } from './_app.js';
import { plainFetch, plainNode } from './_plain.js';

const app = createApp();

export default {
  /** /plain/<route> without hono, every other route through the app. @param {Request} request @param {unknown} [env] @param {any} [ctx] */
  fetch: (request, env, ctx) => plainFetch(request) ?? app.fetch(request, env, ctx),
  // On node:http the plain routes are answered with no web Request or Response at all.
  node: plainNode,
};
