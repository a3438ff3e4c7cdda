// From a job's outcome to its row: the status rules every driver shares.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toRow } from './rows.js';

describe('toRow classifies what a process did', () => {
  const job = {
    runtime: { id: 'node' },
    workload: { suite: 's', name: 'w', module: { unit: 'ops' } },
    params: {},
    round: 1,
  };
  // The limits come from the run's mode through the driver's context; toRow defaults none of them.
  const ctx = { version: null, limits: { timeout_s: 5, mem_cap_bytes: 2 ** 30 }, repro: 'x' };
  const outcome = (o) => ({
    stdout: '',
    stderr: '',
    exit_code: 0,
    signal: null,
    wall_ms: 1,
    cpu_ms: null,
    rss_peak_bytes: 1,
    killed_for: null,
    ...o,
  });
  const ok = JSON.stringify({
    status: 'ok',
    units_per_call: 1,
    median_ns: 5,
    throughput: { value: 2e8, unit: 'ops/s' },
  });

  test('a job that reported ok stays ok even if its stderr mentions memory', () => {
    assert.equal(toRow(job, outcome({ stdout: ok, stderr: 'cache out of memory, retrying' }), ctx).status, 'ok');
  });

  test('a runtime that dies with a heap OOM message is oom', () => {
    const r = toRow(
      job,
      outcome({
        stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        exit_code: null,
        signal: 'SIGABRT',
      }),
      ctx,
    );
    assert.equal(r.status, 'oom');
  });

  test('a process that exits without a result line is a crash naming the signal', () => {
    const r = toRow(job, outcome({ exit_code: null, signal: 'SIGSEGV', stderr: 'boom' }), ctx);
    assert.equal(r.status, 'crash');
    assert.match(r.error, /killed by SIGSEGV before reporting a result: boom/);
  });

  test("a job killed at its limit names the mode's limit, and the row keeps the repro line", () => {
    const timeout = toRow(job, outcome({ killed_for: 'timeout', exit_code: null, signal: 'SIGKILL' }), ctx);
    assert.equal(timeout.status, 'timeout');
    assert.equal(timeout.error, 'no result within 5 s; killed');
    assert.equal(timeout.repro, 'x');
    const oom = toRow(job, outcome({ killed_for: 'oom', rss_peak_bytes: 2 ** 31 }), ctx);
    assert.match(oom.error, /exceeded the memory cap of 1024 MiB \(peak RSS 2048 MiB\)/);
  });

  test('a stopped server: the stop signal is not a crash, an exit code of its own is', () => {
    const err = JSON.stringify({ status: 'error', error: 'request 28: read ECONNRESET', phase: 'warm-up' });
    const stopped = toRow(job, outcome({ stdout: ok, stopped: true, exit_code: null, signal: 'SIGKILL' }), ctx);
    assert.equal(stopped.status, 'ok');
    // It exited with 3 mid-load, and the load client's reset connection was seen before its exit.
    const exited = toRow(job, outcome({ stdout: err, stopped: true, exit_code: 3, signal: null }), ctx);
    assert.equal(exited.status, 'crash');
    assert.match(exited.error, /exited with code 3/);
  });
});
