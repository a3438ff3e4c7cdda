// Node's own test files inside workerd, on fixture files of known outcome in a temporary test root
// shaped like Node's (parallel/ beside a copy of Node's test/common), and the applicability rules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../../paths.js';
import { applicability, esmAsFunction, runNodeTestInWorkerd } from './workerd-node-test.js';

const WORKERD = join(ROOT, 'node_modules', 'workerd', 'bin', 'workerd');
/** Node's test/ tree (NODE_TEST_DIR), whose common/ the fixtures require. */
const NODE_TEST_DIR = process.env.NODE_TEST_DIR ?? '/work/node_test/test';
const HAVE = existsSync(join(NODE_TEST_DIR, 'common', 'index.js')) && existsSync(WORKERD);

// workerd processes inherit this tag, so this file's are told apart from other runs' workerd.
const TAG = `workerd-node-test-${process.pid}`;
process.env.PARITY_TEST_TAG = TAG;

/** Fixture test files by name, each with the outcome it must have. */
const FIXTURES = {
  'test-fx-pass.js': `'use strict';
const common = require('../common');
const assert = require('assert');
setTimeout(common.mustCall(() => assert.strictEqual(1 + 1, 2)), 10);
`,
  'test-fx-fail.js': `'use strict';
require('../common');
require('assert').strictEqual(1, 2);
`,
  'test-fx-late-throw.js': `'use strict';
require('../common');
setTimeout(() => { throw new RangeError('late failure'); }, 20);
`,
  'test-fx-skip.js': `'use strict';
const common = require('../common');
common.skip('no widget here');
throw new Error('not reached');
`,
  'test-fx-hang.js': `'use strict';
require('../common');
setInterval(() => {}, 1000);
`,
  'test-fx-mustcall.js': `'use strict';
const common = require('../common');
const neverCalled = common.mustCall();
`,
  'test-fx-caught.js': `'use strict';
const common = require('../common');
const assert = require('assert');
process.on('uncaughtException', common.mustCall((e) => assert.strictEqual(e.message, 'to the listener')));
setTimeout(() => { throw new Error('to the listener'); }, 1);
`,
  'test-fx-exit-code.js': `'use strict';
require('../common');
process.exit(3);
`,
  'test-fx-exit-code-listener.js': `'use strict';
require('../common');
process.on('exit', () => { process.exitCode = 0; });
throw new Error('an exit listener sets the code back to 0');
`,
  'test-fx-rejection.js': `'use strict';
require('../common');
Promise.reject(new TypeError('nobody caught this'));
`,
  'test-fx-rejection-origin.js': `'use strict';
const common = require('../common');
const assert = require('assert');
process.on('uncaughtException', common.mustCall((e, origin) => {
  assert.strictEqual(origin, 'unhandledRejection');
  assert.strictEqual(e.code, 'ERR_UNHANDLED_REJECTION');
}));
process.on('exit', () => assert.strictEqual(process._exiting, true));
Promise.reject(null);
`,
  'test-fx-before-exit.js': `'use strict';
const common = require('../common');
let turns = 0;
process.on('beforeExit', common.mustCall(() => {
  if (turns++ === 0) setTimeout(common.mustCall(), 5);
}, 2));
`,
  'test-fx-unref.js': `'use strict';
const common = require('../common');
setTimeout(common.mustNotCall(), 60_000).unref();
`,
  'test-fx-unref-before-exit.js': `'use strict';
const common = require('../common');
process.on('beforeExit', common.mustCall(() => {
  setTimeout(common.mustNotCall(), 1).unref();
}));
`,
  'test-fx-gc.js': `// Flags: --expose-gc
'use strict';
require('../common');
if (typeof globalThis.gc !== 'function') throw new Error('no gc: the V8 flag did not reach workerd');
globalThis.gc();
`,
  'test-fx-tmpdir.js': `'use strict';
require('../common');
const assert = require('assert');
const fs = require('fs');
const tmpdir = require('../common/tmpdir');
tmpdir.refresh();
fs.writeFileSync(tmpdir.resolve('a.txt'), 'written in the worker');
assert.strictEqual(fs.readFileSync(tmpdir.resolve('a.txt'), 'utf8'), 'written in the worker');
`,
  'test-fx-esm.mjs': `import * as common from '../common/index.mjs';
import assert from 'node:assert';
await new Promise((resolve) => setTimeout(resolve, 5));
setTimeout(common.mustCall(() => assert.strictEqual(typeof common.isWindows, 'boolean')), 5);
`,
  'test-fx-esm-top-level.mjs': `#! a shebang line
import '../common/index.mjs';
if (typeof arguments !== 'undefined') throw new Error('arguments at the top level of a module');
if (typeof this !== 'undefined') throw new Error('this at the top level of a module');
`,
  'test-fx-abort.js': `'use strict';
require('../common');
process.abort();
`,
  'test-fx-spawn.js': `'use strict';
require('../common');
require('child_process').spawnSync(process.execPath, ['-v']);
`,
  'test-fx-internals.js': `// Flags: --expose-internals
'use strict';
require('../common');
const { kEmptyObject } = require('internal/util');
require('child_process').spawnSync(process.execPath, ['-v']);
`,
  'test-fx-missing-module.js': `'use strict';
require('../common');
const assert = require('assert');
assert.throws(() => require('./does-not-exist'), /does-not-exist/);
assert.strictEqual(typeof require('readline/promises').Interface, 'function');
`,
  'test-fx-crypto.js': `'use strict';
const common = require('../common');
if (!common.hasCrypto) common.skip('missing crypto');
require('crypto').createHash('sha256');
`,
};

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
          .includes(`PARITY_TEST_TAG=${TAG}`);
      } catch {
        return false;
      }
    });
}

