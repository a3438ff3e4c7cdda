// The merge of CI legs, on fixtures shaped like real legs (test/fixtures/legs/<leg>/: leg.json,
// results.json and aa.json of a real run here, reshaped per leg; each leg.json says how).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { aggregate } from '../../results/aggregate.js';
import { CrossLegError, loadLegs, platformOf, readLeg } from '../../results/legs.js';
import { printTable } from '../text/print.js';
import { diffOf } from './diff.js';
import { mergeLegs, mergeTable } from './merge.js';

const DIR = join(ROOT, 'test', 'fixtures', 'legs');
const DIRS = readdirSync(DIR).map((d) => join(DIR, d));
const legs = () => DIRS.map(readLeg);
const expected = loadLegs().map((l) => l.leg);
const CLI = join(ROOT, 'lib', 'run', 'cli.js');

test('five legs merge into one column group per leg, in the matrix order, each with its A/A floor', () => {
  const t = mergeLegs(legs(), { expected });
  assert.deepEqual(
    t.columns.slice(3).map((c) => c.label),
    expected.flatMap((l) => [l, 'A/A floor']),
  );
  const text = printTable(t);
  // Ratios against node within each leg; node itself has none; every leg's floor is beside it.
  assert.match(text, /^math\/exp\s+bun\s+ops\/s(\s+\S+ [=?]?\d\.\d\d×!?\s+±\d+\.\d%){5}$/m);
  assert.match(text, /^math\/exp\s+node\s+ops\/s(\s+\S+\s+±\d+\.\d%){5}$/m);
  assert.match(
    text.replace(/\n {2}(?=\S)/g, ' '),
    /^win32-x64 \(windows-2025; AMD EPYC .* × 4; .*\): 4 runtimes interleaved \[node v26\.10\.0, deno .*\], ratios against node; A\/A floor \(node against itself\) median \d+\.\d%, max \d+\.\d%( |$)/m,
  );
  assert.equal(t.rows.length, 8);
});

test("a leg's ratios are its own: the same as its file alone, untouched by another leg's figures", () => {
  const base = legs();
  const ratioIn = (t, leg, runtime) =>
    t.rows.find((r) => r.runtime === runtime && r.workload === 'math/exp')[leg].ratio.ratio;
  const own = aggregate(base[0].doc.results, ['node', 'deno', 'bun', 'workerd']).rows.find((r) => r.key === 'math/exp');
  const first = base[0].meta.leg;
  assert.equal(ratioIn(mergeLegs(base, { expected }), first, 'bun'), own?.cells.bun.ratio.ratio);
  // Make bun twice as slow on one other leg: that leg's bun ratio halves, no other leg moves.
  const other = base.find((l) => l.meta.leg === 'darwin-arm64');
  const before = mergeLegs(base, { expected });
  for (const r of other?.doc.results ?? []) if (r.runtime === 'bun' && r.status === 'ok') r.median_ns *= 2;
  const after = mergeLegs(base, { expected });
  assert.ok(Math.abs(ratioIn(after, 'darwin-arm64', 'bun') / ratioIn(before, 'darwin-arm64', 'bun') - 0.5) < 1e-9);
  for (const leg of expected.filter((l) => l !== 'darwin-arm64')) {
    assert.equal(ratioIn(after, leg, 'bun'), ratioIn(before, leg, 'bun'), leg);
  }
});

test('cross-leg ratios are refused: a leg-qualified baseline, a baseline missing on a leg, two runs for one leg, a diff across legs', () => {
  assert.throws(
    () => mergeLegs(legs(), { baseline: 'linux-x64:node' }),
    /Refusing cross-leg baseline "linux-x64:node"/,
  );
  const noBun = legs();
  noBun[0].doc.runtimes = noBun[0].doc.runtimes.filter((r) => r.id !== 'bun');
  assert.throws(() => mergeLegs(noBun, { baseline: 'bun' }), /Baseline "bun" did not run on/);
  const [a] = legs();
  assert.throws(
    () => mergeTable([a.doc, structuredClone(a.doc)]),
    /Two results for leg darwin-arm64: runtimes from different runs/,
  );
  const linux = legs().find((l) => l.meta.leg === 'linux-x64');
  const mac = legs().find((l) => l.meta.leg === 'darwin-arm64');
  assert.throws(() => diffOf(linux?.doc, mac?.doc), CrossLegError);
  assert.throws(() => diffOf(linux?.doc, mac?.doc), /Refusing to diff linux-x64 against darwin-arm64/);
  // The CLI turns each into a one-line error and exit 2.
  const r = spawnSync(process.execPath, [CLI, 'ci-merge', ...DIRS, '--baseline', 'darwin-arm64/bun'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^parity: Refusing cross-leg baseline "darwin-arm64\/bun"[^\n]*\n$/);
});

test('a leg without an artifact is named; a runtime without a build on a leg shows n/a', () => {
  const some = legs().filter((l) => ['linux-x64', 'win32-x64'].includes(l.meta.leg));
  const win = /** @type {any} */ (some.find((l) => l.meta.leg === 'win32-x64'));
  // Synthetic: as if workerd had no Windows build (make ci-leg lists it and leaves it out).
  win.meta.unavailable = [{ id: 'workerd', reason: 'no build of workerd for win32-x64 (builds: linux-x64)' }];
  win.doc.results = win.doc.results.filter((r) => r.runtime !== 'workerd');
  win.doc.runtimes = win.doc.runtimes.filter((r) => r.id !== 'workerd');
  const t = mergeLegs(some, { expected });
  const text = printTable(t);
  assert.match(text, /^math\/exp\s+workerd\s+ops\/s\s+\S+ \S+×!?\s+±\S+\s+n\/a\s*$/m);
  assert.match(text, /^ {2}unavailable on win32-x64: workerd \(no build of workerd for win32-x64/m);
  for (const missing of ['linux-arm64', 'darwin-arm64', 'darwin-x64']) {
    assert.match(text, new RegExp(`^${missing}: no artifact \\(the leg failed or did not run\\)$`, 'm'));
  }
});

test('make ci-merge writes the markdown the job summary shows; make merge takes plain files, one per leg', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'parity-merge-')), 'merged.md');
  const r = spawnSync('make', ['-s', 'ci-merge', `LEGS=${DIRS.join(' ')}`, `OUT=${out}`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    readFileSync(out, 'utf8'),
    /^\| workload \| runtime \| unit \| linux-x64 \| A\/A floor \| linux-arm64 \|/m,
  );
  const files = DIRS.map((d) => join(d, 'results.json'));
  const m = spawnSync(process.execPath, [CLI, 'merge', ...files, '--markdown'], { encoding: 'utf8' });
  assert.equal(m.status, 0, m.stderr);
  assert.match(m.stdout, /no A\/A file: no noise floor/);
});

test('platformOf reads the platform field, or infers it from the OS name of older files', () => {
  assert.equal(platformOf({ platform: 'darwin', arch: 'arm64', os: 'x' }), 'darwin arm64');
  assert.equal(platformOf({ os: 'Debian GNU/Linux 12 (bookworm)', arch: 'x64' }), 'linux x64');
});
