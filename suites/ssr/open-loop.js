// Each SSR app's latency at fixed arrival rates (25, 50, 75 and 90% of its maximum on that
// runtime), counted from each request's intended send time, so queueing shows (the HTTP suite's
// open loop, lib/run/shapes/server/timed.js, with each app's cheapest route as the generator's floor).
// vanilla's catalogue page and React's string render stand for those apps.
import { APPS, firstParams } from './_pages.js';

export default {
  name: 'open-loop',
  unit: 'requests',
  server: './_apps',
  app: (p) => p.app,
  loop: 'open',
  pageFigures: true,
  params: { app: ['vanilla', 'react', 'sveltekit', 'nextjs'] },
  // QUICK draws one curve, to keep a QUICK run of the suite within minutes; the default mode all four.
  quick: { app: ['vanilla'] },
  request: (p) => APPS[p.app].request(firstParams(p.app)),
  verify: (res, p) => APPS[p.app].verify(res, firstParams(p.app)),
  serverEnv: () => ({ NODE_ENV: 'production' }),
};
