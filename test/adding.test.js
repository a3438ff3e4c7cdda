// docs/adding.md is a test: in a temporary copy of the repository, do what the page says (write
// its `file=` blocks, apply its `diff file=` blocks, run the lines of its Try-it block) and check
// that the new workload, server workload, suite and analysis, runtime kind, variant and export
// format work through the real CLI. The snippets come from the page, so the two cannot drift.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';

const NODE = join(ROOT, 'node_modules', 'node', 'bin', 'node');
const PAGE = readFileSync(join(ROOT, 'docs', 'adding.md'), 'utf8');
/** What the test adds to each `run` line of the page: one round, the shortest jobs (a few seconds). */
const FAST = ['--rounds', '1', '--min-ms', '5', '--warmup-ms', '20'];

/**
 * The page's blocks marked with a file: ```<lang> file=<path>.
 * @param {string} md
 * @returns {{lang: string, file: string, body: string}[]}
 */
export function fileBlocks(md) {
  return [...md.matchAll(/^```(\w+) file=(\S+)\n([\s\S]*?)^```$/gm)].map(([, lang, file, body]) => ({
    lang,
    file,
    body,
  }));
}

/**
 * Apply a `diff` block: each change (changes split by `@@` lines) is its context and `-` lines,
 * which must appear exactly once in `text`, replaced by its context and `+` lines.
 * @param {string} text
 * @param {string} body
 * @param {string} file for the error
 */
export function applyDiff(text, body, file) {
  let out = text;
  for (const change of body.split(/^@@.*\n/m)) {
    const lines = change.replace(/\n$/, '').split('\n');
    const bad = lines.find((l) => l !== '' && !/^[ +-]/.test(l));
    if (bad !== undefined) throw new Error(`${file}: a diff line starts with neither space, + nor -: ${bad}`);
    const side = (keep) => lines.filter((l) => l === '' || keep.includes(l[0])).map((l) => l.slice(1));
    const before = `${side(' -').join('\n')}\n`;
    const after = `${side(' +').join('\n')}\n`;
    const count = out.split(before).length - 1;
    if (count !== 1) throw new Error(`${file}: the page's context appears ${count} times, not once:\n${before}`);
    out = out.replace(before, () => after);
  }
  return out;
}

/** The lines of the sh block under the page's "## Try it" heading. */
export function tryLines(md) {
  const section = md.split(/^## Try it$/m)[1] ?? '';
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? '';
  return block.split('\n').filter((l) => l.trim() !== '');
}

/** The tracked files of the checkout, copied into a temporary folder; node_modules and .tools linked. */
function copyRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'parity-adding-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const f of files) {
    if (!f || !existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(dir, f));
  }
  for (const link of ['node_modules', '.tools']) {
    if (existsSync(join(ROOT, link))) symlinkSync(join(ROOT, link), join(dir, link));
  }
  mkdirSync(join(dir, 'results'), { recursive: true });
  return dir;
}

/** Do what the page says in `dir`: new files written, changes applied. */
function followPage(dir) {
  for (const { lang, file, body } of fileBlocks(PAGE)) {
    const path = join(dir, file);
    if (lang === 'diff') {
      writeFileSync(path, applyDiff(readFileSync(path, 'utf8'), body, file));
    } else {
      assert.ok(!existsSync(path), `the page's example ${file} exists in the repository already: pick another`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, body);
    }
  }
}

