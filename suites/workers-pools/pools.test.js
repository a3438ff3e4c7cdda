import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { describe, test } from 'node:test';
import { validateWorkload } from '../../lib/measure/workload.js';
import { ROOT } from '../../lib/paths.js';
import { descendantsOf } from '../../lib/runtimes/descendants.js';
import { assertNoneLeft, commandHas, gone, runWatched } from '../../test/processes.js';
import { encodeFrame, frameReader } from './_frame.js';
import { generateModule } from './_module.js';
import { createPool, MAX_SIZE, poolSize, TASKS } from './_pool.js';
import { CHAIN_DIGESTS, filledBuffer, lastByte, MATH_N, MATH_SUM, mathSlice, sha512Chain } from './_tasks.js';
import coldStart from './cold-start.js';
import cpuCrypto from './cpu-crypto.js';
import cpuMath from './cpu-math.js';
import rpc from './rpc-roundtrip.js';
import transferable from './transferable.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const self = { bin: process.execPath, args: [] };
const ctx = { self, cores: 2 };

test('every workers-pools workload is valid', () => {
  for (const w of [cpuMath, cpuCrypto, transferable, rpc, coldStart]) validateWorkload(w, `workers-pools/${w.name}`);
});

test('frames survive any chunking of the pipe, binary parts included', () => {
  const bin = new Uint8Array([1, 2, 3, 250]);
  const bytes = new Uint8Array([
    ...encodeFrame({ id: 1, s: 'héllo' }),
    ...encodeFrame({ id: 2 }, bin),
    ...encodeFrame({ id: 3, big: 'x'.repeat(70_000) }),
  ]);
  for (const size of [1, 7, 4096, bytes.length]) {
    const got = [];
    const read = frameReader((h, b) => got.push([h, b ? [...new Uint8Array(b)] : null]));
    for (let i = 0; i < bytes.length; i += size) read(bytes.subarray(i, i + size));
    assert.deepEqual(
      got.map(([h, b]) => [h.id, b]),
      [
        [1, null],
        [2, [1, 2, 3, 250]],
        [3, null],
      ],
    );
    assert.equal(got[0][0].s, 'héllo');
    assert.equal(got[2][0].big.length, 70_000);
  }
});

test('the tasks give the known answers: chain digests, the slices sum, a filled buffer', async () => {
  for (const n of [2000, 20000]) assert.equal(await sha512Chain(n), CHAIN_DIGESTS[n]);
  let sum = 0;
  for (let t = 0; t < TASKS; t++)
    sum += mathSlice(Math.floor((MATH_N * t) / TASKS), Math.floor((MATH_N * (t + 1)) / TASKS));
  assert.ok(Math.abs(sum - MATH_SUM) < 1e-9 * MATH_SUM, `sum ${sum}`);
  const buf = filledBuffer(1000);
  assert.equal(new Uint8Array(buf)[999], lastByte(1000));
  assert.equal(new Uint8Array(buf)[0], 0xab);
});

test('a generated module is about the size asked for and answers what the generator expects', async () => {
  const { text, expected } = generateModule(10, 'n1', 12_345);
  assert.ok(text.length > 9000 && text.length < 11_000, `${text.length} bytes`);
  const mod = await import(`data:text/javascript,${encodeURIComponent(text)}`);
  assert.equal(mod.answer(12_345), expected);
});

test('a pool size of 0, negative, fractional or above the limit is a one-line error naming the valid range', () => {
  assert.equal(poolSize('cores', 6), 6);
  assert.equal(poolSize('3', 6), 3);
  for (const bad of ['0', '-1', '1.5', String(MAX_SIZE + 1), 'many']) {
    assert.throws(
      () => poolSize(bad, 2),
      new RegExp(`^Error: Invalid pool size "${bad}": valid sizes are 1 to ${MAX_SIZE} or "cores"$`),
    );
  }
});

