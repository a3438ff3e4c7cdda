// The HTTP path end to end: a real job on node, servers bound to 127.0.0.1 only, and a server
// that never listens, crashes mid-load or is interrupted: the row says so and no process of the
// run is left.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertNoneLeft, commandHas, runWatched } from '../../../../test/processes.js';
import { ROOT } from '../../../paths.js';
import { serverSpec, waitPortFile } from '../../../runtimes/drivers/process.js';
import { workerdConfig } from '../../../runtimes/drivers/workerd.js';
import { pinning } from '../../../runtimes/pin.js';
import { runToEnd } from '../../../runtimes/proc.js';
import { resolveRuntime } from '../../../runtimes/registry.js';
import { loadDuration } from './job.js';
import { percentiles } from './load-client.js';

const FAULTY = join(ROOT, 'test', 'fixtures', 'http-faulty', 'runtimes.json');
/** The module the HTTP suite's jobs serve. */
const SERVED = join(ROOT, 'suites', 'http', '_server.js');

/**
 * The CLI on the http suite, QUICK, one round.
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {((pids: number[]) => boolean) | null} [interrupt]
 */
const runCli = (args, env = {}, interrupt = null) =>
  runWatched(['--suite', 'http', '--quick', '--rounds', '1', ...args], { env, interrupt });

test('load figures: percentiles, the load duration and the cores of server and client', () => {
  assert.deepEqual(percentiles([4, 1, 3, 2, 5]), { p50: 3, p90: 4.6, p99: 4.96, max: 5 });
  assert.equal(loadDuration({ min_ms: 80 }), 800);
  assert.equal(loadDuration({ min_ms: 5 }), 300);
  assert.deepEqual(pinning(2, true), { server: '1', client: '0' });
  assert.equal(pinning(1, true), null);
});

test("the load client's line arrives whole through a pipe however long it is (1 MB), though the client exits right after it", async () => {
  // The line of a fast server's warm-up holds every completion time: hundreds of KB. Written with
  // process.exit() right after, a pipe got its first ~200 KB and the job read "exited with 0".
  const n = 1_000_000;
  const load = join(ROOT, 'lib/run/shapes/server/load-client.js');
  const code = `const m = await import(${JSON.stringify(load)}); await m.printLine('x'.repeat(${n})); process.exit(0);`;
  const r = await runToEnd({
    bin: process.execPath,
    args: ['--input-type=module', '-e', code],
    timeoutMs: 30_000,
    maxStdout: 2 * n,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.length, n + 1);
});

test('a json-small job on node: ok, timed by wrk with its CPU, warm-up responses verified, server CPU and start-up measured, nothing left', async () => {
  const r = /** @type {any} */ (
    await runCli([
      '--runtimes',
      'node',
      '--workload',
      'json-small',
      '--params',
      'concurrency=1',
      '--min-ms',
      '5',
      '--warmup-ms',
      '50',
    ])
  );
  assert.equal(r.code, 0, r.stderr);
  const row = r.doc.results[0];
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.unit, 'requests');
  assert.ok(row.report.requests > 10 && row.report.verified > 0, JSON.stringify(row.report));
  assert.equal(row.report.generator, 'wrk');
  assert.ok(row.metrics.client_cpu_pct.value > 0 && row.metrics.client_cpu_pct.value < 100);
  assert.equal(row.report.client_saturated, row.metrics.client_cpu_pct.value >= 80);
  const m = row.metrics;
  assert.ok(m.ttfb_ms.value > 0 && m.ttlb_ms.value > 0);
  // A tail percentile only where the load holds it: p99 from 1,000 requests, p99.9 from 10,000,
  // each over a window of 5 s or more (this load is far shorter: none).
  const n = row.report.requests;
  const long = row.report.load_ms >= 5000;
  assert.equal('ttlb_p99_ms' in m, long && n >= 1000, `p99 with ${n} requests in ${row.report.load_ms} ms`);
  assert.equal('ttlb_p999_ms' in m, long && n >= 10000, `p99.9 with ${n} requests`);
  assert.equal('ttlb_p90_ms' in m, n >= 100, `p90 with ${n} requests`);
  if (n >= 100) assert.ok(m.ttlb_ms.value <= m.ttlb_p90_ms.value);
  assert.ok(m.server_cpu_ms.value > 0 && m.server_cpu_per_request_us.value > 0);
  assert.ok(m.startup_ms.value > 0 && m.startup_ms.value < 30_000);
  assert.equal(row.report.node_env, process.env.NODE_ENV ?? '(unset)');
  assert.ok(Math.abs(row.throughput.value - m.requests_per_s.value) < 1e-6 * m.requests_per_s.value);
  await assertNoneLeft(r.seen);
});

