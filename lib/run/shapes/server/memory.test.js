// Memory under load, from outside the server: a server that keeps what it allocates shows growth
// of about what it kept, one that keeps nothing shows none, and the figures land in the row.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertNoneLeft, runWatched } from '../../../../test/processes.js';
import { ROOT } from '../../../paths.js';
import { serverSpec, waitPortFile } from '../../../runtimes/drivers/process.js';
import { resolveRuntime } from '../../../runtimes/registry.js';
import { parseResponse } from './idle.js';
import { heapAfterGc, loadRss, rssIntervalMs, rssSampler, withMemory } from './memory.js';

const KEEPER = join(ROOT, 'test', 'fixtures', 'http-memory', 'runtimes.json');
const SERVED = join(ROOT, 'suites', 'http', '_server.js');
const MiB = 2 ** 20;

test('loadRss: median and peak of the samples, growth from the first quarter of the load to the last', () => {
  // 100 MB flat for the first half, then 150 MB: first-quarter median 100, last-quarter 150.
  const steps = Array.from({ length: 20 }, (_, i) => [i * 50, i < 10 ? 100e6 : 150e6]);
  const f = loadRss(/** @type {[number, number][]} */ (steps), 950);
  assert.equal(f.peak, 150e6);
  assert.equal(f.median, 125e6);
  assert.equal(f.growth, 50e6);
  // A spike in the middle is the peak, not growth.
  const spike = steps.map(([t]) => [t, t === 500 ? 300e6 : 100e6]);
  const g = loadRss(/** @type {[number, number][]} */ (spike), 950);
  assert.equal(g.peak, 300e6);
  assert.equal(g.growth, 0);
  assert.equal(loadRss([[0, 1]], 10).median, null, 'too few samples give no figure');
  assert.equal(rssIntervalMs(1000), 25);
  assert.equal(rssIntervalMs(5000), 100);
});

test('rssSampler reads on a timer until stopped; withMemory leaves an error row alone', async () => {
  let n = 0;
  const s = rssSampler(() => ++n * 1000, 10);
  await new Promise((r) => setTimeout(r, 120));
  const out = s.stop();
  assert.ok(out.samples.length >= 5 && out.samples.length <= 15, `${out.samples.length} samples in 120 ms`);
  assert.ok(out.samples.every(([, b], i) => i === 0 || b > out.samples[i - 1][1]));
  const err = { status: 'error', error: 'x' };
  assert.equal(withMemory(err, 1, out, 10), err);
});

/** One json-small job at c=1 on the keeper fixture, its load `minMs` × 10 long; its row. */
async function keeperRow(keepBytes, minMs = 100) {
  const args = ['--suite', 'http', '--quick', '--rounds', '1', '--runtimes', 'keeper', '--workload', 'json-small'];
  const r = /** @type {any} */ (
    await runWatched([...args, '--params', 'concurrency=1', '--min-ms', String(minMs), '--warmup-ms', '50'], {
      env: { PARITY_REGISTRY: KEEPER, PARITY_KEEP_BYTES: String(keepBytes) },
    })
  );
  assert.equal(r.code, 0, r.stderr);
  await assertNoneLeft(r.seen);
  const row = r.doc.results[0];
  assert.equal(row.status, 'ok', row.error);
  return row;
}

test('a server that keeps 256 KiB per request grows by about what it kept; one that keeps nothing does not', async () => {
  const keep = 256 * 1024;
  // A 1 s load serves about 230 requests here; on a machine busy with other tests it once served
  // 15, too few to tell growth from the allocator's own. Then the load runs again, 5 s long.
  let leaky = await keeperRow(keep);
  if (leaky.report.requests * keep <= 20 * MiB) leaky = await keeperRow(keep, 500);
  const flat = await keeperRow(0);
  for (const row of [leaky, flat]) {
    const m = row.metrics;
    assert.ok(m.rss_idle_bytes.value > 5 * MiB, `idle RSS ${m.rss_idle_bytes.value}`);
    assert.ok(m.rss_load_peak_bytes.value >= m.rss_load_median_bytes.value);
    assert.equal(m.rss_growth_bytes.unit, 'bytes');
    assert.ok(row.report.rss.samples.length >= 8, `${row.report.rss.samples.length} samples`);
    assert.ok(row.report.rss.samples.every(([t, b]) => t >= 0 && b > 0));
    assert.equal('heap_after_gc_bytes' in m, false, 'a server without /__parity/heap has no heap figure');
  }
  // The medians of the first and last quarters sit ~3/4 of the load apart: the leaky server kept
  // about 3/4 of (requests × 256 KiB) between them. Half to the whole of it, allowing for pages
  // the allocator held before and timing at the load's edges.
  const kept = leaky.report.requests * keep;
  const grew = leaky.metrics.rss_growth_bytes.value;
  assert.ok(kept > 20 * MiB, `only ${leaky.report.requests} requests: too few to tell`);
  assert.ok(grew > 0.5 * kept && grew < 1.1 * kept, `grew ${grew / MiB} MiB, kept ${kept / MiB} MiB`);
  assert.ok(leaky.metrics.rss_load_median_bytes.value > leaky.metrics.rss_idle_bytes.value + 0.25 * kept);
  const flatGrew = flat.metrics.rss_growth_bytes.value;
  assert.ok(Math.abs(flatGrew) < 0.2 * kept && Math.abs(flatGrew) < 10 * MiB, `flat server grew ${flatGrew / MiB} MiB`);
});

