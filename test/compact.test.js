// The compact kept form loses nothing a reader prints (lib/results/compact.js): every printer
// (tables in every SHOW mode and as markdown, the A/A report and floor, diff, merge, the HTML
// report, the BMF export, the spread and coverage population, the conformance reports) prints the
// same from a file and from its compact form. The files proven by default are kept files that are
// not compacted, one per kind of row (HTTP with its RSS curves and process trees, workers' pools
// with unsupported rows, math and json with accuracy reports, start-up with its samples, an A/A
// run, a WPT run), a synthetic file with failed jobs and a synthetic make node-compat file
// (test/fixtures/node-test-doc.js), whose printers are its per-module table (make
// node-compat-table and the docs block), the HTML heat map and the cross-check against Deno's
// config. PARITY_COMPACT_FILES="a.json b.json" proves others: the compacted kept files were proven
// so, from their indented originals.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { crosscheck } from '../lib/conformance/node-test/crosscheck.js';
import { readConformanceRows } from '../lib/conformance/results.js';
import { populationOf } from '../lib/measure/stats/population.js';
import { ROOT, splitList } from '../lib/paths.js';
import { aaReport } from '../lib/report/across/aa.js';
import { diffGate } from '../lib/report/across/diff.js';
import { mergeTable } from '../lib/report/across/merge.js';
import { spreadReport } from '../lib/report/across/spread.js';
import { analysesOf } from '../lib/report/analyses/index.js';
import { regenerate } from '../lib/report/docs-blocks.js';
import { EXPORTS } from '../lib/report/export/formats.js';
import { crossRuntimeDiff } from '../lib/report/model/conformance.js';
import { precisionHeader } from '../lib/report/model/precision-header.js';
import { conformanceReport, formatDiff } from '../lib/report/text/conformance.js';
import { nodeTestDocsReport } from '../lib/report/text/node-test.js';
import { printTable } from '../lib/report/text/print.js';
import { renderResults } from '../lib/report/text/render.js';
import { floorByRow } from '../lib/results/aa.js';
import { compactFile, compactResults, DROPPED } from '../lib/results/compact.js';
import { conformanceRows } from '../lib/results/conformance-form.js';
import { readResults, validateResults, writeJsonAtomic } from '../lib/results/file.js';
import { REFERENCE } from '../lib/results/node-test.js';
import { SHOW_VALUES } from '../lib/run/inputs.js';
import { nodeTestDoc } from './fixtures/node-test-doc.js';
import { row, doc as tableDoc } from './fixtures/table-doc.js';

const kept = (name) => join(ROOT, 'results', 'published', name);

/** Uncompacted kept files, one per kind of row a printer reads differently. */
const PROVEN = process.env.PARITY_COMPACT_FILES
  ? splitList(process.env.PARITY_COMPACT_FILES)
  : [
      'aa-node-http-quick.json',
      'workers-pools-quick.json',
      'math-json-quick.json',
      'startup-quick.json',
      'conformance-streams-wpt.json',
    ].map(kept);

/** The kept files in the compact form (they were 3.3–7.8 MB), and the size a committed file may have. */
const COMPACTED = [
  'all-quick.json',
  'rounds-math-json-quick.json',
  'aa-node-all-quick.json',
  'conformance-wpt-all.json',
  'aa-node-math-json-full.json',
  'math-full-10m-precision.json',
  'node-compat-all.json',
];
const MAX_BYTES = 2e6;

/**
 * A Deno config.jsonc's tests for the files of some rows: every other file listed as expected to
 * pass, the rest as ignored, so the cross-check both agrees and differs.
 * @param {any[]} rows
 */
function denoTests(rows) {
  const files = [...new Set(rows.map((r) => r.file))];
  return Object.fromEntries(files.map((f, i) => [f, i % 2 ? {} : { ignore: true, reason: 'not on CI' }]));
}

/**
 * What every printer prints from a document, by printer. A printer that throws prints its error,
 * so a file it cannot read compares too.
 * @param {any} doc
 * @returns {Record<string, string>}
 */
