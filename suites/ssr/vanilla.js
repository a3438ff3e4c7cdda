// The vanilla SSR app (template strings, no framework) under load on each runtime's own server:
// the catalogue page, and the CPU-bound page that also counts primes per request.
import { verifyPage } from './_check.js';

export default {
  name: 'vanilla',
  unit: 'requests',
  pageFigures: true,
  server: './_apps/vanilla/server.js',
  params: { page: ['page', 'primes'], concurrency: [1, 8, 64] },
  quick: { page: ['page', 'primes'], concurrency: [1] },
  serverEnv: () => ({ NODE_ENV: 'production' }),
  request: (p) => ({ method: 'GET', path: `/${p.page}` }),
  verify: (res, p) => verifyPage(res, 'vanilla', { primes: p?.page === 'primes' }),
};
