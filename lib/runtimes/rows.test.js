// From a job's outcome to its row: the status rules every driver shares.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRecord } from '../measure/record.js';
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
    stderr: '',
    exit_code: 0,
    signal: null,
    wall_ms: 1,
    cpu_ms: null,
    rss_peak_bytes: 1,
    killed_for: null,
    ...o,
  });
  const ok = {
    status: 'ok',
    units_per_call: 1,
    median_ns: 5,
    throughput: { value: 2e8, unit: 'ops/s' },
  };

  test('a job that reported ok stays ok even if its stderr mentions memory', () => {
    assert.equal(toRow(job, outcome({ stderr: 'cache out of memory, retrying' }), ok, ctx).status, 'ok');
  });

  test('a runtime that dies with a heap OOM message is oom', () => {
    const r = toRow(
      job,
      outcome({
        stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        exit_code: null,
        signal: 'SIGABRT',
      }),
      null,
      ctx,
    );
    assert.equal(r.status, 'oom');
  });

  test('a process that exits without a result line is a crash naming the signal', () => {
    const r = toRow(job, outcome({ exit_code: null, signal: 'SIGSEGV', stderr: 'boom' }), null, ctx);
    assert.equal(r.status, 'crash');
    assert.match(r.error, /killed by SIGSEGV before reporting a result: boom/);
  });

  test("a job killed at its limit names the mode's limit, and the row keeps the repro line", () => {
    const timeout = toRow(job, outcome({ killed_for: 'timeout', exit_code: null, signal: 'SIGKILL' }), null, ctx);
    assert.equal(timeout.status, 'timeout');
    assert.equal(timeout.error, 'no result within 5 s; killed');
    assert.equal(timeout.repro, 'x');
    const oom = toRow(job, outcome({ killed_for: 'oom', rss_peak_bytes: 2 ** 31 }), null, ctx);
    assert.match(oom.error, /exceeded the memory cap of 1024 MiB \(peak RSS 2048 MiB\)/);
  });

  test('a stopped server: the stop signal is not a crash, an exit code of its own is', () => {
    const err = { status: 'error', error: 'request 28: read ECONNRESET', phase: 'warm-up' };
    const stopped = toRow(job, outcome({ stopped: true, exit_code: null, signal: 'SIGKILL' }), ok, ctx);
    assert.equal(stopped.status, 'ok');
    // It exited with 3 mid-load, and the load client's reset connection was seen before its exit.
    const exited = toRow(job, outcome({ stopped: true, exit_code: 3, signal: null }), err, ctx);
    assert.equal(exited.status, 'crash');
    assert.match(exited.error, /exited with code 3/);
  });

  test("a runner's stdout is its last line: what the workload printed before it is not the record", () => {
    const stdout = `workload chatter\n${JSON.stringify(ok)}\n`;
    assert.equal(toRow(job, outcome({}), parseRecord(stdout), ctx).median_ns, 5);
    assert.equal(parseRecord('not json'), null);
    assert.equal(parseRecord('[1, 2]'), null);
  });

  test('an ok record that the outside overrides keeps no figure; its facts stay', () => {
    const rec = { ...ok, samples_ns: [5], timer: 'hrtime', runtime_version: '1.2.3' };
    const r = toRow(job, outcome({ killed_for: 'timeout', exit_code: null, signal: 'SIGKILL' }), rec, ctx);
    assert.equal(r.status, 'timeout');
    assert.equal(r.median_ns, null);
    assert.deepEqual(r.samples_ns, []);
    assert.equal(r.throughput, null);
    assert.equal(r.timer, 'hrtime');
    assert.equal(r.runtime_version, '1.2.3');
  });

  test("without a record, the runtime's facts come from the driver's probe and the unit from the workload", () => {
    const r = toRow(job, outcome({ exit_code: 1 }), null, { ...ctx, version: { version: '9', engine: 'V8' } });
    assert.equal(r.status, 'crash');
    assert.equal(r.runtime_version, '9');
    assert.equal(r.engine, 'V8');
    assert.equal(r.engine_version, null);
    assert.equal(r.unit, 'ops');
  });

  test('a rate that is not a finite number is no figure', () => {
    const r = toRow(job, outcome({}), { ...ok, throughput: { value: null, unit: 'req/s' } }, ctx);
    assert.equal(r.status, 'ok');
    assert.equal(r.throughput, null);
  });
});