test('node, deno and bun servers listen on 127.0.0.1 only; workerd configs bind 127.0.0.1', async () => {
  for (const id of ['node', 'deno', 'bun']) {
    const rt = resolveRuntime(id);
    const portFile = join(mkdtempSync(join(tmpdir(), 'parity-bind-')), 'port');
    const spec = JSON.stringify(serverSpec(rt, SERVED, portFile));
    const args = [...rt.args.filter((a) => !a.startsWith('--v8-flags')), /** @type {string} */ (rt.server), spec];
    const child = spawn(rt.bin, args, { cwd: ROOT, stdio: 'ignore' });
    try {
      const port = await waitPortFile(portFile, 20_000);
      const hex = port.toString(16).toUpperCase().padStart(4, '0');
      const listening = ['/proc/net/tcp', '/proc/net/tcp6']
        .flatMap((f) => readFileSync(f, 'utf8').split('\n').slice(1))
        .map((l) => l.trim().split(/\s+/))
        .filter((f) => f[1]?.endsWith(`:${hex}`) && f[3] === '0A');
      assert.ok(listening.length >= 1, `${id}: nothing listens on ${port}`);
      for (const f of listening) assert.equal(f[1], `0100007F:${hex}`, `${id} listens on ${f[1]}`);
    } finally {
      child.kill('SIGKILL');
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'parity-bind-'));
  const config = workerdConfig(resolveRuntime('workerd'), join(ROOT, 'suites', 'math', 'sin.js'), 'math/sin', dir);
  assert.match(config, /address = "127\.0\.0\.1:0"/);
});

test('a server that never listens ends at the job timeout as a timeout row, its child gone too', async () => {
  const r = /** @type {any} */ (
    await runCli(['--runtimes', 'faulty', '--workload', 'json-small', '--params', 'concurrency=1', '--timeout', '3'], {
      PARITY_REGISTRY: FAULTY,
      PARITY_HTTP_FAULT: 'never-listen',
    })
  );
  assert.equal(r.code, 0, r.stderr);
  const row = r.doc.results[0];
  assert.equal(row.status, 'timeout', row.error);
  assert.ok(r.seen.length >= 3, `saw ${r.seen.length} processes`);
  await assertNoneLeft(r.seen);
});

test('a server that crashes during the load is a crash row, and nothing is left', async () => {
  const r = /** @type {any} */ (
    await runCli(['--runtimes', 'faulty', '--workload', 'json-small', '--params', 'concurrency=8', '--timeout', '20'], {
      PARITY_REGISTRY: FAULTY,
      PARITY_HTTP_FAULT: 'crash',
    })
  );
  assert.equal(r.code, 0, r.stderr);
  const row = r.doc.results[0];
  assert.equal(row.status, 'crash', row.error);
  assert.match(row.error, /exited with code 3/);
  await assertNoneLeft(r.seen);
});

test('Ctrl-C while a server starts leaves no process of the run, and the run says it was interrupted', async () => {
  const r = /** @type {any} */ (
    await runCli(
      ['--runtimes', 'faulty', '--workload', 'json-small', '--params', 'concurrency=1', '--timeout', '60'],
      { PARITY_REGISTRY: FAULTY, PARITY_HTTP_FAULT: 'never-listen' },
      (pids) => pids.length >= 3,
    )
  );
  assert.equal(r.code, 130, r.stderr);
  assert.equal(r.doc.interrupted, true);
  await assertNoneLeft(r.seen);
});

test('Ctrl-C during a load leaves no server and no load generator behind', async () => {
  const isClient = (p) => commandHas(p, 'wrk');
  const r = /** @type {any} */ (
    await runCli(
      ['--runtimes', 'node', '--workload', 'render-buffered', '--params', 'concurrency=8', '--min-ms', '2000'],
      {},
      (pids) => pids.some(isClient),
    )
  );
  // 130: the SIGINT went out, which happens only once wrk was running.
  assert.equal(r.code, 130, r.stderr);
  await assertNoneLeft(r.seen);
});

test('a kind without a server entry gives unsupported rows with the reason', async () => {
  const r = /** @type {any} */ (
    await runCli(['--runtimes', 'nohttp', '--workload', 'json-small', '--params', 'concurrency=1'], {
      PARITY_REGISTRY: FAULTY,
    })
  );
  assert.equal(r.code, 0, r.stderr);
  const row = r.doc.results[0];
  assert.equal(row.status, 'unsupported');
  assert.equal(row.error, 'kind nohttp names no "server" entry in its kind.json');
});
