// A variant's preload takes one road: the orchestrator side of every job that runs in a runtime
// passes preloadUrl(rt), and the runtime side imports it with applyPreload before anything else.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../paths.js';
import { applyPreload, preloadUrl } from './preload.js';

const MARK = join(ROOT, 'test', 'fixtures', 'served', 'mark-preload.js');

/** The four roads: where each passes the preload (orchestrator) and where it is imported (runtime). */
const ROADS = {
  bench: { passes: 'lib/run/plan/plan.js', imports: 'lib/measure/harness.js' },
  server: { passes: 'lib/runtimes/drivers/process.js', imports: 'lib/measure/server-job.js' },
  checks: { passes: 'lib/conformance/checks.js', imports: 'lib/conformance/checks-collect.js' },
  wpt: { passes: 'lib/conformance/wpt.js', imports: 'lib/conformance/wpt-host.js' },
};

test("preloadUrl is a runtime's preload as a file URL, or null; applyPreload imports it", async () => {
  assert.equal(preloadUrl({ preload: null }), null);
  assert.equal(preloadUrl(null), null);
  const url = preloadUrl({ preload: MARK });
  assert.equal(url, pathToFileURL(MARK).href);
  await applyPreload(null);
  assert.equal(/** @type {any} */ (globalThis).__parityPreloaded, undefined);
  await applyPreload(url);
  assert.equal(/** @type {any} */ (globalThis).__parityPreloaded, true);
});

test('bench, server, checks and WPT jobs pass and import a preload through lib/measure/preload.js only', () => {
  for (const [road, { passes, imports }] of Object.entries(ROADS)) {
    assert.match(readFileSync(join(ROOT, passes), 'utf8'), /\bpreloadUrl\(/, `${road}: ${passes}`);
    assert.match(readFileSync(join(ROOT, imports), 'utf8'), /\bapplyPreload\(/, `${road}: ${imports}`);
  }
  // No other road: nothing else imports a module named by a preload, or turns one into a URL.
  const other = /import\(\s*[^)]*preload|pathToFileURL\([^)]*preload/i;
  const files = ['lib', 'runners']
    .flatMap((d) => readdirSync(join(ROOT, d), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.js') && !e.name.endsWith('.test.js'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => f !== 'lib/measure/preload.js');
  assert.deepEqual(
    files.filter((f) => other.test(readFileSync(join(ROOT, f), 'utf8'))),
    [],
  );
});
