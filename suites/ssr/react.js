// The React SSR app (React 19's react-dom/server, no framework) under load on each runtime's own
// server: the catalogue tree rendered to a string or to a web ReadableStream per request.
import { verifyPage } from './_check.js';

export default {
  name: 'react',
  unit: 'requests',
  pageFigures: true,
  server: './_apps/react/server.js',
  params: { render: ['string', 'stream'], concurrency: [1, 8, 64] },
  quick: { render: ['string', 'stream'], concurrency: [1] },
  // React picks its build from NODE_ENV when it loads (workerd's bundle has it defined).
  serverEnv: () => ({ NODE_ENV: 'production' }),
  request: (p) => ({ method: 'GET', path: `/${p.render}` }),
  verify: (res) => verifyPage(res, 'react'),
};
