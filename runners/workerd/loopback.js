// workerd's node:http server listens on a virtual port (no socket of its own), so a worker's
// fetch() to http://127.0.0.1:<that port>/ reaches nothing. This routes such a fetch through the
// job's own workerd socket on 127.0.0.1 (a real TCP loopback, with workerd's HTTP stack on both
// ends) to that server, through workerd's handleAsNodeRequest. A 127.0.0.1 port with
// no node:http server behind it in this worker is fetched from the network unchanged.

const HEADER = 'x-parity-node-port';
const realFetch = globalThis.fetch;
/** The job's own origin (http://127.0.0.1:<workerd's port>), learnt from the first request. */
let selfOrigin = '';

/** @param {string} origin */
export function learnOrigin(origin) {
  if (selfOrigin) return;
  selfOrigin = origin;
  globalThis.fetch = (input, init) => {
    const req = new Request(input, init);
    const u = new URL(req.url);
    if (!(u.hostname === '127.0.0.1' || u.hostname === 'localhost') || u.origin === selfOrigin) return realFetch(req);
    const headers = new Headers(req.headers);
    headers.set(HEADER, u.port || '80');
    return realFetch(
      new Request(`${selfOrigin}${u.pathname}${u.search}`, { method: req.method, headers, body: req.body }),
    );
  };
}

/**
 * The response for a request this module routed, or null for any other request.
 * @param {Request} request
 * @returns {Promise<Response> | null}
 */
export function routed(request) {
  const port = request.headers.get(HEADER);
  if (!port) return null;
  return (async () => {
    const name = 'cloudflare:node';
    const { handleAsNodeRequest } = await import(name);
    try {
      return await handleAsNodeRequest(Number(port), request);
    } catch {
      // No node:http server on that port here: it is a real server on 127.0.0.1.
      const u = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete(HEADER);
      return realFetch(`http://127.0.0.1:${port}${u.pathname}${u.search}`, {
        method: request.method,
        headers,
        body: request.body,
      });
    }
  })();
}
