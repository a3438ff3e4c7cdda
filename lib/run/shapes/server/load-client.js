// The load client of the HTTP suite, run as its own node process (pinned to a core apart from
// the server's): `concurrency` loops over keep-alive node:http connections, bounded in requests
// and in time. Each response is timed at its first body byte (TTFB) and its last (TTLB), and
// checked by the workload's verify(). Prints one JSON line. It runs the warm-up pass of each job
// (verifying every answer, off the timing path); wrk and oha time the load (generators.js), as this
// client tops out near 4k req/s.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {{port: number, workload: string, params: Record<string, any>, concurrency: number,
 *   duration_ms: number, max_requests: number, request_timeout_ms: number, skip_first?: boolean}} LoadSpec
 */

/** @param {number[]} sortedXs @param {number} q */
const quantile = (sortedXs, q) => {
  if (!sortedXs.length) return null;
  const i = (sortedXs.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sortedXs[lo] + (sortedXs[hi] - sortedXs[lo]) * (i - lo);
};

/** p50, p90, p99 and max of a list of ms. */
export function percentiles(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p90: quantile(s, 0.9), p99: quantile(s, 0.99), max: s.at(-1) ?? null };
}

/**
 * One request; resolves with the response, its body and its times in ms from the start.
 * @returns {Promise<{status: number, headers: any, body: Uint8Array, ttfb: number, ttlb: number}>}
 */
function once(agent, port, req, timeoutMs) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    /** @type {number | null} */
    let first = null;
    /** @type {Buffer[]} */
    const chunks = [];
    const r = http.request(
      { host: '127.0.0.1', port, path: req.path, method: req.method, headers: req.headers ?? {}, agent },
      (res) => {
        res.on('data', (c) => {
          if (first === null) first = performance.now();
          chunks.push(c);
        });
        res.on('end', () => {
          const t1 = performance.now();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ttfb: (first ?? t1) - t0,
            ttlb: t1 - t0,
          });
        });
        res.on('error', reject);
      },
    );
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`no response within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** The client's own CPU in ms (user + sys). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Run one load. Never throws: a failed request or a wrong answer ends the load and is reported.
 * @param {LoadSpec} spec
 */
export async function runLoad(spec) {
  const w = (await import(spec.workload)).default;
  const req = w.request(spec.params);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const ttfb = [];
  const ttlb = [];
  /** completion times in ms since the load started */
  const done = [];
  let bytes = 0;
  let started = 0;
  /** @type {string | null} */
  let failure = null;
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const deadline = t0 + spec.duration_ms;
  const loop = async () => {
    let mine = 0;
    while (!failure && started < spec.max_requests && performance.now() < deadline) {
      started++;
      mine++;
      try {
        const res = await once(agent, spec.port, req, spec.request_timeout_ms);
        w.verify(res, spec.params);
        // A warm-up pass keeps no latency of each connection's first request: that one meets a
        // cold server and a new connection, which is the server's start, not its pace.
        if (!spec.skip_first || mine > 1) {
          ttfb.push(res.ttfb);
          ttlb.push(res.ttlb);
        }
        done.push(performance.now() - t0);
        bytes += res.body.byteLength;
      } catch (e) {
        failure ??= `request ${started}: ${/** @type {Error} */ (e).message}`;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, loop));
  const wall_ms = performance.now() - t0;
  const client_cpu_ms = cpuMs() - cpu0;
  agent.destroy();
  return {
    ok: failure === null,
    error: failure,
    requests: done.length,
    wall_ms,
    bytes,
    verified: done.length,
    ttfb_ms: percentiles(ttfb),
    ttlb_ms: percentiles(ttlb),
    done_ms: done,
    client_cpu_ms,
    bound: started >= spec.max_requests ? 'requests' : 'time',
  };
}

/**
 * Print one line on stdout and resolve once it is handed to the OS. On a pipe node writes
 * asynchronously once the pipe is full (64 KB), and process.exit() drops what is still queued:
 * a load's line (every completion time of a fast server's warm-up) can be hundreds of KB, and it
 * once arrived cut, as "load client exited with 0". So the exit waits for the write.
 * @param {string} line
 * @returns {Promise<void>}
 */
export const printLine = (line) =>
  new Promise((resolve, reject) => process.stdout.write(`${line}\n`, (e) => (e ? reject(e) : resolve())));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const spec = JSON.parse(process.argv[2] ?? '{}');
  const out = await runLoad(spec);
  await printLine(JSON.stringify(out));
  // Exit explicitly: a keep-alive socket the server holds open must not keep the client alive.
  process.exit(0);
}