function printed(doc) {
  const ids = doc.runtimes.map((r) => r.id);
  const analyses = analysesOf(doc);
  const table = (o) => `${precisionHeader(doc.adaptive)}\n${renderResults(doc, { ...o, analyses })}`;
  /** @type {Record<string, () => string>} */
  const printers = {
    table: () => table({}),
    markdown: () => table({ markdown: true }),
    'markdown, every SHOW': () => table({ markdown: true, show: SHOW_VALUES }),
    'baseline last': () => table({ baseline: ids.at(-1), only: 'main' }),
    ...Object.fromEntries(SHOW_VALUES.map((s) => [`SHOW=${s}`, () => table({ show: [s] })])),
    aa: () => {
      const r = aaReport(doc);
      return `${printTable(r.table, { format: 'markdown' })}\n${r.verdict}`;
    },
    'table with its own floor': () => table({ floor: floorByRow(doc) }),
    diff: () => {
      const d = diffGate(doc, doc, {});
      return `${printTable(d.table)}\n${d.summary}`;
    },
    merge: () => printTable(mergeTable([doc])),
    spread: () => spreadReport(doc, ids[0]).join('\n'),
    population: () => JSON.stringify(populationOf(doc.results, ids[0], 2)),
    conformance: () => conformanceReport(conformanceRows(doc)),
    'node-compat table': () =>
      nodeTestDocsReport(
        [doc],
        conformanceRows(doc).filter((r) => r.source === 'node-test'),
        REFERENCE,
      ),
    'deno cross-check': () => {
      const rows = conformanceRows(doc).filter((r) => r.source === 'node-test');
      return JSON.stringify(
        crosscheck(
          rows.filter((r) => r.runtime === 'deno'),
          denoTests(rows),
        ),
      );
    },
    'wpt-diff': () => formatDiff(crossRuntimeDiff(conformanceRows(doc))),
    ...Object.fromEntries(
      Object.entries(EXPORTS)
        .filter(([name]) => name !== 'json')
        .map(([name, f]) => [`export ${name}`, () => JSON.stringify(f.render(doc))]),
    ),
  };
  return Object.fromEntries(
    Object.entries(printers).map(([name, print]) => {
      try {
        return [name, print()];
      } catch (e) {
        return [name, `throws: ${/** @type {Error} */ (e).message}`];
      }
    }),
  );
}

/**
 * The printers whose output differs between a document and what `compact` makes of it; `failing`:
 * those that throw on the document itself (an A/A report of a file that is not one).
 */
function changedPrinters(doc, compact = compactResults) {
  const before = printed(structuredClone(doc));
  const after = printed(compact(structuredClone(doc)));
  return {
    changed: Object.keys(before).filter((k) => before[k] !== after[k]),
    failing: Object.keys(before).filter((k) => before[k].startsWith('throws:')),
  };
}

/** A file with a failed job of each kind beside ok and unsupported rows, each with what a job writes. */
function withFailures() {
  const cpu = { user: 1, sys: 0 };
  const tree = {
    ...{ source: '/proc', interval_ms: 20, samples: 3, wall_ms: 60, children: [] },
    parent: { pid: 2, comm: 'node', cpu_ms: cpu, rss_peak_bytes: 1, threads: [] },
    summary: { parent_cpu_ms: 1, children: 0, worker_threads: 0, worker_threads_cpu_ms: 0 },
  };
  const job = (status, extra = {}) => ({
    ...{ runtime_version: 'v1', engine: 'V8', samples_ns: [1000, 1001] },
    tree,
    repro: `node runners/node/bench.js {"round":${extra.round ?? 1}}`,
    inproc: { cpu_ms: cpu },
    phase: status === 'ok' ? null : 'setup',
    exit_code: status === 'ok' ? 0 : 1,
    signal: null,
    engine_version: '1.0',
    cpu_window: { user_ms: 9, sys_ms: 1, wall_ms: 10, source: 'proc', calls: 5, wait_ms: 1, main_thread_ms: 9 },
    ...extra,
    status,
    error: status === 'ok' ? null : `it ${status}`,
  });
  const d = tableDoc([
    ...[1, 2, 3].flatMap((round) => [row('a', round, 1000, job('ok', { round })), row('b', round, 900, job('ok'))]),
    row('b', 4, 900, job('timeout', { round: 4 })),
    row('a', 4, 1000, job('error', { round: 4 })),
    row('a', 5, 1000, job('unsupported', { round: 5 })),
  ]);
  for (const r of d.runtimes) r.engine_version = '1.0';
  return d;
}

