// The SvelteKit app under load, deployed as its users deploy it: node, deno and bun run the node
// adapter's server (build/index.js), workerd serves the Cloudflare adapter's worker as wrangler
// bundles it (lib/run/shapes/server/apps/). The build is made once and cached; the page renders per request.
import { verifyPage } from './_check.js';

export default {
  name: 'sveltekit',
  unit: 'requests',
  pageFigures: true,
  server: './_apps',
  app: 'sveltekit',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1] },
  serverEnv: () => ({ NODE_ENV: 'production' }),
  request: () => ({ method: 'GET', path: '/page' }),
  verify: (res) => verifyPage(res, 'sveltekit'),
};
