// Strict inputs (inputs.js) and clean output, through make itself as a user types them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { ROOT } from '../paths.js';

const FILE = 'results/published/math-json-quick.json';
const KNOBS = [
  'SHOW',
  'BASELINE',
  'RUNTIME',
  'RUNTIMES',
  'SUITE',
  'WORKLOAD',
  'ONLY',
  'MARKDOWN',
  'FORMAT',
  'OUT',
  'AA',
  'FILE',
];
/** make with no inherited knobs (a developer's SHOW= in the environment would change the answer). */
const make = (...args) =>
  spawnSync('make', ['--no-print-directory', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !KNOBS.includes(k) && !k.startsWith('MAKE'))),
  });
/** The first line of stderr that is parity's own (make adds its "*** Error 2" line after it). */
const ownError = (r) => r.stderr.split('\n')[0];

test('unknown SHOW, unknown BASELINE, RUNTIME= to compare, a file that is not a results file: one line, exit 2', () => {
  const notResults = join(mkdtempSync(join(tmpdir(), 'parity-inputs-')), 'x.json');
  writeFileSync(notResults, '{"hello": 1}');
  /** @type {[string[], RegExp][]} */
  const cases = [
    [['table', `FILE=${FILE}`, 'SHOW=sprd'], /^parity: Unknown SHOW value "sprd": valid values are spread, cpu/],
    [
      ['table', `FILE=${FILE}`, 'BASELINE=nod'],
      /^parity: Unknown BASELINE "nod": the runtimes of this file are node, /,
    ],
    [['table', `FILE=${FILE}`, 'WORKLOAD=nope'], /^parity: Unknown WORKLOAD "nope" in this file: valid values are /],
    [['table', `FILE=${FILE}`, 'ONLY=all'], /^parity: Unknown ONLY "all": valid values are main, analyses$/],
    [['compare', 'RUNTIME=bun'], /^compare: takes RUNTIMES \(a list\), not RUNTIME=bun/],
    [['table', `FILE=${notResults}`], /is not a parity results file: it has no "schema": "parity.results\/1"/],
    [['export', `FILE=${notResults}`], /is not a parity results file/],
  ];
  for (const [args, want] of cases) {
    const r = make(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(ownError(r), want);
    assert.equal(r.stdout, '', `${args.join(' ')} printed on stdout`);
    assert.equal(r.stderr.split('\n').filter((l) => l && !l.startsWith('make: ***')).length, 1, r.stderr);
  }
});

test('make export FORMAT=bmf and make table MARKDOWN=1 write only their output on stdout', () => {
  const bmf = make('export', 'FORMAT=bmf', `FILE=${FILE}`);
  assert.equal(bmf.status, 0, bmf.stderr);
  const schema = JSON.parse(readFileSync(join(ROOT, 'lib/report/export/bmf.schema.json'), 'utf8'));
  assert.equal(new Ajv().compile(schema)(JSON.parse(bmf.stdout)), true);
  const md = make('table', 'MARKDOWN=1', `FILE=${FILE}`);
  assert.equal(md.status, 0, md.stderr);
  assert.match(md.stdout, /^- machine: /);
  assert.doesNotMatch(md.stdout, /lib\/run\/cli\.js/);
});

test('the default table of the kept math/json run fits 120 columns and sums up every workload group', () => {
  const r = make('table', `FILE=${FILE}`);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  for (const l of lines) assert.ok([...l].length <= 120, `${[...l].length}: ${l}`);
  // The correction for many comparisons is named in the legend, with how many it covered.
  assert.match(
    r.stdout,
    /moderated within its suite[\s\S]*adjusted over the run's \d+[\s\S]*comparisons[\s\S]*Benjamini–Yekutieli[\s\S]*\(2005\)[\s\S]*false-coverage-rate[\s\S]*without the c\(m\)[\s\S]*positively\s+dependent/,
  );
  assert.doesNotMatch(r.stdout, /no significant difference|\bsame\b(?! bits| document)/);
  for (const w of ['math/cos', 'math/sqrt-sin-loop', 'json/parse', 'json/stringify']) {
    assert.ok(
      lines.some((l) => l.startsWith(`${w}: `)),
      `no summary line for ${w}`,
    );
  }
});

test('the suites’ own tables of the kept HTTP and workers-pools runs fit 120 columns too', () => {
  const runs = {
    'results/published/http-quick.json': ['HTTP: queueing or slower execution', 'HTTP: per route, concurrency'],
    'results/published/workers-pools-quick.json': ['Boundary cost: one round trip', 'Profiler: who spent the CPU'],
  };
  for (const [file, titles] of Object.entries(runs)) {
    for (const knobs of [[], ['ONLY=analyses', 'SHOW=cpu']]) {
      const r = make('table', `FILE=${file}`, ...knobs);
      assert.equal(r.status, 0, r.stderr);
      for (const t of titles) assert.ok(r.stdout.includes(t), `${file} ${knobs.join(' ')}: no table "${t}"`);
      for (const l of r.stdout.split('\n')) assert.ok([...l].length <= 120, `${file}: ${[...l].length}: ${l}`);
    }
  }
});

test('a closed pipe ends a large export quietly, without an EPIPE trace', () => {
  // Megabytes of output, so the reader is gone long before the writer is done.
  const doc = JSON.parse(readFileSync(join(ROOT, FILE), 'utf8'));
  doc.results = Array.from({ length: 40 }, (_, i) =>
    doc.results.map((r) => ({ ...r, workload: `${r.workload}-${i}` })),
  ).flat();
  const big = join(mkdtempSync(join(tmpdir(), 'parity-pipe-')), 'big.json');
  writeFileSync(big, JSON.stringify(doc));
  const r = spawnSync(
    'bash',
    ['-c', `set -o pipefail; node_modules/.bin/node lib/run/cli.js export ${big} --format bmf | head -c 10 >/dev/null`],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /EPIPE|Error/);
});