for (const file of PROVEN) {
  test(`every printer prints the same from ${file.replace(`${ROOT}/`, '')} and its compact form`, () => {
    const { changed, failing } = changedPrinters(readResults(file));
    assert.deepEqual(changed, []);
    // Compared, not merely failing alike: only the A/A printers may refuse a file (not an A/A run).
    assert.deepEqual(
      failing.filter((p) => !['aa', 'table with its own floor'].includes(p)),
      [],
    );
  });
}

test('failed jobs keep their repro line and every other field; the rest lose only what DROPPED names', () => {
  const doc = withFailures();
  assert.deepEqual(changedPrinters(doc).changed, []);
  const c = compactResults(doc);
  assert.deepEqual(validateResults(c), []);
  for (const [i, r] of c.results.entries()) {
    if (['ok', 'unsupported'].includes(r.status)) {
      for (const k of Object.keys(DROPPED)) {
        const [a, b] = k.split('.');
        assert.ok(!(b ? b in (r[a] ?? {}) : a in r), `${r.status} row still has ${k}`);
      }
      assert.equal(r.cpu_window.user_ms, 9);
    } else assert.deepEqual(r, doc.results[i], `the ${r.status} row is whole`);
  }
  assert.deepEqual(c.compacted.fields, Object.keys(DROPPED));
  assert.deepEqual(c.provenance, doc.provenance);
  // The notes name the failed jobs' commands, from the compact form too.
  assert.match(printed(c).table, /s\/w chunk=1024 on b: timeout \(it timeout\) — Command: node runners\//);
  // A row's engine version that differs from its runtime's is kept, not dropped as a copy.
  const engine = withFailures();
  engine.runtimes[0].engine_version = '2.0';
  assert.ok(compactResults(engine).results.every((r) => r.runtime !== 'a' || r.engine_version === '1.0'));
});

test('the check can fail: dropping a field a printer reads changes what it prints', () => {
  const drop = (field) => (d) => ({ ...d, results: d.results.map(({ [field]: _, ...r }) => r) });
  assert.ok(changedPrinters(withFailures(), drop('repro')).changed.includes('table'));
  const pools = readResults(kept('workers-pools-quick.json'));
  assert.ok(changedPrinters(pools, drop('metrics')).changed.includes('SHOW=metrics'));
  // A WPT failure's message is printed by wpt-diff and the HTML report.
  const wpt = readResults(kept('conformance-streams-wpt.json'));
  const noDetail = (d) => ({
    ...d,
    conformance: d.conformance.map((r) => ({ ...r, failures: r.failures?.map((f) => ({ ...f, detail: null })) })),
  });
  assert.deepEqual(
    changedPrinters(wpt, noDetail).changed.filter((p) => ['wpt-diff', 'export html'].includes(p)),
    ['wpt-diff', 'export html'],
  );
  // A Node test file's first error lines are printed by the HTML report and the cross-check, its
  // modules by the per-module table.
  const spoilNotes = (f) => (d) => {
    const c = compactResults(d);
    return { ...c, node_test_notes: c.node_test_notes.map(f) };
  };
  const nodeTest = nodeTestDoc();
  assert.deepEqual(
    changedPrinters(
      nodeTest,
      spoilNotes((n) => ({ ...n, detail: null })),
    ).changed.filter((p) => ['export html', 'deno cross-check'].includes(p)),
    ['deno cross-check', 'export html'],
  );
  const noModule = (d) => {
    const c = compactResults(d);
    return { ...c, conformance: c.conformance.map(({ module: _, ...r }) => ({ ...r, module: 'other' })) };
  };
  assert.ok(changedPrinters(nodeTest, noModule).changed.includes('node-compat table'));
  // What a run's note says (status, outcome, kind) is read by every Node test printer.
  assert.ok(
    changedPrinters(
      nodeTest,
      spoilNotes(({ kind: _, ...n }) => n),
    ).changed.includes('node-compat table'),
  );
});

test('every printer prints the same from a make node-compat file and its compact form', () => {
  const doc = nodeTestDoc();
  const { changed, failing } = changedPrinters(doc);
  assert.deepEqual(changed, []);
  assert.deepEqual(
    failing.filter((p) => !['aa', 'table with its own floor'].includes(p)),
    [],
  );
  const out = printed(compactResults(doc));
  // The printers do print its rows: its modules, the failing files' first error lines.
  assert.match(out['node-compat table'], /^fs \(2 files\): node@25\.8\.1 passes 2 of 2/m);
  assert.match(out['export html'], /double free detected in tcache 2/);
  assert.match(out['deno cross-check'], /"parity":"fail","detail":"AssertionError \[ERR_ASSERTION\]/);
});

test('the node-compat docs block, make node-compat-table and the run readers read a compact Node test file as its original', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-compact-node-test-'));
  try {
    const full = join(dir, 'full.json');
    const compact = join(dir, 'compact.json');
    writeJsonAtomic(full, nodeTestDoc());
    writeJsonAtomic(compact, nodeTestDoc());
    compactFile(compact);
    assert.equal(readResults(compact).schema, 'parity.results/3');
    // The block as make readme writes it, but for its first line, which names the file.
    const block = async (file) =>
      (await regenerate(`<!-- parity:node-compat file=${relative(ROOT, file)} -->\n<!-- parity:end -->`))
        .split('\n')
        .slice(1)
        .join('\n');
    assert.equal(await block(compact), await block(full));
    assert.match(await block(full), /node@22: unsupported: /);
    assert.deepStrictEqual(readConformanceRows([compact]).rows, readConformanceRows([full]).rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('compact rewrites a file on one line, valid, with provenance as it was; again, it changes nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-compact-'));
  try {
    const file = join(dir, 'r.json');
    const doc = withFailures();
    writeFileSync(file, JSON.stringify(doc, null, 1));
    const first = compactFile(file);
    assert.ok(first.after < first.before, JSON.stringify(first));
    const text = readFileSync(file, 'utf8');
    assert.equal(text.trimEnd().split('\n').length, 1);
    assert.deepEqual(readResults(file).provenance, doc.provenance);
    compactFile(file);
    assert.equal(readFileSync(file, 'utf8'), text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('WPT records of a file on every runtime read back as the very rows they were, each subtest named once', () => {
  const rec = (runtime, file, failures, passed = 1) => ({
    runtime,
    suite: 'url',
    source: 'wpt',
    folder: 'url',
    file,
    passed,
    failures,
  });
  /** @type {(subtest: string, detail?: string | null, kind?: string | null) => any} */
  const fail = (subtest, detail = 'x is not defined', kind = 'not-implemented') => ({
    subtest,
    status: 'expected-fail',
    detail,
    ...(kind ? { kind } : {}),
  });
  const doc = {
    ...tableDoc([]),
    schema: 'parity.results/2',
    conformance: [
      rec('node', 'url/a.any.js', [fail('one'), fail('two', null, null), fail('three', 'other')]),
      rec('bun', 'url/a.any.js', [fail('three', 'other'), fail('one')], 0),
      { runtime: 'node', suite: 'json', source: 'check', name: 'json/x', status: 'pass', detail: null },
      rec('deno', 'url/b.any.js', []),
      // The same file again after another: its own record, so the order of rows stays.
      rec('deno', 'url/a.any.js', [{ subtest: 'one', status: 'fail', detail: 'boom' }]),
    ],
  };
  const c = compactResults(structuredClone(doc));
  assert.equal(c.schema, 'parity.results/3');
  assert.deepEqual(validateResults(c), []);
  assert.deepStrictEqual(conformanceRows(c), conformanceRows(doc));
  assert.equal(
    JSON.stringify(c.conformance[0]).split('"three"').length - 1,
    1,
    'a subtest failing on two runtimes is named once',
  );
  assert.equal(c.conformance.length, 4);
  assert.deepEqual(compactResults(c), c);
});

test('the kept files that were over 2 MB are compact and under it now', () => {
  for (const name of COMPACTED) {
    const doc = readResults(kept(name));
    assert.ok(doc.compacted, `${name} is not in the compact form: node lib/run/cli.js compact ${name}`);
    assert.deepEqual(compactResults(doc), doc, `${name}: compacting it again would change it`);
    assert.ok(statSync(kept(name)).size < MAX_BYTES, `${name}: ${statSync(kept(name)).size} bytes`);
  }
});
