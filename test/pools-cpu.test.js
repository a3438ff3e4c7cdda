// Child processes' CPU counts in the CPU window: cpu-math on a pool of child
// processes reads the same CPU per op as in one thread, and the same utilisation as on a pool of
// worker threads. Before children were read, the window saw the parent alone (utilisation ~0.05).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { runToResults } from './cli.js';

describe('child processes in the CPU window', () => {
  /** @type {Record<string, any>} */
  const by = {};
  before(() => {
    const args = ['--runtimes', 'node', '--suite', 'workers-pools', '--workload', 'cpu-math', '--quick'];
    const doc = runToResults([...args, '--rounds', '1', '--min-ms', '300', '--warmup-ms', '1']);
    for (const row of doc.results) by[row.params.strategy] = row;
  });
  const figures = (strategy) => {
    const row = by[strategy];
    assert.equal(row?.status, 'ok', row?.error);
    const c = row.cpu_window;
    return {
      perOp: c.cpu_ms / (c.calls * row.units_per_call),
      util: c.cpu_ms / c.wall_ms,
      demand: (c.cpu_ms + c.wait_ms) / c.wall_ms,
      c,
    };
  };
  test('child-process reads the CPU per op of worker threads and of a single thread', () => {
    const cp = figures('child-process');
    const wt = figures('worker-threads');
    const single = figures('single');
    // Against worker threads within 20%: both keep the two cores busy, so they run alike. Against
    // one thread the bound is wider: this VM's two vCPUs share a host core's pipelines, and a
    // single thread runs faster per instruction while the other vCPU idles than while make test's
    // other files keep it busy (single read 55 ns/op quiet and 69 ns/op under that load, child
    // processes 59 and 54; the kept run's figures are in docs/workers-pools.md). Without the
    // children's CPU child processes read ~30× less than either.
    assert.ok(Math.abs(cp.perOp / wt.perOp - 1) < 0.2, `${cp.perOp} vs worker threads' ${wt.perOp} ms/op`);
    assert.ok(Math.abs(cp.perOp / single.perOp - 1) < 0.35, `${cp.perOp} vs single's ${single.perOp} ms/op`);
  });
  test('child-process reads a utilisation close to worker-threads, both wanting two cores', () => {
    const cp = figures('child-process');
    const wt = figures('worker-threads');
    // (CPU + run-queue wait) ÷ wall: what the job's threads asked for, whatever the machine gave.
    // make test runs test files side by side, so the CPU each job got depends on its neighbours:
    // the comparison is on demand, which holds under load (utilisation itself, ≈ 2 for both on an
    // idle machine, is in the kept run: docs/workers-pools.md).
    assert.ok(cp.demand / wt.demand > 0.75 && cp.demand / wt.demand < 1.33, `${cp.demand} vs ${wt.demand}`);
    assert.ok(cp.demand > 1.5 && wt.demand > 1.5, `${cp.demand}, ${wt.demand} (${JSON.stringify(cp.c)})`);
    // Without the children, the window saw the parent alone: utilisation ~0.05 against the threads' ~2.
    assert.ok(cp.util / wt.util > 0.3, `${cp.util} vs ${wt.util}`);
  });
});
