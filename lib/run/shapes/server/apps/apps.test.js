// The SSR suite's framework builds: one cache key per app and target that follows the app's
// source, and the OpenNext worker that node cannot load as it is (why node serves it through
// stand-ins, ./opennext-node.js). Builds on first use (results/.cache/ssr/), about a minute.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildKey, ensureBuilt } from './build.js';
import { appCapnp } from './launch.js';

test("a build's cache key is one per app and target, the same on every call", () => {
  assert.notEqual(buildKey('sveltekit', 'node'), buildKey('sveltekit', 'cloudflare'));
  assert.notEqual(buildKey('sveltekit', 'node'), buildKey('nextjs', 'node'));
  assert.equal(buildKey('nextjs', 'node'), buildKey('nextjs', 'node'));
});

test("workerd's app config listens on 127.0.0.1 and gives the worker a Cache API that never hits", () => {
  const config = appCapnp({ compat: { date: '2026-11-17', flags: [] } }, ['worker.js', 'a.wasm']);
  assert.match(config, /address = "127\.0\.0\.1:0"/);
  assert.match(config, /cacheApiOutbound = "no-cache"/);
  assert.match(config, /status: 504, headers: \{ 'cf-cache-status': 'MISS' \}/);
  assert.match(
    config,
    /\(name = "worker\.js", esModule = embed "worker\.js"\),\n\s+\(name = "a\.wasm", wasm = embed "a\.wasm"\)/,
  );
});

test("node cannot load the OpenNext worker as it is: its cloudflare: imports are the Workers runtime's own", {
  timeout: 900_000,
}, async () => {
  const dir = await ensureBuilt('nextjs', 'cloudflare');
  const worker = join(dir, 'worker', 'worker.js');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(worker)})`], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /ERR_UNSUPPORTED_ESM_URL_SCHEME[\s\S]*cloudflare:/);
});
