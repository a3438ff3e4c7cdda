// WPT's own server for the files that need it: wptserve (make setup) started by the runner on
// 127.0.0.1; a Python handler answers a fetch and a .sub. file arrives substituted, on every runtime.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { resolveRuntime } from '../runtimes/registry.js';
import { runWpt } from './wpt.js';
import { discover } from './wpt-discover.js';
import { startWptserve, wptserveDir } from './wptserve.js';

const FIXTURE = join(ROOT, 'conformance', 'fixtures', 'wpt-server');

test('wptserve is installed by make setup', () => {
  assert.ok(wptserveDir(), 'wptserve is missing from the tools cache: run make setup (or make setup-wpt)');
});

test('without wptserve a .sub. file is not applicable (kind server); with it, both files run against the server', () => {
  assert.deepEqual(
    discover(FIXTURE, ['server']).notApplicable.map((n) => [n.file, n.kind]),
    [['server/substituted.sub.any.js', 'server']],
  );
  const { tests, notApplicable } = discover(FIXTURE, ['server'], {}, { server: true });
  assert.deepEqual(notApplicable, []);
  assert.deepEqual(
    tests.map((t) => [t.file, t.server]),
    [
      ['server/handler.any.js', true],
      ['server/substituted.sub.any.js', true],
    ],
  );
});

test('wptserve listens on 127.0.0.1 only and runs a Python handler', async (t) => {
  if (!wptserveDir()) return t.skip('wptserve not installed');
  const server = await startWptserve(FIXTURE);
  t.after(() => server.stop());
  assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
  const r = await fetch(`${server.origin}/server/resources/echo.py?q=x`);
  assert.deepEqual(await r.json(), { q: 'x', method: 'GET' });
});

test('every runtime passes the server fixture with wptserve started by the runner', async (t) => {
  if (!wptserveDir()) return t.skip('wptserve not installed');
  const runtimes = ['node', 'deno', 'bun', 'workerd'].map((id) => resolveRuntime(id)).filter((rt) => !rt.missing);
  const { tests } = discover(FIXTURE, ['server'], {}, { server: true });
  const results = await runWpt({ runtimes, wptRoot: FIXTURE, tests, expectations: {} });
  const rows = results.flatMap((r) => r.rows);
  assert.equal(rows.length, 2 * runtimes.length);
  for (const r of rows) assert.equal(r.status, 'pass', `${r.runtime} ${r.name}: ${r.detail}`);
});
