// Spawn to the first 200 of the runtime's HTTP server: the HTTP suite's server (its driver's
// httpServer serving suites/http/_app.js, bundled for workerd) started and stopped once per start,
// each timed until GET /healthz answers 200 (the HTTP suite's probe; lib/run/process/server.js).
// A server never exits by itself, so this is workerd's start-up figure as well.
export default {
  name: 'http-first-200',
  unit: 'starts',
  server: 'http',
  command: () => ({}),
  // The check is the 200 itself: a server that never answers /healthz with 200 fails the start.
  verify() {},
};
