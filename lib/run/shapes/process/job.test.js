// The process job shape: many whole processes per job, timed spawn → exit from outside.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { unexpectedUnsupported } from '../../../conformance/unsupported.js';
import { validateWorkload } from '../../../measure/workload.js';
import { ROOT, UsageError } from '../../../paths.js';
import { descendantsOf } from '../../../runtimes/descendants.js';
import { resolveRuntime } from '../../../runtimes/registry.js';
import { modeOf } from '../../plan/request.js';
import { runProcessJob } from './job.js';
import { startFigures } from './record.js';
import { STRACE } from './strace.js';

const dir = mkdtempSync(join(tmpdir(), 'parity-process-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const ctx = { version: null, limits: { timeout_s: 60, mem_cap_bytes: 4 * 2 ** 30 } };
const node = resolveRuntime('node');

/** A workload that runs one script written into the test's folder. */
function scriptWorkload(name, source, verify = () => {}) {
  const script = join(dir, `${name}.mjs`);
  writeFileSync(script, source);
  return { name, unit: 'starts', command: () => ({ script }), verify };
}

/**
 * One process job of `module` on `rt` (a row: null only for an interrupted job, which none is here).
 * @returns {Promise<any>}
 */
async function job(module, { rt = node, starts = 5, params = {}, limits = ctx.limits } = {}) {
  const j = { runtime: rt, workload: { suite: 't', name: module.name, module }, params, round: 1 };
  const row = await runProcessJob(j, { starts, inputs_dir: dir }, { ...ctx, limits });
  assert.ok(row, 'a job that was not interrupted has a row');
  return row;
}

const metric = (row, id) => row.metrics?.[id]?.value;

describe('a process job of a known cost reads that cost', () => {
  test('a start that burns 200 ms of CPU reads at least that in wall and CPU; one that sleeps 200 ms, the wall only', async () => {
    const empty = await job(scriptWorkload('empty', ''));
    // CPU, not wall, decides when the burn ends: on a busy machine it still uses 200 ms of CPU.
    const burn = await job(scriptWorkload('burn', 'while (process.cpuUsage().user < 200_000) {}\n'));
    const sleep = await job(scriptWorkload('sleep', 'await new Promise((r) => setTimeout(r, 200));\n'));
    for (const r of [empty, burn, sleep]) assert.equal(r.status, 'ok', r.error);
    for (const r of [burn, sleep]) {
      assert.ok(r.median_ns / 1e6 >= 200, `${r.workload}: ${r.median_ns / 1e6} ms`);
      assert.equal(r.samples_total, 5);
      assert.ok(r.ci95_ns[0] <= r.median_ns && r.median_ns <= r.ci95_ns[1]);
    }
    // The sleep waits, whatever the load: not far above the runtime's own start plus 200 ms. A
    // clock that also counted the pipes' close or the orchestrator's work after the exit would read more.
    const base = empty.median_ns / 1e6;
    const slept = sleep.median_ns / 1e6;
    assert.ok(slept < 200 + base + Math.max(150, base), `sleep: ${slept} ms with an empty start of ${base} ms`);
    // CPU from the reaped processes, not from the wall: the burn has its 200 ms, the sleep far less.
    assert.ok(metric(burn, 'cpu_per_start_ms') >= 195, `burn CPU ${metric(burn, 'cpu_per_start_ms')} ms`);
    assert.ok(metric(sleep, 'cpu_per_start_ms') < 150, `sleep CPU ${metric(sleep, 'cpu_per_start_ms')} ms`);
    assert.ok(metric(empty, 'rss_per_start_bytes') > 10 * 2 ** 20, 'node holds more than 10 MiB once started');
    assert.ok(metric(empty, 'minor_faults') > 0);
    // strace counts one extra start's calls; without strace the figure is absent and named.
    if (existsSync(STRACE)) {
      assert.ok(metric(empty, 'syscalls') > 50, `syscalls ${metric(empty, 'syscalls')}`);
      // node's start runs helper threads: more than the main thread alive at once, some at exit.
      // Absent only when named: a log that missed the task starts (strace.js tracedMetrics).
      if (metric(empty, 'tasks_peak') === undefined) assert.ok(empty.unmeasured.includes('tasks_peak'));
      else {
        assert.ok(metric(empty, 'tasks_peak') > 1 && metric(empty, 'tasks_at_exit') >= 1);
        assert.ok(metric(empty, 'tasks_peak') >= metric(empty, 'tasks_at_exit'));
      }
    } else assert.ok(empty.unmeasured.includes('syscalls'));
    assert.ok(empty.report.binary.bytes > 10 * 2 ** 20, 'the node binary is larger than 10 MiB');
    // Five starts cannot hold a p90 (10 / (1 − 0.9) = 100 needed): none is printed.
    assert.equal(metric(empty, 'wall_p90_ms'), undefined);
  });
});

describe('a start that fails makes the row fail, never a fast result', () => {
  test('a partial module graph is an error naming how many modules ran; the whole graph is ok', async () => {
    const { default: esm } = await import('../../../../suites/startup/esm-graph.js');
    const { default: cjs } = await import('../../../../suites/startup/cjs-graph.js');
    const { moduleSource } = await import('../../../../suites/startup/_graph.js');
    /** @type {[any, string][]} */
    const graphs = [
      [esm, 'mjs'],
      [cjs, 'cjs'],
    ];
    for (const [w, ext] of graphs) {
      validateWorkload(w, `startup/${w.name}`);
      const whole = await job(w, { params: { modules: 40 }, starts: 2 });
      assert.equal(whole.status, 'ok', whole.error);
      // The graph is made once per run: break the one this run made, as a loader that skipped a module would.
      const last = join(dir, `startup-graph-${ext === 'mjs' ? 'esm' : 'cjs'}-40`, `m39.${ext}`);
      writeFileSync(last, moduleSource(39, 40, ext === 'mjs' ? 'esm' : 'cjs').replace(/^globalThis.*$/m, ''));
      const partial = await job(w, { params: { modules: 40 }, starts: 2 });
      assert.equal(partial.status, 'error');
      assert.match(partial.error, /warm-up start 1 exited with code 1: .*ran 39 of 40 modules/);
      assert.equal(partial.median_ns, null);
    }
  });

  test('wrong output is an error with what was printed', async () => {
    const r = await job(scriptWorkload('quiet', '', (out) => assert.equal(out.trim(), 'hello')));
    assert.equal(r.status, 'error');
    assert.match(r.error, /warm-up start 1: wrong output/);
  });

  test("a failure the runtime's kind lists is unsupported with the kind's reason; any other exit is an error", async () => {
    const w = scriptWorkload('throws', "throw new Error('no such feature: teleport');\n");
    const rt = {
      ...node,
      script: { ...node.script, when: [{ stderr: 'no such feature', reason: 'cannot teleport' }] },
    };
    const known = await job(w, { rt });
    assert.equal(known.status, 'unsupported');
    assert.equal(known.error, 'cannot teleport');
    const other = await job(w);
    assert.equal(other.status, 'error');
    assert.match(other.error, /exited with code 1: .*no such feature: teleport/);
  });

  test('a start killed by a signal is a crash; one that never exits is a timeout at the limit', async () => {
    const killed = await job(scriptWorkload('kill', "process.kill(process.pid, 'SIGKILL');\n"));
    assert.equal(killed.status, 'crash');
    assert.match(killed.error, /killed by signal 9/);
    const hang = scriptWorkload('hang', 'setInterval(() => {}, 1000);\n');
    const t0 = performance.now();
    const slow = await job(hang, { limits: { ...ctx.limits, timeout_s: 1 } });
    assert.equal(slow.status, 'timeout');
    assert.ok(performance.now() - t0 < 5000, 'the hung start was killed at the limit');
    // The start shares parity's process group (no group of its own), so its kill walks /proc: none may survive it.
    const script = join(dir, 'hang.mjs');
    const left = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(script);
        } catch {
          return false;
        }
      });
    assert.deepEqual(left, [], 'no process of the hung start is left');
  });

  test('a runtime that runs no script as a process (workerd) is unsupported with its reason', async () => {
    const r = await job(scriptWorkload('empty2', ''), { rt: resolveRuntime('workerd') });
    assert.equal(r.status, 'unsupported');
    assert.match(r.error, /^workerd runs no script as a process of its own/);
  });
});

