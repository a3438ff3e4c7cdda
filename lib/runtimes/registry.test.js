// The registry is the one source of runtime kinds: a new kind is one folder runners/<kind>/ with a
// kind.json and its adapters, plus one runtime entry. These tests add a fake kind that way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runToResults } from '../../test/cli.js';
import { ROOT } from '../paths.js';
import {
  commandLine,
  jobArgs,
  jobEnv,
  kindIds,
  loadRegistry,
  REGISTRY_FILE,
  resolveRuntime,
  runtimeIds,
} from './registry.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');

/** A registry in a temp folder: the real runtimes plus a kind "fake" that runs the node binary. */
function fakeRegistry() {
  const dir = mkdtempSync(join(tmpdir(), 'parity-kind-'));
  const real = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8'));
  mkdirSync(join(dir, 'fake'));
  writeFileSync(
    join(dir, 'fake', 'kind.json'),
    JSON.stringify({ driver: 'process', bench: 'bench.js', args: ['--expose-gc'] }),
  );
  // The adapter: the node one, told it is kind "fake" (what a real kind's detectRuntime would say).
  writeFileSync(
    join(dir, 'fake', 'bench.js'),
    `import { main } from ${JSON.stringify(join(ROOT, 'lib', 'measure', 'harness.js'))};
await main({
  kind: 'fake', detect: () => 'fake', now: () => Number(process.hrtime.bigint()), timer: 'hrtime', gc: null, gcName: 'none',
  cpuUsage: () => process.cpuUsage(), rss: () => process.memoryUsage.rss(), heap: () => process.memoryUsage().heapUsed,
  version: 'v0.0.1-fake', engine: 'V8', engineVersion: process.versions.v8, args: process.argv.slice(2),
  write: (l) => process.stdout.write(l + '\\n'), exit: (c) => process.exit(c),
});\n`,
  );
  real.runtimes.fake = { kind: 'fake', bin: 'node_modules/node/bin/node' };
  const file = join(dir, 'runtimes.json');
  writeFileSync(file, JSON.stringify(real));
  return file;
}

test('kinds are the folders beside the registry that hold a kind.json', () => {
  const reg = loadRegistry();
  assert.deepEqual(Object.keys(reg.kinds).sort(), kindIds(reg).sort());
  for (const id of runtimeIds(reg)) {
    const rt = resolveRuntime(id, reg);
    assert.ok(rt.runner || rt.driver !== 'process', `${id} has a bench adapter or a driver of its own`);
  }
});

test('a runtime naming a kind without a folder is a one-line error naming the valid kinds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-kind-'));
  const file = join(dir, 'runtimes.json');
  writeFileSync(file, JSON.stringify({ runtimes: { x: { kind: 'nope', bin: 'x' } }, variants: {} }));
  assert.throws(
    () => loadRegistry(file),
    /Runtime "x" names kind "nope", which has no .*kind\.json: valid kinds are bun, deno, node/,
  );
});

test('deno folds a variant flag into its one --v8-flags argument; node passes it before the script', () => {
  const reg = loadRegistry();
  const deno = { ...resolveRuntime('deno', reg), flags: ['--max-semi-space-size=64'] };
  deno.args = [...deno.args, ...deno.flags];
  assert.deepEqual(commandLine(deno, 's.js').slice(-2), ['--v8-flags=--expose-gc,--max-semi-space-size=64', 's.js']);
  const node = resolveRuntime('node+semi64', reg);
  assert.deepEqual(commandLine(node, 's.js'), ['--expose-gc', '--max-semi-space-size=64', 's.js']);
});

test("a kind's wpt_env names the WPT file's own folder as {job}; its $comment is no variable", () => {
  assert.deepEqual(jobEnv({ $comment: 'why', DENO_DIR: '{job}/deno' }, '/tmp/j1'), { DENO_DIR: '/tmp/j1/deno' });
  assert.deepEqual(resolveRuntime('node').wptEnv, {});
  assert.match(resolveRuntime('deno').wptEnv.DENO_DIR, /^\{job\}\//);
});

test("a kind's wpt_args hold for the releases their from/below bounds name, with {job} the file's own folder", () => {
  const rules = [
    { args: ['--always'] },
    { args: ['--file={job}/f'], from: '22.4.0' },
    { args: ['--flag'], from: '22.4.0', below: '25.0.0' },
  ];
  assert.deepEqual(jobArgs(rules, '/tmp/j1', '20.0.0'), ['--always']);
  assert.deepEqual(jobArgs(rules, '/tmp/j1', '22.4.0'), ['--always', '--file=/tmp/j1/f', '--flag']);
  assert.deepEqual(jobArgs(rules, '/tmp/j1', '25.0.0'), ['--always', '--file=/tmp/j1/f']);
  assert.deepEqual(jobArgs([{ args: ['--always'] }], '/tmp/j1', null), ['--always']);
  assert.throws(() => jobArgs(rules, '/tmp/j1', null), /--file=\{job\}\/f hold for some releases only/);
});

test('one folder plus one registry entry is a new runtime kind: listed, runnable, measured', () => {
  const env = { ...process.env, PARITY_REGISTRY: fakeRegistry() };
  const cli = (args) =>
    spawnSync(NODE, [join(ROOT, 'lib', 'run', 'cli.js'), ...args], { cwd: ROOT, env, encoding: 'utf8' });
  const list = cli(['runtimes']);
  assert.equal(list.status, 0, list.stderr);
  assert.match(list.stdout, /^fake\s+v0\.0\.1-fake\s+V8/m);
  const args = ['--runtimes', 'fake', '--suite', 'math', '--workload', 'sqrt-sin-loop', '--quick', '--rounds', '1'];
  const doc = runToResults([...args, '--min-ms', '5', '--warmup-ms', '1'], {
    env: { PARITY_REGISTRY: env.PARITY_REGISTRY },
  });
  assert.equal(doc.runtimes[0].kind, 'fake');
  assert.equal(doc.results.length, 1);
  assert.equal(doc.results[0].status, 'ok', doc.results[0].error);
  assert.ok(doc.results[0].cpu_ms.user > 0, 'measured from outside');
});

test('the default runtimes (default_runtimes) are registry ids, and the Makefile names none of its own', () => {
  const make = readFileSync(join(ROOT, 'Makefile'), 'utf8');
  // An empty RUNTIMES leaves --runtimes out: the CLI's default_runtimes holds.
  assert.equal(make.match(/^RUNTIMES \?=(.*)$/m)?.[1].trim(), '');
  const defaults = loadRegistry(REGISTRY_FILE).defaults;
  assert.deepEqual(defaults, ['node', 'deno', 'bun']);
  for (const id of defaults) assert.ok(runtimeIds().includes(id), `${id} is in runners/runtimes.json`);
});