/** Run one line of the page in `dir` with the pinned node; `run` lines get FAST. */
function runLine(dir, line) {
  assert.doesNotMatch(line, /["'$|&;<>]/, `a Try-it line is plain words: ${line}`);
  const [cmd, ...args] = line.split(/\s+/);
  assert.equal(cmd, 'node', `a Try-it line starts with node: ${line}`);
  const extra = args[0] === 'lib/run/cli.js' && args[1] === 'run' ? FAST : [];
  const env = { ...process.env };
  for (const k of ['PARITY_REGISTRY', 'QUICK', 'NODE_TEST_CONTEXT']) delete env[k];
  const r = spawnSync(NODE, [...args, ...extra], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `${line}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test('the page parses: file blocks for every kind of addition, diffs with context, a Try-it block', () => {
  const files = fileBlocks(PAGE).map((b) => b.file);
  for (const f of [
    'suites/math/hypot.js',
    'suites/http/hello.js',
    'suites/text/encode.js',
    'lib/report/analyses/text.js',
    'runners/nodealias/kind.json',
    'runners/nodealias/bench.js',
    'runners/nodealias/globals.d.ts',
    'lib/report/export/csv.js',
  ]) {
    assert.ok(files.includes(f), `docs/adding.md has a block for ${f}`);
  }
  assert.equal(applyDiff('a\nb\nc\n', ' a\n+x\n b\n@@\n-c\n+d\n', 't'), 'a\nx\nb\nd\n');
  assert.throws(() => applyDiff('a\na\n', ' a\n+x\n', 't'), /appears 2 times, not once/);
  assert.throws(() => applyDiff('a\n', ' z\n+x\n', 't'), /appears 0 times/);
  assert.ok(tryLines(PAGE).length >= 5);
});

test('docs/adding.md, followed in a copy of the repository: workload, server workload, suite, analysis, kind, variant and format all work', () => {
  const dir = copyRepo();
  try {
    followPage(dir);
    const [globals, bench, server, table, exported, tests, ...rest] = tryLines(PAGE);
    assert.deepEqual(rest, []);

    // The kind's globals are in biome.json's rule for suites/**, and the lint refuses them there.
    runLine(dir, globals);
    assert.match(readFileSync(join(dir, 'biome.json'), 'utf8'), /"NodeAlias": "Runtime-specific \(nodealias\)/);
    writeFileSync(join(dir, 'suites', 'text', '_alias.js'), 'export const x = NodeAlias;\n');
    const lint = spawnSync(join(dir, 'node_modules', '.bin', 'biome'), ['lint', 'suites/text/_alias.js'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.notEqual(lint.status, 0);
    assert.match(lint.stdout + lint.stderr, /Runtime-specific \(nodealias\)/);
    rmSync(join(dir, 'suites', 'text', '_alias.js'));

    // The new workload and the new suite on node, the new kind and the new variant: every row ok.
    runLine(dir, bench);
    const doc = JSON.parse(readFileSync(join(dir, 'results', 'adding.json'), 'utf8'));
    const kinds = Object.fromEntries(doc.runtimes.map((r) => [r.id, r]));
    assert.equal(kinds.nodealias.kind, 'nodealias');
    assert.deepEqual(kinds['node+jitless'].flags, ['--jitless']);
    const cells = doc.results.map((r) => `${r.runtime} ${r.suite}/${r.workload.split('/').pop()}`).sort();
    assert.deepEqual(cells, [
      'node math/hypot',
      'node text/encode',
      'node+jitless math/hypot',
      'node+jitless text/encode',
      'nodealias math/hypot',
      'nodealias text/encode',
    ]);
    for (const r of doc.results) assert.equal(r.status, 'ok', `${r.runtime} ${r.workload}: ${r.error}`);

    // The new route as a server workload on the new kind, through its server entry.
    runLine(dir, server);
    const http = JSON.parse(readFileSync(join(dir, 'results', 'adding-http.json'), 'utf8'));
    assert.equal(http.results.length, 1);
    const [row] = http.results;
    assert.equal(row.status, 'ok', row.error);
    assert.equal(row.runtime, 'nodealias');
    assert.equal(row.unit, 'requests');
    assert.ok(row.report.verified > 0, 'the warm-up responses were checked by the workload');

    // The suite's analysis prints under the main tables, and the export format prints.
    const printed = runLine(dir, table);
    assert.match(printed, /Text: median time per call by runtime/);
    assert.match(printed, /nodealias/);
    const csv = runLine(dir, exported).trimEnd().split('\n');
    assert.equal(csv[0], 'runtime,suite,workload,params,round,status,median_ns');
    assert.equal(csv.length, doc.results.length + 1);
    assert.match(csv[1], /^node[^,]*,(math|text),/);
    runLine(dir, tests);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
