// make bisect/timeline NODE_TEST=<file>: the release search over outcomes of one Node test file,
// with outcomes given per release (the real runner is the one make node-compat uses).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bisectNodeTest, timelineNodeTest } from './bisect-node-test.js';

const outcomes = { '1.0.0': 'pass', '1.1.0': 'pass', '1.2.0': 'pass', '1.3.0': 'fail', '1.4.0': 'fail' };
const runFile = async (v) => ({
  file: 'parallel/test-x.js',
  outcome: outcomes[v],
  first_error: outcomes[v] === 'fail' ? 'Error: boom' : null,
});
const o = { runtime: 'node', 'node-test': 'parallel/test-x.js' };

/** Capture what a function writes to stdout. */
async function stdoutOf(fn) {
  const write = process.stdout.write;
  const errWrite = process.stderr.write;
  let out = '';
  process.stdout.write = /** @type {any} */ (
    (s) => {
      out += s;
      return true;
    }
  );
  process.stderr.write = /** @type {any} */ (() => true);
  try {
    return { code: await fn(), out };
  } finally {
    process.stdout.write = write;
    process.stderr.write = errWrite;
  }
}

test('bisect names the first release where a Node test file changed outcome', async () => {
  const { code, out } = await stdoutOf(() => bisectNodeTest(o, Object.keys(outcomes), { runFile }));
  assert.equal(code, 0);
  assert.match(out, /1\.2\.0: pass/);
  assert.match(out, /1\.3\.0: fail \(Error: boom\)/);
  assert.match(out, /changed in node 1\.3\.0 \(the release after 1\.2\.0\)/);
});

test('bisect says so when both ends have the same outcome', async () => {
  const { code, out } = await stdoutOf(() => bisectNodeTest(o, ['1.0.0', '1.2.0'], { runFile }));
  assert.equal(code, 1);
  assert.match(out, /same outcome in node 1\.0\.0 and 1\.2\.0/);
});

test('timeline lists each release with its outcome and marks the change', async () => {
  const { out } = await stdoutOf(() => timelineNodeTest(o, Object.keys(outcomes), { runFile }));
  assert.match(out, /1\.3\.0\s+fail {2}\(changed\): Error: boom/);
  assert.doesNotMatch(out, /1\.4\.0.*changed/);
});
