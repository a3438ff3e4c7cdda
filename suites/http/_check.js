// Response checks shared by the HTTP workloads: a wrong answer is an error, not a fast result.
// Every response of a load is checked (the client calls the workload's verify on each).

const dec = new TextDecoder();

/**
 * @typedef {{status: number, headers: Record<string, string | string[] | undefined>, body: Uint8Array}} HttpResponse
 */

/** @param {HttpResponse} res @param {string} what */
export function expectOk(res, what) {
  if (res.status !== 200) throw new Error(`${what}: status ${res.status}, expected 200`);
}

/** @param {HttpResponse} res */
export const text = (res) => dec.decode(res.body);

/** @param {HttpResponse} res @param {string} what @param {number} bytes @param {string} tail */
export function expectPage(res, what, bytes, tail) {
  expectOk(res, what);
  if (res.body.byteLength !== bytes) throw new Error(`${what}: ${res.body.byteLength} bytes, expected ${bytes}`);
  const end = dec.decode(res.body.subarray(res.body.byteLength - tail.length - 200));
  if (!end.endsWith(tail)) throw new Error(`${what}: the body does not end with ${JSON.stringify(tail.slice(-40))}`);
}
