// Memory per idle keep-alive connection: N connections from 127.0.0.1 to the warmed server, each
// answered one GET /json-small and then left open and idle; the server's RSS with them open
// minus its RSS before, divided by N (lib/run/shapes/server/idle.js). No load is timed.
import jsonSmall from './json-small.js';

export default {
  name: 'idle-connections',
  unit: 'requests',
  server: './_server.js',
  loop: 'idle',
  params: { connections: [250, 1000] },
  quick: { connections: [250] },
  request: jsonSmall.request,
  verify: jsonSmall.verify,
};
