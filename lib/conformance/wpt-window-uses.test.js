// A .window.js file runs when its source uses nothing a server runtime's worker-like scope lacks,
// and is not applicable, naming the use, when it needs a document, browsing context or Window.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { discover } from './wpt-discover.js';
import { windowOnlyUse } from './wpt-window-uses.js';

test('Web Storage and data-driven URL files need nothing a worker-like scope lacks', () => {
  assert.equal(windowOnlyUse('test(() => { localStorage.setItem("a", "1"); }, "set");'), null);
  assert.equal(windowOnlyUse('promise_test(() => fetch("resources/IdnaTestV2.json").then((r) => r.json()));'), null);
  assert.equal(windowOnlyUse('test(() => { new StorageEvent("storage"); });'), null);
  // A comment that mentions the document is no use of it.
  assert.equal(windowOnlyUse('// unlike document.cookie, this needs no DOM\ntest(() => {});'), null);
});

test('a file that uses a document, a browsing context or a Window-only interface is not applicable', () => {
  /** @type {Array<[string, string, RegExp]>} */
  const cases = [
    ['const a = document.createElement("a");', 'window', /the document \(DOM\)/],
    ['const w = window.open("x.html");', 'window', /a browsing context/],
    ['location.reload();', 'window', /navigation/],
    ['Object.getPrototypeOf(Window.prototype);', 'window', /a Window-only interface/],
    ['class C extends Image {}', 'window', /a Window-only interface/],
    ['postMessage(undefined, "nowhere", [buf]);', 'window', /window\.postMessage with a target origin/],
    ['const x = new XMLHttpRequest();', 'browser', /XMLHttpRequest/],
    ['idl_test_shadowrealm(["console"], []);', 'shadowrealm', /ShadowRealm/],
  ];
  for (const [source, kind, reason] of cases) {
    const na = windowOnlyUse(source);
    assert.equal(na?.kind, kind, source);
    assert.match(String(na?.reason), reason, source);
  }
});

test('discovery runs a .window.js file that uses nothing window-only and lists the others with the use', () => {
  const root = mkdtempSync(join(tmpdir(), 'parity-window-'));
  mkdirSync(join(root, 'webstorage'));
  writeFileSync(join(root, 'webstorage', 'set.window.js'), 'test(() => { sessionStorage.x = "1"; });\n');
  writeFileSync(join(root, 'webstorage', 'open.window.js'), 'test(() => { window.open("a.html"); });\n');
  const { tests, notApplicable } = discover(root, ['webstorage']);
  assert.deepEqual(
    tests.map((t) => t.file),
    ['webstorage/set.window.js'],
  );
  assert.deepEqual(
    notApplicable.map((n) => [n.file, n.kind]),
    [['webstorage/open.window.js', 'window']],
  );
});

test('with wptserve at hand, a .window.js file that fetches a handler is still decided by what it uses', () => {
  const root = mkdtempSync(join(tmpdir(), 'parity-window-'));
  mkdirSync(join(root, 'url'));
  writeFileSync(
    join(root, 'url', 'pct.window.js'),
    'fetch("resources/x.py"); const f = document.createElement("iframe");\n',
  );
  const { tests, notApplicable } = discover(root, ['url'], {}, { server: true });
  assert.deepEqual(tests, []);
  assert.match(notApplicable[0].reason, /uses the document/);
});
