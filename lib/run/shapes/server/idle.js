// Memory per idle keep-alive connection: open N raw TCP connections from 127.0.0.1 to a warmed
// server, send one HTTP/1.1 keep-alive request on each and read its whole answer (checked by the
// workload), leave them open and idle, and read the server tree's RSS before and with them open.
// Raw sockets, not an http.Agent: an agent reuses a free socket instead of opening a new one.
// Bounded: at most MAX_CONNECTIONS, opened 50 at a time, and the whole job within `budgetMs`.
import net from 'node:net';
import { figuresRecord } from '../../../measure/record.js';
import { median } from '../../../measure/stats/stats.js';

export const MAX_CONNECTIONS = 5000;
const BATCH = 50;

/** Parse one whole HTTP/1.1 response from `buf`, or null when more bytes are needed. */
export function parseResponse(buf) {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(head[0].split(' ')[1]);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = buf.subarray(end + 4);
  if (headers['transfer-encoding']?.includes('chunked')) {
    const parts = [];
    let at = 0;
    for (;;) {
      const eol = rest.indexOf('\r\n', at);
      if (eol < 0) return null;
      const size = Number.parseInt(rest.subarray(at, eol).toString('latin1'), 16);
      if (rest.length < eol + 2 + size + 2) return null;
      if (size === 0) return { status, headers, body: Buffer.concat(parts) };
      parts.push(rest.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  const len = Number(headers['content-length'] ?? 0);
  return rest.length < len ? null : { status, headers, body: rest.subarray(0, len) };
}

/**
 * One connection that has had its answer; resolves with the socket, rejects on a wrong answer.
 * @param {number} port @param {any} req {method, path, headers} @param {(res: any) => void} verify
 */
function openOne(port, req, verify, timeoutMs) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (e) => {
      clearTimeout(timer);
      s.destroy();
      reject(e);
    };
    s.on('error', fail);
    s.on('connect', () => {
      const extra = Object.entries(req.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`);
      s.write(
        `${req.method} ${req.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\n${extra.join('')}\r\n`,
      );
    });
    const onData = (d) => {
      buf = Buffer.concat([buf, d]);
      const res = parseResponse(buf);
      if (!res) return;
      clearTimeout(timer);
      s.off('data', onData);
      try {
        verify(res);
        resolve(s);
      } catch (e) {
        fail(e);
      }
    };
    s.on('data', onData);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Three readings 50 ms apart, their median (null if any failed). */
async function settledRss(read) {
  const xs = [];
  for (let i = 0; i < 3; i++) {
    if (i) await sleep(50);
    const v = read();
    if (v === null) return null;
    xs.push(v);
  }
  return median(xs);
}

/**
 * Open `n` idle keep-alive connections and measure what the server holds for them.
 * @param {{port: number, n: number, req: any, verify: (res: any) => void, rss: () => number | null, budgetMs?: number}} o
 */
export async function idleConnections({ port, n, req, verify, rss, budgetMs = 30_000 }) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_CONNECTIONS)
    throw new Error(`connections must be an integer in 1–${MAX_CONNECTIONS}, got ${n}`);
  const deadline = performance.now() + budgetMs;
  // Two readings of the idle server, as far apart as the two the figure takes: their difference
  // ÷ n is how far RSS moves with nothing opened (GC, the allocator returning pages), its noise floor.
  await sleep(200);
  const first = await settledRss(rss);
  await sleep(200);
  const before = await settledRss(rss);
  /** @type {net.Socket[]} */
  const open = [];
  let closedEarly = 0;
  try {
    while (open.length < n) {
      if (performance.now() > deadline)
        throw new Error(`${open.length} of ${n} connections open within ${budgetMs} ms`);
      const k = Math.min(BATCH, n - open.length);
      const batch = await Promise.all(Array.from({ length: k }, () => openOne(port, req, verify, 10_000)));
      for (const s of batch) {
        s.on('close', () => closedEarly++);
        open.push(s);
      }
    }
    const t0 = performance.now();
    await sleep(200);
    const withThem = await settledRss(rss);
    const heldMs = performance.now() - t0;
    // A server that closed idle connections before the reading was not holding them all.
    if (closedEarly)
      throw new Error(`the server closed ${closedEarly} of ${n} idle connections within ${Math.round(heldMs)} ms`);
    if (before === null || withThem === null) throw new Error('the server’s RSS could not be read');
    const per_connection = (withThem - before) / n;
    const noise = first === null ? null : Math.abs(before - first) / n;
    return { n, before, with_them: withThem, per_connection, noise, held_ms: Math.round(heldMs) };
  } finally {
    for (const s of open) s.destroy();
  }
}

/** The row's inner part for an idle-connections job. */
export function idleInner(fig, { startup_ms, node_env, pin }) {
  const b = (value, label) => ({ value, unit: 'bytes', better: 'lower', label });
  const tree = 'summed VmRSS of the server’s processes, /proc';
  return figuresRecord({
    unit: 'requests',
    calls: fig.n,
    timer: `outside: ${fig.n} raw keep-alive connections from 127.0.0.1, one GET each, then idle`,
    metrics: {
      rss_per_connection_bytes: b(
        fig.per_connection,
        `RSS per idle keep-alive connection: (with them − before) ÷ ${fig.n}`,
      ),
      ...(fig.noise === null
        ? {}
        : {
            rss_noise_per_connection_bytes: b(
              fig.noise,
              `noise floor: |RSS − RSS 0.35 s earlier| ÷ ${fig.n}, the idle server before any connection opened`,
            ),
          }),
      rss_idle_bytes: b(fig.before, `RSS before the connections opened, server warmed (${tree})`),
      rss_connections_bytes: b(fig.with_them, `RSS with ${fig.n} idle connections open (${tree})`),
      startup_ms: {
        value: startup_ms,
        unit: 'ms',
        better: 'lower',
        label: 'server start-up: spawn to the first 200 from /healthz',
      },
    },
    report: {
      node_env,
      connections: fig.n,
      held_ms: fig.held_ms,
      pinning: pin ? `server on core ${pin.server}` : 'not pinned',
    },
  });
}
