// The per-module table of Node test files: at most 120 columns for five runtimes, skips apart from
// passes, node-relative shares against node@25.8.1, and an unsupported runtime named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exitZeroLine, MAX_WIDTH, nodeTestReport } from './node-test.js';

test('the module table fits 120 columns for five runtimes and keeps skips apart from passes', () => {
  const ids = ['node@25.8.1', 'node', 'deno', 'bun', 'workerd'];
  const rows = [];
  for (let i = 0; i < 400; i++) {
    for (const id of ids.slice(0, 4)) {
      const outcome = i % 10 === 0 ? 'skip' : (i + id.length) % 7 === 0 ? 'fail' : 'pass';
      rows.push({
        runtime: id,
        file: `parallel/test-fs-${i}.js`,
        module: i < 300 ? 'fs' : 'child_process',
        outcome,
        status: outcome,
      });
    }
  }
  const text = nodeTestReport(rows, { runtimes: ids, unsupported: { workerd: 'no adapter' } });
  for (const line of text.split('\n').slice(0, 5)) assert.ok(line.length <= MAX_WIDTH, line);
  assert.match(text, /fs \(300 files\): node@25\.8\.1 passes \d+ of 270 \(30 skipped\); node \d+ \(\d+%\) of 270/);
  assert.match(text, /workerd unsupported/);
});

test("files a runtime cannot run, or that are excluded as the test's side, do not lower its node-relative share", () => {
  const rows = [
    { runtime: 'node@25.8.1', file: 'a', module: 'fs', outcome: 'pass', status: 'pass' },
    { runtime: 'node@25.8.1', file: 'b', module: 'fs', outcome: 'pass', status: 'pass' },
    { runtime: 'x', file: 'a', module: 'fs', outcome: 'pass', status: 'pass' },
    { runtime: 'x', file: 'b', module: 'fs', outcome: 'fail', status: 'expected-fail', kind: 'outdated-test' },
  ];
  assert.match(nodeTestReport(rows), /fs \(2 files\): node@25\.8\.1 passes 2 of 2; x 1 \(100%\) of 1/);
});

test("the exit-0 line counts as Deno's and nub's harnesses do: a skip is an exit 0, among the reference's exit-0 files", () => {
  const row = (runtime, file, outcome) => ({
    runtime,
    file,
    outcome,
    status: outcome,
    module: 'fs',
    source: 'node-test',
  });
  const rows = [
    row('node@25.8.1', 'a.js', 'pass'),
    row('node@25.8.1', 'b.js', 'pass'),
    row('node@25.8.1', 'c.js', 'skip'),
    row('node@25.8.1', 'd.js', 'fail'),
    row('x', 'a.js', 'pass'),
    row('x', 'b.js', 'skip'),
    row('x', 'c.js', 'fail'),
    row('x', 'd.js', 'pass'),
  ];
  const line = exitZeroLine(rows, { reference: 'node@25.8.1', runtimes: ['node@25.8.1', 'x', 'absent'] });
  assert.equal(
    line,
    "exit 0 (a pass or a skip) of the 3 files node@25.8.1 exits 0 on, as Deno's and nub's harnesses count: x 2 (66.7%)",
  );
  assert.equal(exitZeroLine(rows, { reference: null, runtimes: ['x'] }), null);
});
