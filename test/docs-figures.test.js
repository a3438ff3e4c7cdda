// Docs quote only figures a kept file gives. Every measured figure in the prose of
// README.md and docs/*.md (a number with ×, %, ops/s, req/s, MB/s, ms, s, MB…; outside code and
// generated blocks) must round from a number of a generated block of its page, or of a kept file
// (results/published/… or results/archive/…) its paragraph names, or of an older commit's copy it
// names as `git show <commit>:results/…` (history), or be on the allow-list
// (test/docs-figures.allow.json) with its reason.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { shallowClone } from '../lib/results/file.js';
import { keptNumbers, pages, scanPage, traceable } from './docs-figures.js';

const ALLOW = JSON.parse(readFileSync(join(ROOT, 'test', 'docs-figures.allow.json'), 'utf8'));

/**
 * The figures of every page no kept file gives and no allow-list entry covers, and the entries
 * that cover nothing (stale).
 * @param {string} root
 * @param {typeof ALLOW} allow
 */
function check(root, allow) {
  const figures = pages(root).flatMap((p) => scanPage(root, p));
  const used = new Set();
  const untraced = [];
  for (const f of figures.filter((x) => !x.traced)) {
    if (f.figure in allow.figures) {
      used.add(f.figure);
      continue;
    }
    const entry = allow.paragraphs.find((e) => e.page === f.page && f.paragraph.startsWith(e.starts));
    if (entry) used.add(entry);
    else untraced.push(`${f.page}:${f.line}: ${f.figure}`);
  }
  const stale = [
    ...Object.keys(allow.figures).filter((k) => !used.has(k)),
    ...allow.paragraphs.filter((e) => !used.has(e)).map((e) => `${e.page}: «${e.starts}»`),
  ];
  return { figures, untraced, stale };
}

/** A copy of the pages beside the real results (read only), to plant a figure in. */
function copy() {
  const dir = mkdtempSync(join(tmpdir(), 'parity-docs-figures-'));
  cpSync(join(ROOT, 'README.md'), join(dir, 'README.md'));
  cpSync(join(ROOT, 'docs'), join(dir, 'docs'), { recursive: true, filter: (s) => !/\.png$/.test(s) });
  symlinkSync(join(ROOT, 'results'), join(dir, 'results'));
  symlinkSync(join(ROOT, '.git'), join(dir, '.git'));
  return dir;
}

test('every figure the docs quote comes from a kept file or is allowed with a reason, and no allowance is stale', () => {
  const { figures, untraced, stale } = check(ROOT, ALLOW);
  assert.ok(figures.length > 500, `only ${figures.length} figures found: is the scanner reading the pages?`);
  assert.deepEqual(untraced, [], 'figures no kept file gives: cite the kept file, generate them, or allow them');
  assert.deepEqual(stale, [], 'allow-list entries that no longer cover an untraceable figure: remove them');
  for (const e of ALLOW.paragraphs) assert.ok(e.reason?.length > 10, `no reason for ${e.page}: «${e.starts}»`);
});

