// json-small and render-stream without hono: node:http with no adapter, Deno.serve, Bun.serve and
// a bare workerd fetch answering /plain/<route> (_plain.js), the same bytes as the hono routes.
// Beside the hono rows at the same concurrency, they show the framework's and adapter's share.
import { ROUTES } from './_routes.js';

export default {
  name: 'plain',
  unit: 'requests',
  server: './_server.js',
  params: { route: ['json-small', 'render-stream'], concurrency: [1, 8, 64] },
  quick: { route: ['json-small', 'render-stream'], concurrency: [8] },
  request: (p) => ({ method: 'GET', path: `/plain/${p.route}` }),
  verify: (res, p) => ROUTES[p.route].verify(res, p),
};