test('make run with PARAMS=size=0 stops before any job with that one line and exit code 2', () => {
  const r = spawnSync(
    NODE,
    [
      'lib/run/cli.js',
      'run',
      '--runtimes',
      'node',
      '--suite',
      'workers-pools',
      '--workload',
      'cpu-math',
      '--params',
      'size=0',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /workers-pools\/cpu-math: Invalid pool size "0": valid sizes are 1 to 64 or "cores"/);
  assert.doesNotMatch(r.stderr, /jobs \(/);
});

for (const strategy of ['worker-threads', 'child-process']) {
  describe(`a ${strategy} pool`, () => {
    test('reports a task that throws, and the same hosts go on working', async () => {
      const pool = await createPool(strategy, 2, ctx);
      try {
        await assert.rejects(
          pool.run('throw', { message: 'boom' }),
          new RegExp(`task throw failed in ${strategy}: Error: boom`),
        );
        assert.equal(await pool.run('math', { from: 0, to: 10 }), mathSlice(0, 10));
        assert.deepEqual(pool.events, { deaths: 0, replaced: 0, task_errors: 1 });
      } finally {
        pool.close();
      }
    });

    test('replaces a host that dies; the task it held fails, the next ones finish', async () => {
      const pool = await createPool(strategy, 2, ctx);
      try {
        await assert.rejects(pool.run('die'), new RegExp(`${strategy} host died`));
        const sums = await Promise.all([1, 2, 3, 4].map((k) => pool.run('math', { from: 0, to: k })));
        assert.deepEqual(
          sums,
          [1, 2, 3, 4].map((k) => mathSlice(0, k)),
        );
        assert.equal(pool.events.deaths, 1);
        assert.equal(pool.events.replaced, 1);
      } finally {
        pool.close();
      }
    });
  });
}

test('a closed child-process pool leaves no child behind', async () => {
  const before = new Set(descendantsOf(process.pid));
  const pool = await createPool('child-process', 3, ctx);
  const started = descendantsOf(process.pid).filter((p) => !before.has(p));
  assert.equal(started.length, 3);
  pool.close();
  await waitFor(() => started.every(gone), 5000);
  for (const p of started) assert.ok(gone(p), `child ${p} is still alive`);
});

async function waitFor(pred, ms) {
  const until = Date.now() + ms;
  while (!pred() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/** The CLI on the hanging pool fixture, one round. */
const runHanging = (extra, interrupt) =>
  runWatched(
    ['--runtimes', 'node', '--suites-dir', 'test/fixtures/suites', '--suite', 'pool-hang', '--rounds', '1', ...extra],
    {
      interrupt: interrupt && ((pids) => interrupt(pids.filter((p) => commandHas(p, '_child.js')))),
    },
  );

test('a job whose pool hangs ends at its timeout, and every child it started is gone', async () => {
  const r = /** @type {any} */ (await runHanging(['--timeout', '4'], null));
  assert.equal(r.code, 0, r.stderr);
  const row = r.doc.results[0];
  assert.equal(row.status, 'timeout', row.error);
  assert.ok(r.seen.length >= 3, `saw ${r.seen.length} processes below the run`);
  await assertNoneLeft(r.seen);
});

test('Ctrl-C during a pooled job leaves no process of the run', async () => {
  const r = /** @type {any} */ (await runHanging(['--timeout', '60'], (pools) => pools.length >= 2));
  assert.equal(r.code, 130, r.stderr);
  await assertNoneLeft(r.seen);
});

// node has no web Worker: the same fault scenarios run under deno and bun, for web Workers and
// their worker_threads, through _faults-probe.js.
/** @type {Record<string, (script: string) => [string, string[]]>} */
const OTHERS = {
  deno: (script) => [join(ROOT, 'node_modules', '.bin', 'deno'), ['eval', script]],
  bun: (script) => [join(ROOT, 'node_modules', '.bin', 'bun'), ['-e', script]],
};
for (const [kind, command] of Object.entries(OTHERS)) {
  for (const strategy of ['web-worker', 'worker-threads']) {
    test(`under ${kind}, a ${strategy} pool reports a throwing task and replaces a dead host`, () => {
      const url = new URL('./_faults-probe.js', import.meta.url).href;
      const script = `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify(await m.probe(${JSON.stringify(strategy)})));`;
      const [bin, args] = command(script);
      const r = spawnSync(bin, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 0, r.stderr.slice(-1000));
      const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '');
      assert.equal(out.thrown, `task throw failed in ${strategy}: Error: boom`);
      assert.equal(out.after_throw, out.expected.after_throw);
      assert.match(
        out.died,
        new RegExp(`^${strategy} host died \\(uncaught .*worker died on purpose.*\\) while running task die$`),
      );
      assert.deepEqual(out.after_death, out.expected.after_death);
      assert.deepEqual(out.events, { deaths: 1, replaced: 1, task_errors: 1 });
    });
  }
}

test("close() settles only once every child process is reaped, so its CPU is in the parent's", async () => {
  const pool = await createPool('child-process', 2, ctx);
  assert.equal(await pool.run('math', { from: 0, to: 1000 }), mathSlice(0, 1000));
  assert.equal(descendantsOf(process.pid).length, 2);
  await pool.close();
  // No child left, not even a zombie: each was waited for, so its rusage joined ours.
  assert.deepEqual(descendantsOf(process.pid), []);
});
