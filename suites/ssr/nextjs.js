// The Next.js app (app router, a force-dynamic server component page) under load, deployed as
// its users deploy it: `next start` on node, deno and bun, and on workerd the OpenNext
// Cloudflare adapter's worker as wrangler bundles it (lib/run/shapes/server/apps/). Built once and cached.
import { verifyPage } from './_check.js';

export default {
  name: 'nextjs',
  unit: 'requests',
  pageFigures: true,
  server: './_apps',
  app: 'nextjs',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1] },
  serverEnv: () => ({ NODE_ENV: 'production' }),
  request: () => ({ method: 'GET', path: '/page' }),
  verify: (res) => verifyPage(res, 'nextjs'),
};
