// The latency–throughput curve of a route: requests sent at fixed rates (25, 50, 75 and 90% of
// the route's maximum on that runtime) whatever the server's answers, latency counted from each
// request's intended send time, so queueing shows (lib/run/shapes/server/timed.js runs it with oha).
import { ROUTES, routeParams } from './_routes.js';

const ALL = ['json-small', 'render-stream', 'render-buffered', 'json-reviver', 'echo', 'react-ssr'];

export default {
  name: 'open-loop',
  unit: 'requests',
  server: './_server.js',
  loop: 'open',
  params: { route: ALL },
  quick: { route: ['json-small', 'render-stream'] },
  request: (p) => ROUTES[p.route].request(routeParams(p.route)),
  verify: (res, p) => ROUTES[p.route].verify(res, routeParams(p.route)),
  serverEnv: (p) => ROUTES[p.route].serverEnv?.(routeParams(p.route)) ?? {},
};
