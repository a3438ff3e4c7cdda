// The per-module table of Node test files: at most 120 columns for five runtimes, skips apart from
// passes, node-relative shares against node@25.8.1, and an unsupported runtime named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_WIDTH, nodeTestReport } from './node-test.js';

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
