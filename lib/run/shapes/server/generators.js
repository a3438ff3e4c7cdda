import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToEnd } from '../../../runtimes/proc.js';
import { findTool, TOOLS } from '../../../runtimes/tools.js';

/** A generator using this share of its core or more may be the limit: its figures are marked. */
export const GEN_SATURATED = 0.8;

/** oha as the first open-loop run builds it (lib/runtimes/tools.js: pinned, cached per user), else one on PATH. */
export function ohaBin() {
  return findTool(TOOLS.oha);
}

/** wrk from the Debian package (make setup), or null. */
export function wrkBin() {
  for (const dir of ['/usr/bin', '/usr/local/bin']) if (existsSync(join(dir, 'wrk'))) return join(dir, 'wrk');
  return null;
}

/**
 * Run one generator to its end, pinned to `pin.client` when given, under GNU time when it exists.
 * Resolves with its output, wall time and CPU (user+sys ms, null without GNU time). `register`
 * receives a kill for the whole process group, so an interrupt or a timeout leaves nothing.
 * @param {string} bin @param {string[]} args @param {{client: string} | null} pin
 * @param {(kill: () => void) => void} register @param {number} timeoutMs
 */
export async function runGenerator(bin, args, pin, register, timeoutMs) {
  const dir = mkdtempSync(join(tmpdir(), 'parity-gen-'));
  const timeFile = join(dir, 'cpu');
  const timed = existsSync('/usr/bin/time')
    ? ['/usr/bin/time', '-o', timeFile, '-f', '%U %S', bin, ...args]
    : [bin, ...args];
  const argv = pin ? ['taskset', '-c', pin.client, ...timed] : timed;
  const end = await runToEnd({ bin: argv[0], args: argv.slice(1), timeoutMs, register, maxStdout: 16 * 1024 * 1024 });
  let cpu_ms = null;
  try {
    const [u, s] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
    if (Number.isFinite(u) && Number.isFinite(s)) cpu_ms = (u + s) * 1000;
  } catch {
    // killed before GNU time wrote
  }
  rmSync(dir, { recursive: true, force: true });
  const err = (end.spawnError ? String(end.spawnError.message) : end.stderr).slice(-2000).trim();
  return { code: end.code, signal: end.signal, out: end.stdout, err, wall_ms: end.ms, cpu_ms };
}

/**
 * A wrk Lua script: the request (method, headers, body from a file) and a done() that prints the
 * figures as one line, latencies in µs including p99.9 (wrk's own summary stops at p99). No
 * request() callback, so wrk keeps its pre-built request and pays nothing per request for Lua.
 * @param {{method: string, headers?: Record<string, string>}} req @param {string | null} bodyFile
 */
export function wrkScript(req, bodyFile) {
  const lines = [`wrk.method = ${JSON.stringify(req.method)}`];
  for (const [k, v] of Object.entries(req.headers ?? {}))
    lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  if (bodyFile)
    lines.push(`local f = io.open(${JSON.stringify(bodyFile)}, "rb")`, 'wrk.body = f:read("*a")', 'f:close()');
  lines.push(
    'done = function(s, lat, _)',
    '  io.write(string.format("PARITY_WRK %d %d %d %d %d %d %d %d %d %d %d %d\\n", s.requests, s.duration, s.bytes,',
    '    s.errors.connect, s.errors.read, s.errors.write, s.errors.status, s.errors.timeout,',
    '    lat:percentile(50), lat:percentile(90), lat:percentile(99), lat:percentile(99.9)))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

/** wrk's PARITY_WRK line → figures (latencies in ms), or an error naming what went wrong. */
export function parseWrk(out) {
  const line = out.split('\n').find((l) => l.startsWith('PARITY_WRK '));
  if (!line) return { ok: false, error: 'wrk printed no summary' };
  const [requests, duration_us, bytes, connect, read, write, status, timeout, p50, p90, p99, p999] = line
    .split(' ')
    .slice(1)
    .map(Number);
  const errors = { connect, read, write, status, timeout };
  const bad = Object.entries(errors).filter(([, n]) => n > 0);
  if (bad.length) return { ok: false, error: `wrk saw errors: ${bad.map(([k, n]) => `${n} ${k}`).join(', ')}` };
  if (!requests) return { ok: false, error: 'no request completed within the load' };
  const ms = (us) => us / 1000;
  return {
    ok: true,
    requests,
    bytes,
    wall_ms: duration_us / 1000,
    rps: (requests * 1e6) / duration_us,
    ttlb_ms: { p50: ms(p50), p90: ms(p90), p99: ms(p99), p999: ms(p999) },
  };
}

/** oha's JSON → figures (latencies in ms), or an error naming what went wrong. */
export function parseOha(out) {
  let doc;
  try {
    doc = JSON.parse(out);
  } catch {
    return { ok: false, error: 'oha printed no JSON summary' };
  }
  const codes = doc.statusCodeDistribution ?? {};
  const ok = codes['200'] ?? 0;
  const other = Object.entries(codes).filter(([k]) => k !== '200');
  const errs = Object.entries(doc.errorDistribution ?? {});
  if (other.length || errs.length) {
    const what = [...other.map(([k, n]) => `${n} status ${k}`), ...errs.map(([k, n]) => `${n} ${k}`)];
    return { ok: false, error: `oha saw errors: ${what.join(', ').slice(0, 300)}` };
  }
  if (!ok) return { ok: false, error: 'no request completed within the load' };
  const p = doc.latencyPercentiles ?? {};
  // First body byte, timed by oha from the request's actual send (not corrected to the intended one).
  const fb = doc.firstBytePercentiles ?? {};
  const ms = (s) => (typeof s === 'number' ? s * 1000 : null);
  return {
    ok: true,
    requests: ok,
    rps: doc.summary?.requestsPerSec ?? null,
    ttlb_ms: { p50: ms(p.p50), p90: ms(p.p90), p99: ms(p.p99), p999: ms(p['p99.9']) },
    ttfb_sent_ms: { p50: ms(fb.p50), p99: ms(fb.p99) },
  };
}

/**
 * The files the generators read for one request: its body (wrk's script reads it, oha takes -D)
 * and wrk's script; `cleanup` removes both.
 * @param {{method: string, headers?: Record<string, string>, body?: any}} req
 */
export function requestFiles(req) {
  const dir = mkdtempSync(join(tmpdir(), 'parity-req-'));
  const body = req.body === undefined || req.body === null ? null : join(dir, 'body');
  if (body) writeFileSync(body, req.body);
  const lua = join(dir, 'req.lua');
  writeFileSync(lua, wrkScript(req, body));
  return { lua, body, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
