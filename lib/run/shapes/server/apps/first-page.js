// Cold start as a user meets it: spawn to the first correct page, not to the first answer of a
// health route. A framework may load a page's code on its first request (Next.js does), which a
// /healthz probe never pays. Asked for by a workload with `pageFigures: true` (suites/ssr/).

/**
 * Request the workload's page once and check it with the workload's own verify; resolves with
 * the time the checked page had arrived (performance.now), throws what the check threw.
 * @param {number} port
 * @param {{request: (p: any) => {method: string, path: string, headers?: Record<string, string>}, verify: (res: any, p: any) => void}} w
 * @param {Record<string, any>} params
 */
export async function firstPage(port, w, params) {
  const req = w.request(params);
  const r = await fetch(`http://127.0.0.1:${port}${req.path}`, {
    method: req.method,
    headers: req.headers ?? {},
    signal: AbortSignal.timeout(30_000),
  });
  const body = new Uint8Array(await r.arrayBuffer());
  const at = performance.now();
  w.verify({ status: r.status, headers: Object.fromEntries(r.headers), body }, params);
  return at;
}
