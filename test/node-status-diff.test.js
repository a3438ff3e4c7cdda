// tools/node-status-diff.js on a fixture shaped like Node's test tree: the same output whichever
// node runs it (its .cjs status is evaluated for the runtime under test's OpenSSL), files failing
// in both apart from files failing nowhere, and the files Node's runner runs that parity does not.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';

const TOOL = join(ROOT, 'tools', 'node-status-diff.js');
const FIX = join(ROOT, 'test', 'fixtures', 'node-status');
const run = (node, ...extra) =>
  execFileSync(node, [TOOL, join(FIX, 'results.json'), join(FIX, 'status'), ...extra], { cwd: ROOT, encoding: 'utf8' });
const opensslOf = (node) => execFileSync(node, ['-p', 'process.versions.openssl'], { encoding: 'utf8' }).trim();

// Every node at hand: the one running the tests, the pinned 22 and 26, and the machine's own.
const NODES = [
  process.execPath,
  join(ROOT, 'node_modules', 'node', 'bin', 'node'),
  join(ROOT, 'node_modules', 'node-22', 'bin', 'node'),
  '/usr/bin/node',
  '/usr/local/bin/node',
].filter((n, i, all) => existsSync(n) && all.indexOf(n) === i);

test('the output is the same under every node at hand, whatever OpenSSL each links', () => {
  assert.ok(NODES.length >= 2, `need two nodes to compare, found ${NODES.join(', ')}`);
  const outputs = NODES.map((n) => run(n));
  for (const [i, out] of outputs.entries())
    assert.equal(out, outputs[0], `${NODES[i]} (OpenSSL ${opensslOf(NODES[i])})`);
  // The runtime under test is node_modules/node (OpenSSL 3.5): Node's status does not skip e.any.js for it.
  assert.match(outputs[0], /evaluated for OpenSSL 3\.5\./);
  assert.match(outputs[0], /^Node skips, parity runs: 0$/m);
});

test('the .cjs status is evaluated for the OpenSSL given, not the running one', () => {
  const old = run(process.execPath, '--openssl', '3.0.0');
  assert.match(
    old,
    /^ {2}crypto\/e\.any\.js: Node skips \("Unsupported in OpenSSL 3\.0\.0"\); parity: 1 passed, 0 not$/m,
  );
  assert.notEqual(old, run(process.execPath, '--openssl', '3.5.0'));
});

test('files failing in both are counted apart from files failing nowhere, and Node-only files are listed', () => {
  const out = run(process.execPath, '--openssl', '3.5.0');
  assert.match(out, /^agree, failing in both \(same subtests\): 1$/m);
  // b, e and g: g's subtest is flaky in Node's status and passed here, which is no difference.
  assert.match(out, /^agree, failing nowhere: 3$/m);
  assert.match(out, /^Node expects failures parity does not see: 1\n {2}demo\/c\.any\.js: 1 \(s2\)$/m);
  assert.match(out, /^parity sees failures Node does not list: 1\n {2}demo\/d\.any\.js: 1 \(s4\)$/m);
  assert.match(
    out,
    /^Node runs, parity does not: 1\n {2}demo\/f\.window\.js: parity: not applicable \(window: window-only test \(\.window\.js\)\)$/m,
  );
});

test('a bad --openssl value is a one-line error naming it', () => {
  assert.throws(
    () =>
      execFileSync(process.execPath, [TOOL, join(FIX, 'results.json'), join(FIX, 'status'), '--openssl', 'new'], {
        stdio: 'pipe',
      }),
    (/** @type {any} */ e) => /--openssl "new" is not a version: give one such as 3\.5\.8/.test(String(e.stderr)),
  );
});