test('a figure planted in a page fails the check; the same figure from the kept file it names passes', () => {
  const dir = copy();
  try {
    const page = join(dir, 'docs', 'streams.md');
    const md = readFileSync(page, 'utf8');
    writeFileSync(
      page,
      `${md}\nOn this machine node reads 4321.9 MB/s, 17.43× bun (see results/published/streams-scaling.json).\n`,
    );
    const { untraced } = check(dir, ALLOW);
    assert.deepEqual(
      untraced.map((u) => u.replace(/:\d+:/, ':')),
      ['docs/streams.md: 4321.9 MB/s', 'docs/streams.md: 17.43×'],
    );
    // A figure of that file, rounded as printed, is traced to it.
    const doc = JSON.parse(readFileSync(join(ROOT, 'results/published/streams-scaling.json'), 'utf8'));
    const row = doc.results.find((r) => r.status === 'ok' && r.throughput?.unit === 'MB/s');
    const quoted = `${row.throughput.value.toFixed(1)} MB/s`;
    writeFileSync(page, `${md}\nOn this machine node reads ${quoted} (results/published/streams-scaling.json).\n`);
    assert.deepEqual(check(dir, ALLOW).untraced, []);
    // Without the file named, the same figure is untraceable.
    writeFileSync(page, `${md}\nOn this machine node reads ${quoted}.\n`);
    assert.deepEqual(
      check(dir, ALLOW).untraced.map((u) => u.replace(/:\d+:/, ':')),
      [`docs/streams.md: ${quoted}`],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a figure quoted from `git show <commit>:<kept file>` traces to that commit’s copy, not today’s', {
  skip: shallowClone() && 'a shallow clone (CI’s checkouts may hold no history)',
}, () => {
  // e3d5b55 kept the quickstart run made before the kept files were made again from one commit.
  const kept = 'results/published/quickstart-sqrt-sin-loop.json';
  const then = JSON.parse(execFileSync('git', ['-C', ROOT, 'show', `e3d5b55:${kept}`], { encoding: 'utf8' }));
  const now = keptNumbers(join(ROOT, kept));
  const row = then.results.find(
    (r) =>
      r.status === 'ok' && !traceable(`${(r.throughput.value / 1e6).toFixed(2)}M`, ' ops/s', /** @type {any} */ (now)),
  );
  assert.ok(row, 'every figure of the old copy is also in today’s file: pick another commit');
  const quoted = `${(row.throughput.value / 1e6).toFixed(2)}M ops/s`;
  const dir = copy();
  try {
    const page = join(dir, 'docs', 'streams.md');
    const md = readFileSync(page, 'utf8');
    const planted = () => check(dir, ALLOW).untraced.filter((u) => u.endsWith(`: ${quoted}`));
    writeFileSync(page, `${md}\nThen it read ${quoted} (\`git show e3d5b55:${kept}\`).\n`);
    assert.deepEqual(planted(), []);
    writeFileSync(page, `${md}\nThen it read ${quoted} (${kept}).\n`);
    assert.deepEqual(
      planted().map((u) => u.replace(/:\d+:/, ':')),
      [`docs/streams.md: ${quoted}`],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a figure rounds from a kept number at its printed digits, in the unit it prints', () => {
  assert.equal(traceable('146', '×', [145.6]), true);
  assert.equal(traceable('146', '×', [146.6]), false);
  assert.equal(traceable('0.50', '×', [2]), true, 'a ratio the other way round');
  assert.equal(traceable('94.2', '%', [0.9417]), true, 'a share as a percentage');
  assert.equal(traceable('19.4', ' ms', [19_437_000]), true, 'ns as ms');
  assert.equal(traceable('45.7M', ' ops/s', [45_712_345]), true);
  assert.equal(traceable('12k', ' req/s', [12_600]), false);
});

test('code, generated blocks and versions are not figures; ranges give both ends', () => {
  const dir = copy();
  try {
    const md = [
      '# t',
      '',
      'Run `make compare BUDGET=10m` under node 24.9.0 at x64.',
      '',
      '```',
      'bun 5.34× faster',
      '```',
      '',
      '<!-- parity:table file=results/published/math-json-quick.json -->',
      '| 777 ops/s |',
      '<!-- parity:end -->',
      '',
      'Rounds spread from 36 to 68 MB/s and 12k–108k req/s; the table says 777 ops/s.',
    ].join('\n');
    writeFileSync(join(dir, 'docs', 'zz.md'), md);
    const figs = scanPage(dir, 'docs/zz.md');
    assert.deepEqual(
      figs.map((f) => [f.figure, Boolean(f.traced)]),
      [
        ['36 to 68 MB/s', false],
        ['36 to 68 MB/s', false],
        ['12k–108k req/s', false],
        ['12k–108k req/s', false],
        ['777 ops/s', true],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