describe('a Node test file inside workerd', {
  skip: HAVE ? false : `needs ${NODE_TEST_DIR}/common and ${WORKERD}`,
}, () => {
  /** @type {string} */
  let root;
  /** @type {Record<string, any>} */
  const outcome = {};
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'parity-node-test-root-'));
    cpSync(join(NODE_TEST_DIR, 'common'), join(root, 'common'), { recursive: true });
    mkdirSync(join(root, 'parallel'));
    for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(root, 'parallel', name), text);
    // Two at a time, as the runner runs files on this machine.
    const names = Object.keys(FIXTURES);
    const next = async () => {
      for (let name = names.shift(); name; name = names.shift()) {
        const timeoutMs = name === 'test-fx-hang.js' ? 4000 : 30_000;
        outcome[name] = await runNodeTestInWorkerd({
          file: `parallel/${name}`,
          testRoot: root,
          timeoutMs,
          workerd: WORKERD,
        });
      }
    };
    await Promise.all([next(), next()]);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a file that ends with its mustCall counts met passes, and the record names it', () => {
    const r = outcome['test-fx-pass.js'];
    assert.equal(r.outcome, 'pass', JSON.stringify(r));
    assert.equal(r.file, 'parallel/test-fx-pass.js');
    assert.equal(r.exit_code, 0);
    assert.ok(Number.isInteger(r.ms) && r.ms > 0);
  });

  test("a thrown error fails the file with the error's first line, also when thrown later from a timer", () => {
    assert.equal(outcome['test-fx-fail.js'].outcome, 'fail');
    assert.equal(outcome['test-fx-fail.js'].exit_code, 1);
    assert.match(outcome['test-fx-fail.js'].first_error, /^AssertionError \[ERR_ASSERTION\]: /);
    assert.equal(outcome['test-fx-late-throw.js'].outcome, 'fail');
    assert.equal(outcome['test-fx-late-throw.js'].first_error, 'RangeError: late failure');
  });

  test('common.skip is a skip with its reason, never a pass, and the script stops there', () => {
    const r = outcome['test-fx-skip.js'];
    assert.equal(r.outcome, 'skip', JSON.stringify(r));
    assert.equal(r.skip_reason, 'no widget here');
    assert.equal(r.first_error, null);
  });

  test('a file that never lets its loop empty is a timeout, and its workerd is gone', () => {
    const r = outcome['test-fx-hang.js'];
    assert.equal(r.outcome, 'timeout', JSON.stringify(r));
    assert.ok(r.ms >= 4000 && r.ms < 30_000, `${r.ms} ms`);
    assert.deepEqual(workerdProcesses(), []);
  });

  test("a mustCall function never called fails at exit with test/common's own message", () => {
    const r = outcome['test-fx-mustcall.js'];
    assert.equal(r.outcome, 'fail', JSON.stringify(r));
    assert.equal(r.exit_code, 1);
    assert.equal(r.first_error, 'Mismatched noop function calls. Expected exactly 1, actual 0.');
  });

  test("Node's process semantics: uncaughtException listeners, exit codes, rejections, beforeExit, unref", () => {
    assert.equal(outcome['test-fx-caught.js'].outcome, 'pass', JSON.stringify(outcome['test-fx-caught.js']));
    assert.deepEqual([outcome['test-fx-exit-code.js'].outcome, outcome['test-fx-exit-code.js'].exit_code], ['fail', 3]);
    const listener = outcome['test-fx-exit-code-listener.js'];
    assert.equal(
      listener.outcome,
      'pass',
      `an 'exit' listener's process.exitCode is the exit code: ${JSON.stringify(listener)}`,
    );
    assert.equal(outcome['test-fx-rejection.js'].outcome, 'fail');
    assert.equal(outcome['test-fx-rejection.js'].first_error, 'TypeError: nobody caught this');
    const origin = outcome['test-fx-rejection-origin.js'];
    assert.equal(
      origin.outcome,
      'pass',
      `a rejection reaches 'uncaughtException' as Node's: ${JSON.stringify(origin)}`,
    );
    assert.equal(outcome['test-fx-before-exit.js'].outcome, 'pass', JSON.stringify(outcome['test-fx-before-exit.js']));
    const unref = outcome['test-fx-unref.js'];
    assert.equal(unref.outcome, 'pass', JSON.stringify(unref));
    assert.ok(unref.ms < 30_000, `an unref'd timer kept the loop alive: ${unref.ms} ms`);
    const late = outcome['test-fx-unref-before-exit.js'];
    assert.equal(late.outcome, 'pass', `an unref'd timer fired after the loop was empty: ${JSON.stringify(late)}`);
  });

  test('an .mjs file runs as a module, top-level await included, with test/common/index.mjs', () => {
    assert.equal(outcome['test-fx-esm.mjs'].outcome, 'pass', JSON.stringify(outcome['test-fx-esm.mjs']));
    const top = outcome['test-fx-esm-top-level.mjs'];
    assert.equal(
      top.outcome,
      'pass',
      `a shebang parses; no arguments or this at the top level: ${JSON.stringify(top)}`,
    );
  });

  test("test/common/tmpdir works in workerd's writable /tmp", () => {
    assert.equal(outcome['test-fx-tmpdir.js'].outcome, 'pass', JSON.stringify(outcome['test-fx-tmpdir.js']));
  });

  test("a V8 flag on the file's // Flags: line reaches workerd", () => {
    assert.equal(outcome['test-fx-gc.js'].outcome, 'pass', JSON.stringify(outcome['test-fx-gc.js']));
  });

  test('workerd failing the request without an answer is a crash', () => {
    const r = outcome['test-fx-abort.js'];
    assert.equal(r.outcome, 'crash', JSON.stringify(r));
    assert.ok(r.first_error, 'a crash names what workerd said');
  });

  test("a file of Node's internals runs, whatever else it uses, and fails where it loads one", () => {
    const r = outcome['test-fx-internals.js'];
    assert.equal(r.outcome, 'fail', JSON.stringify(r));
    assert.match(r.first_error, /internal\/util/);
  });

  test('a module the bundler cannot find fails where the file requires it, as in Node; subpath built-ins load', () => {
    const r = outcome['test-fx-missing-module.js'];
    assert.equal(r.outcome, 'pass', JSON.stringify(r));
  });

  test("test/common's hasCrypto is false (no process.versions.openssl): a crypto file is a skip with its reason", () => {
    const r = outcome['test-fx-crypto.js'];
    assert.equal(r.outcome, 'skip', JSON.stringify(r));
    assert.equal(r.skip_reason, 'missing crypto');
  });

  test('a file that spawns a process is not applicable, with the reason naming what it uses', () => {
    const r = outcome['test-fx-spawn.js'];
    assert.equal(r.outcome, 'not-applicable');
    assert.equal(r.na_reason, 'spawns processes (.spawnSync()');
    assert.equal(r.exit_code, null);
  });
});

