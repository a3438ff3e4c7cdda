import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../lib/paths.js';

test('the slowest files and tests are listed, slowest first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-slowest-'));
  const file = (name, ms) =>
    writeFileSync(
      join(dir, name),
      `import { test } from 'node:test';\ntest('waits ${ms} ms', () => new Promise((r) => setTimeout(r, ${ms})));\n`,
    );
  file('quick.test.js', 10);
  file('slow.test.js', 400);
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'node'),
    [
      '--test',
      `--test-reporter=${join(ROOT, 'test', 'reporters', 'slowest.js')}`,
      join(dir, 'quick.test.js'),
      join(dir, 'slow.test.js'),
    ],
    // Without NODE_TEST_CONTEXT, or the inner run would report to this one instead of printing.
    { encoding: 'utf8', cwd: dir, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
  );
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  const files = lines.slice(1, 3);
  assert.match(lines[0], /^slowest test files/);
  assert.match(files[0], /^\s+0\.[3-9] s {2}slow\.test\.js$/, r.stdout);
  assert.match(files[1], /quick\.test\.js$/);
  assert.equal(lines[3], 'slowest tests:');
  assert.match(lines[4], /waits 400 ms \(slow\.test\.js\)$/);
});