test('parseResponse: a whole answer by content-length or chunks, null until it is whole', () => {
  const cl = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello');
  assert.equal(parseResponse(cl)?.body.toString(), 'hello');
  assert.equal(parseResponse(cl.subarray(0, cl.length - 1)), null);
  const ch = Buffer.from(
    'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n',
  );
  const r = parseResponse(ch);
  assert.equal(r?.status, 404);
  assert.equal(r?.body.toString(), 'abcde');
  assert.equal(parseResponse(ch.subarray(0, ch.length - 3)), null);
});

/** One idle-connections job of `n` connections on the keeper fixture; its row. */
async function idleRow(n, perConnection) {
  const args = [
    '--suite',
    'http',
    '--quick',
    '--rounds',
    '1',
    '--runtimes',
    'keeper',
    '--workload',
    'idle-connections',
  ];
  const r = /** @type {any} */ (
    await runWatched([...args, '--params', `connections=${n}`, '--warmup-ms', '50'], {
      env: { PARITY_REGISTRY: KEEPER, PARITY_CONNECTION_BYTES: String(perConnection) },
    })
  );
  assert.equal(r.code, 0, r.stderr);
  await assertNoneLeft(r.seen);
  const row = r.doc.results[0];
  assert.equal(row.status, 'ok', row.error);
  return row;
}

test('idle keep-alive connections: a server holding 64 KiB per connection reads about 64 KiB each; one holding none, far less', async () => {
  const held = await idleRow(250, 64 * 1024);
  const bare = await idleRow(250, 0);
  const per = held.metrics.rss_per_connection_bytes.value;
  const bareper = bare.metrics.rss_per_connection_bytes.value;
  assert.ok(per > 0.8 * 64 * 1024 && per < 64 * 1024 + 40 * 1024, `held: ${per} bytes per connection`);
  // A bare connection still costs the runtime's own socket state (24.3 KiB in one fresh-clone run
  // here, over the 24 KiB bound this test had): the test tells 64 KiB held from none, so the bound
  // is half of 64 KiB and half of what the holding server read.
  assert.ok(bareper < Math.min(32 * 1024, per / 2), `bare: ${bareper} bytes per connection (held: ${per})`);
  assert.equal(held.report.connections, 250);
  const m = held.metrics;
  assert.ok(Math.abs(m.rss_connections_bytes.value - m.rss_idle_bytes.value - 250 * per) < 1);
});

test('node, deno and bun servers report their own heap after a full GC, below the RSS the OS reads for them', async () => {
  for (const [id, call] of [
    ['node', 'process.memoryUsage().heapUsed'],
    ['deno', 'Deno.memoryUsage().heapUsed'],
    ['bun', 'heapStats().heapSize'],
  ]) {
    const rt = resolveRuntime(id);
    const portFile = join(mkdtempSync(join(tmpdir(), 'parity-heap-')), 'port');
    const spec = JSON.stringify(serverSpec(rt, SERVED, portFile));
    const child = spawn(rt.bin, [...rt.args, /** @type {string} */ (rt.server), spec], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    try {
      const port = await waitPortFile(portFile, 20_000);
      const pid = /** @type {number} */ (child.pid);
      const heap = await heapAfterGc(port, () => treeRssOf(pid));
      assert.ok(heap, `${id}: no heap figure`);
      assert.ok(heap.source.includes(call), `${id}: ${heap.source}`);
      assert.ok(heap.heap_used_bytes > 256 * 1024, `${id}: heap ${heap.heap_used_bytes}`);
      assert.ok(heap.rss_bytes !== null && heap.heap_used_bytes < heap.rss_bytes, `${id}: heap above RSS`);
    } finally {
      child.kill('SIGKILL');
    }
  }
});

/** VmRSS of one process, bytes. @param {number} pid */
function treeRssOf(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return m ? Number(m[1]) * 1024 : null;
}
