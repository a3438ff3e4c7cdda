// The run's rounds end to end (rounds.js through the CLI), with a fake runtime kind whose runner
// reports synthetic medians (no timing): past the minimum rounds a row that would end after the
// budget is not started, a quiet row stops early and a noisy one runs to the budget.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MODES } from '../../measure/defaults.js';
import { ROOT } from '../../paths.js';

function fakeKind() {
  const dir = mkdtempSync(join(tmpdir(), 'parity-adaptive-'));
  mkdirSync(join(dir, 'fake'));
  writeFileSync(join(dir, 'fake', 'kind.json'), JSON.stringify({ driver: 'process', bench: 'bench.js', args: [] }));
  writeFileSync(
    join(dir, 'fake', 'bench.js'),
    `const arg = process.argv[2];
if (arg === '--info') { console.log(JSON.stringify({ runtime: 'fake', version: 'v0', engine: 'V8', engine_version: '0', timer: 'none', gc: 'none' })); process.exit(0); }
const job = JSON.parse(arg);
if (job.params.ms) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.params.ms);
let u = 0; while (u === 0) u = Math.random();
const m = 1000 * Math.exp(job.params.sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * Math.random()));
console.log(JSON.stringify({ status: 'ok', error: null, unit: 'ops', units_per_call: 1, calls: 1, samples_total: 1,
  samples_ns: [m], median_ns: m, ci95_ns: [m, m], throughput: { value: 1e9 / m, unit: 'ops/s' }, timer: 'none', gc: 'none' }));\n`,
  );
  const bin = 'node_modules/node/bin/node';
  writeFileSync(
    join(dir, 'runtimes.json'),
    JSON.stringify({ runtimes: { f1: { kind: 'fake', bin }, f2: { kind: 'fake', bin } }, variants: {} }),
  );
  mkdirSync(join(dir, 'suites', 'adapt'), { recursive: true });
  writeFileSync(
    join(dir, 'suites', 'adapt', 'noise.js'),
    `export default { name: 'noise', unit: 'ops', params: { sd: [0.001, 0.5] }, quick: { sd: [0.001, 0.5] }, run: () => 1, verify() {} };\n`,
  );
  mkdirSync(join(dir, 'suites', 'late'), { recursive: true });
  writeFileSync(
    join(dir, 'suites', 'late', 'slow.js'),
    `export default { name: 'slow', unit: 'ops', params: { sd: [0.5], ms: [500] }, run: () => 1, verify() {} };\n`,
  );
  return dir;
}

/** The CLI in a fake kind's folder (fakeKind): its registry, no colour. */
function fakeCli(dir, args) {
  const env = { ...process.env, PARITY_REGISTRY: join(dir, 'runtimes.json'), NO_COLOR: '1' };
  return spawnSync(process.execPath, [join(ROOT, 'lib', 'run', 'cli.js'), ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
}

test('the loop: past the minimum rounds, a row that would end after the budget is not started', (t) => {
  const dir = fakeKind();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'r.json');
  // One noisy row of two 500 ms jobs: a round takes ~1.1 s, the 3 minimum rounds ~3.3 s. With a
  // 3.9 s budget a fourth round would start before the budget ran out and end ~0.5 s after it.
  const args = ['run', '--runtimes', 'f1,f2', '--suites-dir', join(dir, 'suites'), '--suite', 'late', '--quick'];
  const r = fakeCli(dir, [...args, '--budget', '3.9s', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(doc.adaptive.stopped, 'budget');
  assert.deepEqual(
    doc.adaptive.rows.map((x) => x.rounds),
    [MODES.quick.rounds],
  );
});

test('the loop: a quiet row stops early, a noisy one runs to the budget; the file says what each reached', (t) => {
  const dir = fakeKind();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'r.json');
  const args = ['run', '--runtimes', 'f1,f2', '--suites-dir', join(dir, 'suites'), '--suite', 'adapt', '--quick'];
  args.push('--out', out);
  const r = fakeCli(dir, [...args, '--budget', '600s']);
  assert.equal(r.status, 0, r.stderr);
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  const [quiet, noisy] = doc.adaptive.rows;
  assert.deepEqual([quiet.rounds, quiet.reached], [MODES.quick.rounds + 1, true]);
  // The noisy row is an A/A of two draws at 50% noise: a look can call it decided by chance, and
  // then it stops at that look, settled. Otherwise it runs to max_rounds.
  assert.equal(noisy.reached, false);
  assert.ok(noisy.rounds === MODES.quick.max_rounds || noisy.settled, JSON.stringify(noisy));
  assert.equal(doc.results.length, 2 * (quiet.rounds + noisy.rounds));
  assert.match(r.stdout, /Precision target ±5\.0% per ratio .*: reached by 1 of 2 rows/);
  const table = fakeCli(dir, ['table', out]);
  // The header says why the run stopped, as the file records it: every comparison with a verdict
  // (the noisy one can reach one by chance, or at its last round), else max rounds.
  const why = doc.adaptive.stopped === 'precision' ? 'every comparison reached a verdict' : 'max rounds';
  assert.ok(['precision', 'max-rounds'].includes(doc.adaptive.stopped), doc.adaptive.stopped);
  assert.match(table.stdout, new RegExp(`^Precision target .*\\n {2}stopped: ${why}`));

  // A budget already spent: the minimum rounds still run, nothing more.
  const spent = fakeCli(dir, [...args, '--budget', '0.001s']);
  assert.equal(spent.status, 0, spent.stderr);
  const d2 = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(
    d2.adaptive.rows.map((x) => x.rounds),
    [MODES.quick.rounds, MODES.quick.rounds],
  );
  assert.equal(d2.adaptive.stopped, 'budget');
});
