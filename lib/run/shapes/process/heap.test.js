// The runtime's own heap after a full GC, read by extra starts of the kind's probe: a script that
// keeps 50 MB of arrays reads at least 45 MB, an empty one far less; a kind without a probe, or a
// probe that fails, leaves the figure absent and named, never zero.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { resolveRuntime } from '../../../runtimes/registry.js';
import { HEAP_STARTS, heapArgv, heapMetrics, readHeap } from './heap.js';
import { runProcessJob } from './job.js';
import { STRACE } from './strace.js';

const dir = mkdtempSync(join(tmpdir(), 'parity-heap-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const ctx = { version: null, limits: { timeout_s: 120, mem_cap_bytes: 4 * 2 ** 30 } };
const MB = 1e6;

/** A start-up workload that asks for the heap, running `source` written into the test's folder. */
function heapWorkload(name, source) {
  const script = join(dir, `${name}.mjs`);
  writeFileSync(script, source);
  return { name, unit: 'starts', heap: true, command: () => ({ script }), verify: () => {} };
}

// 50 arrays of 131,072 doubles (8 bytes each, in the JS heap: a typed array's bytes would be outside it), kept.
const KEEP_50MB = 'globalThis.kept = Array.from({ length: 50 }, () => new Array(131072).fill(1.5));\n';

async function heapOf(rtId, module, round = 1) {
  const j = {
    runtime: resolveRuntime(rtId),
    workload: { suite: 't', name: module.name, module },
    params: {},
    round,
  };
  const row = /** @type {any} */ (await runProcessJob(j, { starts: 2, inputs_dir: dir }, ctx));
  assert.equal(row.status, 'ok', row.error);
  return row;
}

describe('heap after GC, the runtime’s own figure', () => {
  for (const rtId of ['node', 'deno', 'bun']) {
    const rt = resolveRuntime(rtId);
    test(`${rtId}: a script that keeps 50 MB of arrays reads ≥ 45 MB; an empty one under a fifth of that`, {
      skip: rt.missing ?? false,
    }, async () => {
      const big = await heapOf(rtId, heapWorkload(`big-${rtId}`, KEEP_50MB));
      const empty = await heapOf(rtId, heapWorkload(`empty-${rtId}`, ''));
      const b = big.metrics.heap_after_gc_bytes;
      const e = empty.metrics.heap_after_gc_bytes;
      assert.ok(b.value >= 45 * MB, `kept 50 MB, read ${b.value / MB} MB`);
      assert.ok(e.value > 0 && b.value / e.value > 5, `empty ${e.value / MB} MB against ${b.value / MB} MB`);
      assert.match(b.label, /^heap after GC, the runtime's own figure/);
      assert.match(b.source, /after .*gc/i);
      // Never in the timed starts: their figure is the bare script's, not the probe's.
      assert.equal(big.samples_total, 2);
      assert.equal(big.report.heap, undefined);
    });
  }

  test('a workload that does not ask reads no heap, and runs no extra start for it', async () => {
    const m = { ...heapWorkload('plain', ''), heap: undefined };
    const row = await heapOf('node', m);
    assert.equal(row.metrics.heap_after_gc_bytes, undefined);
    assert.ok(!row.unmeasured?.includes('heap_after_gc_bytes'));
  });

  test('the extra starts (heap probe, strace) run in a row’s first round only: later rounds start the script just the timed times', async () => {
    // The script counts its own starts in a file: a workload of known cost, not the job's bookkeeping.
    const count = (/** @type {string} */ name) => {
      const file = join(dir, `${name}.count`);
      writeFileSync(file, '');
      const src = `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(file)}, 'x');\n`;
      return { module: heapWorkload(name, src), starts: () => readFileSync(file, 'utf8').length };
    };
    const first = count('first-round');
    const r1 = await heapOf('node', first.module, 1);
    const traced = existsSync(STRACE) ? 2 : 0;
    // 2 warm-up + 2 timed + strace's + the heap probe's.
    assert.equal(first.starts(), 2 + 2 + traced + HEAP_STARTS);
    assert.ok(r1.metrics.heap_after_gc_bytes.value > 0);
    const later = count('second-round');
    const r2 = await heapOf('node', later.module, 2);
    assert.equal(later.starts(), 2 + 2);
    assert.equal(r2.metrics.heap_after_gc_bytes, undefined);
    assert.equal(r2.metrics.syscalls, undefined);
    const named = r2.unmeasured ?? [];
    assert.ok(!named.includes('heap_after_gc_bytes') && !named.includes('syscalls'), named.join(' '));
    assert.match(r2.report.extra_starts, /first round only/);
  });

  test('a kind without a probe: absent, named, and the kind’s reason kept (workerd’s says why it has none)', async () => {
    const wd = resolveRuntime('workerd');
    assert.equal(wd.heap.file, null);
    assert.match(wd.heap.unsupported ?? '', /no heap figure/);
    const calls = [];
    const got = await heapMetrics(wd, '/x.mjs', dir, async (argv) => {
      calls.push(argv);
      return true;
    });
    assert.deepEqual(got?.unmeasured, ['heap_after_gc_bytes']);
    assert.match(got?.why ?? '', /^unsupported: a worker has no heap figure/);
    assert.deepEqual(calls, [], 'nothing was started');
  });

  test('a probe start that fails or writes nothing: absent and named with which start, not zero', async () => {
    const node = resolveRuntime('node');
    const failed = await heapMetrics(node, '/x.mjs', dir, async () => false);
    assert.deepEqual(failed?.unmeasured, ['heap_after_gc_bytes']);
    assert.match(failed?.why ?? '', /^heap start 1 of \d+ .* failed$/);
    const silent = await heapMetrics(node, '/x.mjs', join(dir, 'nowhere'), async () => true);
    assert.match(silent?.why ?? '', /wrote no heap figure$/);
    // An interrupt during the second start (the first wrote its figure) ends the job: null, no figure.
    writeFileSync(join(dir, '.parity-heap-1.json'), '{"heap_used_bytes": 5, "source": "x"}');
    let n = 0;
    assert.equal(await heapMetrics(node, '/x.mjs', dir, async () => (++n === 2 ? null : true)), null);
    assert.equal(n, 2);
  });

  test('the probe runs with the bench runner’s GC flag, and a file without a positive figure reads as none', () => {
    const [bin, args] = /** @type {[string, string[]]} */ (heapArgv(resolveRuntime('node'), '/s.mjs', '/o.json'));
    assert.equal(bin, resolveRuntime('node').bin);
    assert.ok(args.includes('--expose-gc') && args.at(-2) === '/s.mjs' && args.at(-1) === '/o.json', args.join(' '));
    assert.ok(heapArgv(resolveRuntime('deno'), '/s.mjs', '/o.json')?.[1].includes('--v8-flags=--expose-gc'));
    const f = join(dir, 'h.json');
    for (const bad of ['{"heap_used_bytes": 0, "source": "x"}', '{"heap_used_bytes": 5}', 'not json']) {
      writeFileSync(f, bad);
      assert.equal(readHeap(f), null, bad);
    }
    writeFileSync(f, '{"heap_used_bytes": 5, "source": "x"}');
    assert.deepEqual(readHeap(f), { heap_used_bytes: 5, source: 'x' });
  });
});