test('a missing test file or workerd binary is a one-line error naming it', async () => {
  await assert.rejects(
    runNodeTestInWorkerd({ file: 'parallel/test-none.js', testRoot: tmpdir(), timeoutMs: 1000, workerd: WORKERD }),
    /^Error: No test file parallel\/test-none\.js under .*: give a path relative to Node's test\/ folder$/,
  );
  await assert.rejects(
    runNodeTestInWorkerd({ file: 'x.js', testRoot: tmpdir(), timeoutMs: 1000, workerd: '/nonexistent/workerd' }),
    /^Error: No workerd binary at \/nonexistent\/workerd: give the path of an installed workerd$/,
  );
});

test('applicability names what a file uses that a worker has not, and lets the rest run', () => {
  const cases = [
    ["const { spawn } = require('node:child_process');\nspawn('ls', ['-l']);", 'spawns processes (spawn()'],
    ["const cluster = require('cluster');\ncluster.fork();", 'spawns processes (.fork()'],
    ["import cp from 'node:child_process';\ncp.exec('ls');", 'spawns processes (cp.exec()'],
    [
      "const fixtures = require('../common/fixtures');",
      "reads Node's test fixtures from the host file system (test/common/fixtures)",
    ],
    ["require('../common/internet');", 'needs the internet (test/common/internet)'],
    [
      '// Flags: --pending-deprecation --no-warnings',
      "needs node's command-line flag --pending-deprecation, which a worker cannot be given (// Flags:)",
    ],
    ['const server = http.createServer(() => {});', 'listens on a socket (.createServer()'],
    ["const s = dgram.createSocket('udp4');", 'listens on a socket (createSocket()'],
    ['new Worker(__filename, { workerData: 1 });', 'starts worker threads (new Worker()'],
    ['fs.watch(tmpdir.path, () => {});', 'watches the host file system (fs.watch()'],
    ["const binding = require('../../build/Release/binding');", 'loads files outside test/common'],
    ["process.kill(process.pid, 'SIGTERM');", 'sends or handles signals (process.kill()'],
    ['common.childShouldThrowAndAbort();', 'starts node itself as a child process (childShouldThrowAndAbort'],
  ];
  for (const [source, reason] of cases) {
    const got = applicability(source, 'parallel/test-x.js');
    assert.ok(got?.startsWith(reason), `${source} → ${got}, wanted ${reason}`);
  }
  for (const source of [
    "require('../common');\nconst url = require('url');\nassert.strictEqual(url.parse('http://a/').host, 'a');",
    "// Flags: --expose-gc --no-warnings\nrequire('../common');\nconst tmpdir = require('../common/tmpdir');",
    "const { isMainThread } = require('worker_threads');",
    "import cp from 'node:child_process';\nassert.strictEqual(promisify(cp.exec).name, 'exec');\n/a/.exec('a');",
    "const fs = require('fs'); fs.writeFileSync(tmpdir.resolve('x'), 'y');",
  ])
    assert.equal(applicability(source, 'parallel/test-x.js'), null, source);
  // Node's internals run (and fail where they load one) as on deno and bun, whatever else the file uses
  for (const source of [
    '// Flags: --expose-internals --pending-deprecation\nrequire("../common");',
    "const { internalBinding } = require('internal/test/binding');\nrequire('net').createServer().listen(0);",
    "import { kState } from 'internal/webstreams/util';",
  ])
    assert.equal(applicability(source, 'parallel/test-x.js'), null, source);
  assert.match(applicability('', 'parallel/test-x.json') ?? '', /^is not a JavaScript test file/);
});

