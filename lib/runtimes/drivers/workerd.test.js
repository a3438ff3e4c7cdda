// workerd jobs end to end: a generated config per job, served on 127.0.0.1, timed from outside.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runToResults } from '../../../test/cli.js';
import { ROOT } from '../../paths.js';
import { moduleClosure } from './workerd.js';

// Test files run side by side (make unit), and other runs start workerd too: this file's
// workerd processes are told apart by a tag in the environment they inherit.
const TAG = `PARITY_TEST_TAG=workerd-${process.pid}`;

/** Run the orchestrator on workerd and return the results document. */
const run = (args) =>
  runToResults(['--runtimes', 'workerd', ...args], { timeout: 180_000, env: { PARITY_TEST_TAG: TAG.split('=')[1] } });

/** This file's workerd processes alive now (zombies excluded). */
function workerdProcesses() {
  const ps = spawnSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' }).stdout;
  return ps
    .split('\n')
    .filter((l) => /workerd serve/.test(l) && !/^\s*\d+\s+Z/.test(l))
    .filter((l) => {
      try {
        return readFileSync(`/proc/${l.trim().split(/\s+/)[0]}/environ`, 'utf8')
          .split('\0')
          .includes(TAG);
      } catch {
        return false; // gone since ps listed it
      }
    });
}

test('a workload and every module it imports are embedded by project-relative name', () => {
  const mods = moduleClosure(join(ROOT, 'suites', 'math', 'exp.js'));
  assert.equal(mods[0], 'suites/math/exp.js');
  for (const m of ['suites/math/_inputs.js', 'lib/measure/stats/prng.js', 'suites/math/_reference.json'])
    assert.ok(mods.includes(m), m);
});

describe('workerd jobs', () => {
  /** @type {any} */
  let math;
  /** @type {any} */
  let faults;
  /** @type {any} */
  let tiny;
  before(() => {
    math = run([
      '--suite',
      'math',
      '--workload',
      'sqrt-sin-loop',
      '--quick',
      '--rounds',
      '1',
      '--min-ms',
      '100',
      '--warmup-ms',
      '20',
    ]);
    tiny = run([
      '--suites-dir',
      'test/fixtures/suites',
      '--suite',
      'tiny',
      '--rounds',
      '1',
      '--min-ms',
      '50',
      '--warmup-ms',
      '20',
    ]);
    faults = run([
      '--suites-dir',
      'test/fixtures/suites',
      '--suite',
      'faults',
      '--workload',
      'throws,hangs,unsupported',
      '--rounds',
      '1',
      '--timeout',
      '5',
    ]);
  });

  test('sqrt-sin-loop is verified inside workerd and timed from outside, with the clock named', () => {
    const row = math.results[0];
    assert.equal(row.status, 'ok', row.error);
    assert.ok(row.median_ns > 1e6, `${row.median_ns} ns per call of 5M iterations`);
    assert.match(row.timer, /^outside: wall time of HTTP requests of \d+ calls minus the empty-request median/);
    assert.ok(row.cpu_ms.user > 0, 'CPU of the workerd process from outside');
    assert.ok(row.rss_peak_bytes > 10e6);
    assert.match(math.runtimes[0].version, /^\d{4}-\d\d-\d\d$/);
    assert.match(math.runtimes[0].compatibility_date, /^\d{4}-\d\d-\d\d$/);
  });

  test("the workerd process tree's CPU is read around the timed requests", () => {
    const row = math.results[0];
    const c = row.cpu_window;
    assert.ok(c, `no cpu_window (unmeasured: ${row.unmeasured})`);
    assert.equal(c.source, '/proc/<pid>/task/<tid>/schedstat');
    assert.ok(c.calls >= row.samples_total, JSON.stringify(c));
    // One workerd thread computes, on a core or waiting for one: (CPU + run-queue wait) ÷ wall
    // is about one whatever else the machine runs; the parent alone (GNU time) would read ~0.
    const demand = (c.cpu_ms + c.wait_ms) / c.wall_ms;
    assert.ok(demand > 0.7 && demand < 1.6, `${demand} (${JSON.stringify(c)})`);
  });

  test('the no-op floor follows the one rule (lib/measure/record.js): measured under 100 µs a call only', () => {
    const long = math.results[0];
    assert.ok(long.median_ns >= 100e3, `${long.median_ns} ns`);
    assert.equal(long.noop_ns, null);
    assert.equal(long.suspect, null);
    const short = tiny.results[0];
    assert.equal(short.status, 'ok', short.error);
    assert.ok(short.median_ns < 100e3, `${short.median_ns} ns`);
    assert.ok(Number.isFinite(short.noop_ns), `no-op ${short.noop_ns} ns`);
    assert.equal(short.suspect !== null, short.median_ns < short.noop_ns * 1.5, short.suspect ?? 'not suspect');
  });

  test('a throwing workload is an error, a hanging one a timeout, a missing API unsupported; no workerd left', () => {
    const status = Object.fromEntries(faults.results.map((r) => [r.workload, r.status]));
    assert.deepEqual(status, { throws: 'error', hangs: 'timeout', unsupported: 'unsupported' });
    assert.deepEqual(workerdProcesses(), []);
  });
});
