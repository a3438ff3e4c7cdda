// A runner's server serves what its job names: no runner imports anything under suites/, and the
// server entry of every kind, given a module that is not the HTTP suite's (and a preload), serves
// that module after the preload ran.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { DRIVERS } from '../lib/runtimes/drivers/index.js';
import { waitPortFile } from '../lib/runtimes/drivers/process.js';
import { resolveRuntime } from '../lib/runtimes/registry.js';

const SERVED = join(ROOT, 'test', 'fixtures', 'served', 'echo-global.js');
const PRELOAD = join(ROOT, 'test', 'fixtures', 'served', 'mark-preload.js');

/** Every module specifier in a source text: static imports and exports, and literal dynamic imports. */
const SPECIFIER = /\bfrom\s*(['"])([^'"]+)\1|\bimport\s*\(\s*(['"])([^'"]+)\3\s*\)|^\s*import\s*(['"])([^'"]+)\5/gm;

/** @param {string} dir @returns {string[]} */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js') && !e.name.endsWith('.test.js'))
    .map((e) => join(e.parentPath, e.name));

test('no runner imports anything under suites/', () => {
  const bad = [];
  for (const file of sources(join(ROOT, 'runners'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[2] ?? m[4] ?? m[6];
      const target = spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec)) : spec;
      if (target.startsWith('suites/') || target.includes('/suites/'))
        bad.push(`${relative(ROOT, file)} imports ${spec}`);
    }
  }
  assert.deepEqual(bad, [], 'runners serve what a job names; a suite module comes in the job');
});

test('node, deno and bun serve the module their job names, after the preload', async () => {
  for (const id of ['node', 'deno', 'bun']) {
    const rt = { ...resolveRuntime(id), preload: PRELOAD };
    const launch = DRIVERS[rt.driver].server?.({ runtime: rt }, { module: SERVED, node_env: '(unset)' });
    assert.ok(launch && !launch.unsupported, `${id}: ${launch?.unsupported}`);
    const child = spawn(launch.bin, launch.args, { cwd: launch.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    try {
      const port = await waitPortFile(JSON.parse(launch.args.at(-1)).port_file, 20_000);
      const body = await (await fetch(`http://127.0.0.1:${port}/any/path`)).json();
      assert.deepEqual(body, { module: 'echo-global', path: '/any/path', preloaded: true }, `${id}: ${stderr}`);
    } finally {
      child.kill('SIGKILL');
      launch.cleanup();
    }
  }
});

test("workerd's server bundles the module its job names, not the HTTP suite's app", async () => {
  const rt = resolveRuntime('workerd');
  const launch = await DRIVERS.workerd.server?.({ runtime: rt }, { module: SERVED, node_env: '(unset)' });
  try {
    const bundle = readFileSync(join(launch.cwd, 'worker.js'), 'utf8');
    assert.match(bundle, /echo-global/);
    assert.doesNotMatch(bundle, /Hono|createApp/);
  } finally {
    launch.cleanup();
  }
});