describe('a start-up job of a server: spawn to its first 200', () => {
  test("node's HTTP server, started and killed per start: the spawn → first 200 median and RSS there; nothing left running", async () => {
    const file = join(ROOT, 'suites/startup/http-first-200.js');
    const { default: module } = await import('../../../../suites/startup/http-first-200.js');
    const driver = (await import('../../../runtimes/drivers/index.js')).driverFor(node);
    const j = { runtime: node, workload: { suite: 'startup', name: module.name, module, file }, params: {}, round: 1 };
    const row = /** @type {any} */ (await runProcessJob(j, { starts: 3, inputs_dir: dir }, ctx, driver));
    assert.equal(row.status, 'ok', row.error);
    assert.equal(row.samples_total, 3);
    assert.ok(metric(row, 'first_200_median_ms') > 1, 'a server takes more than 1 ms to answer');
    assert.equal(metric(row, 'wall_median_ms'), undefined, 'not a spawn → exit figure');
    assert.ok(metric(row, 'rss_first_200_bytes') > 10 * 2 ** 20);
    assert.ok(row.unmeasured.includes('syscalls'));
    // The server's own heap after GC, read after the 200 in the first round; none later.
    const heap = row.metrics.heap_after_gc_bytes;
    assert.ok(heap.value > 1e6 && heap.value < row.metrics.rss_first_200_bytes.value, String(heap.value));
    assert.match(heap.source, /process\.memoryUsage/);
    const later = /** @type {any} */ (
      await runProcessJob({ ...j, round: 2 }, { starts: 3, inputs_dir: dir }, ctx, driver)
    );
    assert.equal(later.status, 'ok', later.error);
    assert.equal(later.metrics.heap_after_gc_bytes, undefined);
    assert.deepEqual(descendantsOf(process.pid), [], 'every server was killed');
  });
});