test('the same file gets the same answer every time', () => {
  const source = "require('../common');\nrequire('net').createServer().listen(0);";
  const answers = new Set(Array.from({ length: 5 }, () => applicability(source, 'parallel/test-net-x.js')));
  assert.equal(answers.size, 1);
});

test('an ES module bundle becomes one async function whose imports are awaited first, names checked as linking checks them', async () => {
  const code = [
    'var __require = ((x) => x)(function(x) {',
    '  throw Error("Dynamic require");',
    '});',
    'var early = 1;',
    'import assert, { strictEqual as se } from "node:assert";',
    'import {',
    '  once',
    '} from "node:events";',
    'import * as path from "node:path";',
    'import "node:fs";',
    'await 0;',
    'export {',
    '  early',
    '};',
    '',
  ].join('\n');
  const out = esmAsFunction(code);
  assert.match(
    out,
    /^import \{ createRequire as __parityCreateRequire \} from 'node:module';\nexport default async \(\) => \{/,
  );
  assert.doesNotMatch(out, /^import .* from "/m, 'no static import is left inside the function');
  assert.doesNotMatch(out, /^export \{/m);
  assert.match(out, /var __require = __parityRequire;/);
  const awaited = out.indexOf('await import("node:assert")');
  assert.ok(
    awaited > 0 && awaited < out.indexOf('var early = 1;'),
    'imports are evaluated before the body, as ES modules hoist them',
  );
  for (const decl of [
    'const assert = __parityImport0.default;',
    'const { strictEqual: se } = __parityImport0;',
    'const {\n  once\n} = __parityImport1;',
    'const path = __parityImport2;',
    'await import("node:fs");',
  ])
    assert.ok(out.includes(decl), decl);
  assert.ok(
    out.includes(`throw new SyntaxError("The requested module 'node:events' does not provide an export named 'once'")`),
  );
});
