// The load generators against a stub with known timings: TTFB and TTLB read what the
// stub does, an open-loop run past the stub's capacity shows latency growing with the run where a
// closed loop does not, a saturated generator is marked, and no generator outlives its run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { gone } from '../../../../test/processes.js';
import { ROOT } from '../../../paths.js';
import { ensureTool, TOOLS } from '../../../runtimes/tools.js';
import { GEN_SATURATED, ohaBin, parseOha, parseWrk, requestFiles, runGenerator, wrkBin } from './generators.js';
import { runLoad } from './load-client.js';
import { closedInner, curvePoint } from './record.js';
import { oha, wrk } from './timed.js';

const STUB = join(ROOT, 'test', 'fixtures', 'http-stub');
// oha is had as a run has it: built on first use (lib/runtimes/tools.js). Only a machine without
// cargo skips its tests, saying why; a failed build fails them.
const OHA = await ensureTool(TOOLS.oha);
const NO_OHA = OHA.noBuilder ? String(OHA.reason) : false;
if (NO_OHA) process.stderr.write(`gen.test.js: the oha tests are skipped: ${NO_OHA}\n`);

/** Start the stub; resolves with its port and a stop. */
async function stub() {
  const child = spawn(process.execPath, [join(STUB, 'server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`stub exited with ${code}`)));
  });
  return { port, pid: child.pid, stop: () => child.kill('SIGKILL') };
}

/** A target for timed.js's wrk() and oha() at one path of the stub. */
const target = (port, path) => {
  const req = { method: 'GET', path };
  return { port, path, method: 'GET', headers: {}, files: requestFiles(req), pin: null, register: () => {} };
};

test('a stub answering its first byte at 10 ms and its last at 30 ms reads TTFB ≈ 10 ms and TTLB ≈ 30 ms', async () => {
  const s = await stub();
  try {
    const workload = pathToFileURL(join(STUB, 'delay.js')).href;
    const spec = {
      port: s.port,
      workload,
      params: {},
      concurrency: 1,
      duration_ms: 600,
      max_requests: 1000,
      request_timeout_ms: 5000,
    };
    const node = /** @type {any} */ (await runLoad(spec));
    assert.ok(node.ok, node.error ?? '');
    // Timers fire no earlier than asked; the upper bounds are wide for a busy machine.
    assert.ok(node.ttfb_ms.p50 >= 10 && node.ttfb_ms.p50 < 30, `node TTFB p50 ${node.ttfb_ms.p50}`);
    assert.ok(node.ttlb_ms.p50 >= 30 && node.ttlb_ms.p50 < 60, `node TTLB p50 ${node.ttlb_ms.p50}`);
    const w = await wrk(target(s.port, '/delay'), 1, 1);
    assert.ok(w.ok, w.error);
    assert.ok(w.ttlb_ms.p50 >= 29 && w.ttlb_ms.p50 < 60, `wrk TTLB p50 ${w.ttlb_ms.p50}`);
    assert.ok(w.gen_cpu_ms !== null && w.gen_cpu_ms >= 0);
    if (!NO_OHA) {
      assert.equal(OHA.reason, null);
      assert.equal(ohaBin(), OHA.bin, 'a run finds oha where it was had');
      const o = await oha(target(s.port, '/delay'), '/delay', 20, 1000);
      assert.ok(o.ok, o.error);
      assert.ok(o.ttlb_ms.p50 >= 29 && o.ttlb_ms.p50 < 60, `oha TTLB p50 ${o.ttlb_ms.p50}`);
      const fb = /** @type {any} */ (o).ttfb_sent_ms.p50;
      assert.ok(fb >= 9.5 && fb < 30, `oha TTFB p50 ${fb}`);
    }
  } finally {
    s.stop();
  }
});

test('open loop at 1.5x a stub’s capacity: latency grows with the run, well past what a closed loop shows', {
  skip: NO_OHA,
}, async () => {
  const s = await stub();
  try {
    assert.equal(OHA.reason, null);
    const t = target(s.port, '/busy');
    // The stub serves ≤ 200/s (5 ms of CPU each): 300/s queues 100 more every second, and each
    // latency counts from its intended send time, so a run three times as long waits about three
    // times as long. A closed loop at the same stub waits the same whatever the run's length.
    // Other work on the machine slows the stub alike in both, so the test compares the two ratios.
    const short = await oha(t, '/busy', 300, 1000);
    const long = await oha(t, '/busy', 300, 3000);
    assert.ok(short.ok && long.ok, short.error ?? long.error);
    const open = long.ttlb_ms.p50 / short.ttlb_ms.p50;
    assert.ok(long.ttlb_ms.p50 > 50, `open p50 over 3 s ${long.ttlb_ms.p50} ms: no queue shows`);
    const c1 = await wrk(t, 4, 1);
    const c2 = await wrk(t, 4, 3);
    assert.ok(c1.ok && c2.ok, c1.error ?? c2.error);
    const closed = c2.ttlb_ms.p50 / c1.ttlb_ms.p50;
    const seen = `open p50 ${short.ttlb_ms.p50} → ${long.ttlb_ms.p50} ms, closed ${c1.ttlb_ms.p50} → ${c2.ttlb_ms.p50} ms`;
    // Coordinated omission would read open ≈ closed ≈ 1. Under make test's parallel files the stub
    // is slower than 200/s, so even the closed loop's second wait grows a little (1.3× seen) and the
    // short open run already queues: the margin over closed is 1.2×, not more.
    assert.ok(open > 1.5 && open > 1.2 * closed, seen);
  } finally {
    s.stop();
  }
});

test('a generator at 60% of its core or more marks its row; at 80% its curve point reports no server figure', async () => {
  const load = {
    ok: true,
    requests: 1000,
    bytes: 1,
    wall_ms: 1000,
    rps: 1000,
    ttlb_ms: { p50: 1, p90: 2, p99: 3, p999: 4 },
  };
  const verify = { ttfb_ms: { p50: 1 }, verified: 10 };
  const ctx = { cpu_ms: 100, startup_ms: 10, node_env: 'production', pin: null, concurrency: 8 };
  const at = async (cpu) => (await closedInner({ ...load, gen_cpu_ms: cpu }, verify, ctx)).report.client_saturated;
  assert.equal(GEN_SATURATED, 0.8);
  assert.equal(await at(590), false);
  assert.equal(await at(600), true);
  const point = (genCpu, floorRps, achieved) =>
    curvePoint(
      1000,
      { ok: true, rps: achieved, requests: 1000, wall_ms: 1000, gen_cpu_ms: genCpu, cpu_ms: 50, ttlb_ms: load.ttlb_ms },
      { ok: true, rps: floorRps, wall_ms: 1000, gen_cpu_ms: 100, ttlb_ms: load.ttlb_ms },
    );
  assert.deepEqual([point(100, 1000, 1000).beyond_generator, point(100, 1000, 1000).server_behind], [false, false]);
  assert.equal(point(850, 1000, 1000).beyond_generator, true, 'generator at 85% of its core');
  assert.equal(point(100, 700, 700).beyond_generator, true, 'the floor did not get its rate: the generator’s limit');
  const behind = point(100, 1000, 600);
  assert.deepEqual([behind.beyond_generator, behind.server_behind], [false, true]);
});

test('wrk and oha output parsing: figures, and errors named', () => {
  const ok = parseWrk('junk\nPARITY_WRK 2000 1000000 5000 0 0 0 0 0 500 900 1500 2500\n');
  assert.deepEqual(ok, {
    ok: true,
    requests: 2000,
    bytes: 5000,
    wall_ms: 1000,
    rps: 2000,
    ttlb_ms: { p50: 0.5, p90: 0.9, p99: 1.5, p999: 2.5 },
  });
  assert.equal(parseWrk('PARITY_WRK 2000 1000000 5000 0 0 0 7 0 1 1 1 1').error, 'wrk saw errors: 7 status');
  assert.equal(parseWrk('nothing').error, 'wrk printed no summary');
  const doc = {
    summary: { requestsPerSec: 99.5 },
    latencyPercentiles: { p50: 0.01, p90: 0.02, p99: 0.03, 'p99.9': 0.04 },
    statusCodeDistribution: { 200: 100 },
    errorDistribution: {},
  };
  const o = /** @type {any} */ (parseOha(JSON.stringify(doc)));
  assert.equal(o.requests, 100);
  assert.ok(Math.abs(o.ttlb_ms.p99 - 30) < 1e-9);
  assert.equal(
    parseOha(JSON.stringify({ ...doc, statusCodeDistribution: { 200: 1, 500: 2 } })).error,
    'oha saw errors: 2 status 500',
  );
});

test('a generator killed mid-run (timeout or Ctrl-C) leaves no process, GNU time and wrk included', {
  skip: wrkBin() ? false : 'no wrk',
}, async () => {
  const s = await stub();
  try {
    /** @type {() => void} */
    let kill = () => {};
    const t = target(s.port, '/delay');
    const run = runGenerator(
      /** @type {string} */ (wrkBin()),
      ['-t1', '-c2', '-d30s', `http://127.0.0.1:${s.port}/delay`],
      null,
      (k) => {
        kill = k;
      },
      60_000,
    );
    await new Promise((r) => setTimeout(r, 300));
    const pids = (await import('../../../runtimes/descendants.js')).descendantsOf(process.pid);
    kill();
    const r = await run;
    assert.equal(r.signal ?? 'SIGKILL', 'SIGKILL');
    await new Promise((res) => setTimeout(res, 200));
    // taskset is absent here (no pin): GNU time and wrk below it, besides the stub.
    const mine = pids.filter((p) => p !== process.pid && p !== s.pid);
    assert.ok(mine.length >= 2, `saw ${mine.length} processes`);
    for (const p of mine) assert.ok(gone(p), `process ${p} is left`);
    t.files.cleanup();
  } finally {
    s.stop();
  }
});