test('p90 from 100 starts in a job, p99 from 1,000 (STARTS=1000): never from fewer', async () => {
  const starts = (n) => Array.from({ length: n }, (_, i) => ({ wall_ns: (i + 1) * 1e6, timed: null }));
  const at = async (n) => /** @type {any} */ (await startFigures(starts(n), null, 'launcher')).inner.metrics;
  assert.equal((await at(99)).wall_p90_ms, undefined);
  assert.ok((await at(100)).wall_p90_ms);
  assert.equal((await at(999)).wall_p99_ms, undefined);
  assert.ok(Math.abs((await at(1000)).wall_p99_ms.value - 990) < 1.5);
});

test("STARTS (--starts) sets a start-up job's starts over the mode's; anything but a positive whole number is a usage error", () => {
  assert.equal(modeOf({ quick: true }).starts, 5);
  assert.equal(modeOf({ starts: '1000' }).starts, 1000);
  for (const bad of ['0', '2.5', 'many'])
    assert.throws(
      () => modeOf({ starts: bad }),
      (e) => e instanceof UsageError && /--starts/.test(e.message),
    );
});

test('startup/second-isolate: every kind’s row is unsupported with its kind.json reason, each listed in conformance/unsupported.json', async () => {
  const module = (await import('../../../../suites/startup/second-isolate.js')).default;
  const rows = [];
  for (const id of ['node', 'deno', 'bun', 'workerd']) {
    const j = {
      runtime: resolveRuntime(id),
      workload: { suite: 'startup', name: module.name, module },
      params: {},
      round: 1,
    };
    const row = /** @type {any} */ (await runProcessJob(j, { starts: 1, inputs_dir: dir }, ctx));
    assert.equal(row.status, 'unsupported', id);
    assert.equal(row.error, resolveRuntime(id).secondIsolate);
    rows.push(row);
  }
  assert.match(rows[3].error, /^workerd runs the top level of every worker its config names at process start/);
  assert.deepEqual(unexpectedUnsupported(rows), [], 'every reason is expected');
  // An entry that was removed would make the same rows unexpected: the check can fail.
  assert.equal(unexpectedUnsupported(rows, []).length, 4);
});

test('a process workload’s heap must be true or false', () => {
  const w = { name: 'h', unit: 'starts', command: () => ({}), verify() {}, heap: 'yes' };
  assert.throws(() => validateWorkload(w, 'startup/h'), /heap must be true or false.*got "yes"/);
});
