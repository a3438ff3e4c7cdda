// The adapter's share of the Next.js figures: the same app's OpenNext Cloudflare worker (the one
// the `nextjs` workload's workerd row serves) on node too, through two stand-ins for the Workers
// runtime (lib/run/shapes/server/apps/opennext-node.js). Against `nextjs` on node (`next start`),
// node's row is what the adapter costs; against this row's workerd, what the runtime does with
// the adapter held equal.
import { verifyPage } from './_check.js';

export default {
  name: 'nextjs-opennext',
  unit: 'requests',
  pageFigures: true,
  server: './_apps',
  app: 'nextjs-opennext',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1] },
  serverEnv: () => ({ NODE_ENV: 'production' }),
  request: () => ({ method: 'GET', path: '/page' }),
  verify: (res) => verifyPage(res, 'nextjs'),
};
