// Spawn to the first 200 of the runtime's HTTP server: the HTTP suite's server module (its
// driver's server seam serving suites/http/_server.js, bundled for workerd) started and stopped once per start,
// each timed until GET /healthz answers 200 (the HTTP suite's probe; lib/run/shapes/process/server.js).
// A server never exits by itself, so this is workerd's start-up figure as well.
export default {
  name: 'http-first-200',
  unit: 'starts',
  // The module the server serves, relative to this file, as an HTTP workload names it.
  server: '../http/_server.js',
  command: () => ({}),
  // The server's own heap after a full GC, from its /__parity/heap route after the 200 of the
  // first round's last starts (lib/run/shapes/process/server.js).
  heap: true,
  // The check is the 200 itself: a server that never answers /healthz with 200 fails the start.
  verify() {},
};
