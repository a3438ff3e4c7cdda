// make ci-leg in its tiny form on this machine, and what the merge job reads from it: the leg
// that bench.yml runs on every OS × arch, run here end to end.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { readResults } from '../lib/results/file.js';
import { splitRuntimes } from '../lib/run/workflows/ci.js';
import { hostKey } from '../lib/runtimes/host.js';
import { REGISTRY_FILE, resolveRuntime } from '../lib/runtimes/registry.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'parity-ci-leg-'));
const HERE = hostKey({ platform: process.platform, arch: process.arch });

test('make ci-leg: the runtimes available here interleaved, the A/A run, BMF, HTML and leg.json; the merge reads it', () => {
  const dir = tmp();
  // A runtime with no build for this machine: listed as unavailable, and the leg still passes.
  const registry = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8'));
  registry.runtimes['node@mars'] = { kind: 'node', package: 'node-mars', bin: 'nowhere', builds: ['mars-x64'] };
  writeFileSync(join(dir, 'registry.json'), JSON.stringify(registry));
  const out = join(dir, 'leg');
  const args = ['ci-leg', 'QUICK=1', 'SUITE=math', 'WORKLOAD=exp', 'CI_RUNTIMES=node deno bun node@mars', `OUT=${out}`];
  const r = spawnSync('make', args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PARITY_REGISTRY: join(dir, 'registry.json') },
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /ci-leg: node@mars is unavailable on \S+: no build of node-mars for \S+ \(builds: mars-x64\)/);
  const leg = JSON.parse(readFileSync(join(out, 'leg.json'), 'utf8'));
  assert.equal(leg.leg, HERE);
  assert.deepEqual(leg.runtimes, ['node', 'deno', 'bun']);
  assert.deepEqual(
    leg.unavailable.map((u) => u.id),
    ['node@mars'],
  );
  assert.deepEqual(leg.broken, []);
  assert.deepEqual(readdirSync(out).sort(), ['aa.json', 'bmf.json', 'leg.json', 'report.html', 'results.json']);

  // Interleaved: the minimum rounds run all three back to back, later ones the baseline and the
  // runtimes whose comparison is still open (lib/measure/stats/stopping.js), and the order rotates.
  const doc = readResults(join(out, 'results.json'));
  assert.deepEqual(
    doc.runtimes.map((x) => x.id),
    ['node', 'deno', 'bun'],
  );
  const rounds = [...new Set(doc.results.map((x) => x.round))];
  assert.ok(rounds.length >= 3, `${rounds.length} rounds`);
  const orders = rounds.map((n) => doc.results.filter((x) => x.round === n).map((x) => x.runtime));
  orders.forEach((o, i) => {
    if (i < 3) assert.deepEqual([...o].sort(), ['bun', 'deno', 'node']);
    else assert.ok(o.includes('node') && o.length >= 2, `round ${i + 1}: ${o}`);
  });
  assert.ok(new Set(orders.map((o) => o[0])).size > 1, `runtime order never rotated: ${JSON.stringify(orders)}`);
  assert.ok(
    doc.results.every((x) => x.status === 'ok'),
    'every job ok',
  );
  const aa = readResults(join(out, 'aa.json'));
  assert.deepEqual(
    aa.runtimes.map((x) => x.id),
    ['node', 'node/aa'],
  );
  const bmf = JSON.parse(readFileSync(join(out, 'bmf.json'), 'utf8'));
  for (const id of ['node', 'deno', 'bun'])
    assert.ok(
      Object.keys(bmf).some((k) => k.includes(id)),
      `BMF has ${id}`,
    );
  assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /^<!doctype html>/i);

  // The merge job's input: this leg beside the other legs' fixtures (not this machine's leg).
  const fixtures = join(ROOT, 'test', 'fixtures', 'legs');
  const others = readdirSync(fixtures)
    .filter((l) => l !== HERE)
    .map((l) => join(fixtures, l));
  const m = spawnSync('make', ['-s', 'ci-merge', `LEGS=${[out, ...others].join(' ')}`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(m.status, 0, m.stderr);
  assert.match(
    // The leg's line wraps at 120 columns: read it whole.
    m.stdout.replace(/\n {2}(?!unavailable|the leg)/g, ' '),
    new RegExp(`^${HERE} \\(.*\\): 3 runtimes interleaved .* A/A floor \\(node against itself\\) median`, 'm'),
  );
  assert.match(m.stdout, new RegExp(`^ {2}unavailable on ${HERE}: node@mars \\(no build of node-mars`, 'm'));
});

test('a runtime that has a build here but no native binary is broken, not unavailable (the leg fails after its run)', () => {
  const node = resolveRuntime('node');
  const fake = (/** @type {string} */ id) =>
    id === 'shim'
      ? { ...node, id, bin: join(ROOT, 'node_modules', '.bin', 'tsc') }
      : id === 'gone'
        ? { ...node, id, bin: '/nonexistent/node', missing: '/nonexistent/node not found; install with: make setup' }
        : id === 'mars'
          ? { ...node, id, unavailable: 'no build of node-mars for mars-x64', missing: 'no build' }
          : node;
  const s = splitRuntimes(['node', 'shim', 'gone', 'mars'], fake);
  assert.deepEqual(s.available, ['node']);
  assert.deepEqual(s.unavailable, [{ id: 'mars', reason: 'no build of node-mars for mars-x64' }]);
  assert.deepEqual(
    s.broken.map((b) => b.id),
    ['shim', 'gone'],
  );
  assert.match(s.broken[0].reason, /a script \(#!\), not a native binary/);
  assert.ok(existsSync(node.bin));
});

test('bad input to ci-leg and ci-merge is one line naming what would be valid, exit 2', () => {
  const cli = (/** @type {string[]} */ args) =>
    spawnSync(process.execPath, [join(ROOT, 'lib', 'run', 'cli.js'), ...args], { encoding: 'utf8' });
  const notLeg = cli(['ci-merge', tmp()]);
  assert.equal(notLeg.status, 2);
  assert.match(notLeg.stderr, /^parity: \S+ is not a leg artifact: it has no leg\.json \(make ci-leg writes one\)\n$/);
  const unknown = cli(['ci-leg', '--runtimes', 'nope', '--out', tmp()]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^parity: Unknown runtime "nope": valid ids are node, /);
  assert.equal(cli(['ci-merge']).status, 2);
});
