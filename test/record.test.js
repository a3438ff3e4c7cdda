// The job's result record has one home, lib/measure/record.js: no other module
// builds one, and a field added there reaches a row with nothing else changed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ROOT } from '../lib/paths.js';

/** The module that owns the record. */
const HOME = 'lib/measure/record.js';

/**
 * Keys only a job's record has (rows copy them from it through rowFields): an object that sets one
 * is a record being built. Generic keys a record shares with other objects (status, unit, calls,
 * throughput, suspect, cpu_window) are left out, since tables and step replies use them too.
 */
const RECORD_KEYS = new Set([
  'units_per_call',
  'samples_ns',
  'samples_total',
  'median_ns',
  'ci95_ns',
  'noop_ns',
  'min_ns',
  'max_ns',
]);

/**
 * Modules outside HOME that still build a record, each with why it is not moved yet. The test
 * fails when one of them no longer does, so the list only shrinks.
 */
/** @type {Record<string, string>} */
const NOT_YET = {};

/**
 * Where a source text builds a record: an object literal that sets a RECORD_KEYS key (written
 * out, shorthand or quoted) or an assignment to one (`r.median_ns = …`). Reading one
 * (`row.median_ns`, `const { median_ns } = row`) and naming one in a JSDoc type are not building.
 * @param {string} text
 * @returns {string[]} `line: key` for each place
 */
export function recordBuilds(text) {
  const file = ts.createSourceFile('x.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** @type {string[]} */
  const found = [];
  const at = (node, key) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${key}`);
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
        if (name && RECORD_KEYS.has(name)) at(p, name);
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      RECORD_KEYS.has(node.left.name.text)
    )
      at(node, node.left.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Every non-test module of lib/, runners/ and suites/, but lib/report/ and lib/results/aggregate.js:
 * a table's cells summarise rows across rounds under the same names (cell.median_ns), and build no
 * job record.
 */
function modules() {
  return ['lib', 'runners', 'suites'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js') && !f.endsWith('.test.js') && !f.split('/').includes('fixtures'))
      .map((f) => `${dir}/${f}`)
      .filter((f) => !f.startsWith('lib/report/') && f !== 'lib/results/aggregate.js'),
  );
}

test('recordBuilds finds a record being built, and not one being read', () => {
  const bad = [
    'const r = { status: "ok", median_ns: 1 };',
    'return { ...x, samples_ns };',
    "const r = { 'noop_ns': null };",
    'row.ci95_ns = [1, 2];',
  ];
  for (const text of bad) assert.equal(recordBuilds(text).length, 1, text);
  const fine = [
    'const { median_ns } = row;',
    'const x = row.median_ns ?? null;',
    '/** @type {{median_ns: number}} */\nconst y = f();',
    'const cell = { suspect: row.suspect, calls: 3 };',
    "const s = 'median_ns: 5';",
  ];
  for (const text of fine) assert.deepEqual(recordBuilds(text), [], text);
});

test('no module but lib/measure/record.js builds a job record', () => {
  const files = modules();
  assert.ok(files.includes(HOME), `${HOME} is missing`);
  // The record module itself builds one: the check sees what it looks for.
  assert.ok(recordBuilds(readFileSync(join(ROOT, HOME), 'utf8')).length > 0);
  const offenders = files
    .filter((f) => f !== HOME)
    .flatMap((f) => recordBuilds(readFileSync(join(ROOT, f), 'utf8')).map((where) => `${f}:${where}`));
  const unexpected = offenders.filter((o) => !Object.keys(NOT_YET).some((f) => o.startsWith(`${f}:`)));
  assert.deepEqual(unexpected, [], `build the record with ${HOME} (summarise, failedRecord)`);
  for (const f of Object.keys(NOT_YET))
    assert.ok(
      offenders.some((o) => o.startsWith(`${f}:`)),
      `${f} no longer builds a record: drop it from NOT_YET`,
    );
});

test('a field added in lib/measure/record.js alone reaches the row, through a real runner and toRow', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'parity-record-'));
  try {
    for (const dir of ['lib', 'runners/node']) cpSync(join(ROOT, dir), join(tmp, dir), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(tmp, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'));
    const record = join(tmp, HOME);
    const src = readFileSync(record, 'utf8');
    // The one module's two places: the figure summarise builds, and what a row holds without it.
    const added = src
      .replace(/\n(\s*)noop_ns,\n/, '\n$1noop_ns,\n$1added_ns: median_ns * 2,\n')
      .replace('const FIGURES = {\n', 'const FIGURES = {\n  added_ns: null,\n');
    assert.equal(added.match(/added_ns/g)?.length, 2, 'the anchors in record.js moved: update this test');
    writeFileSync(record, added);
    writeFileSync(
      join(tmp, 'tiny.js'),
      'export default { name: "tiny", unit: "ops", params: {}, setup: () => ({ n: 0 }), run: (s) => { s.n++; return 1; }, verify() {} };',
    );
    const job = { id: 't/tiny', workload: pathToFileURL(join(tmp, 'tiny.js')).href, params: {} };
    const spec = { ...job, min_ms: 20, warmup_ms: 10, min_samples: 5 };
    const stdout = execFileSync(process.execPath, [join(tmp, 'runners/node/bench.js'), JSON.stringify(spec)], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const rowOf = async (root, outcome) => {
      const { parseRecord } = await import(pathToFileURL(join(root, HOME)).href);
      const { toRow } = await import(pathToFileURL(join(root, 'lib/runtimes/rows.js')).href);
      const planned = {
        runtime: { id: 'node' },
        workload: { suite: 't', name: 'tiny', module: {} },
        params: {},
        round: 1,
      };
      const base = { stderr: '', exit_code: 0, signal: null, wall_ms: 1, cpu_ms: null, rss_peak_bytes: null };
      return toRow(planned, { ...base, ...outcome }, parseRecord(stdout), {
        limits: { timeout_s: 1, mem_cap_bytes: 1 },
      });
    };
    const { parseRecord } = await import(pathToFileURL(join(ROOT, HOME)).href);
    // The harness built its record with the copy's summarise: the runner's line has the field.
    assert.equal(typeof parseRecord(stdout)?.added_ns, 'number', stdout);
    const row = await rowOf(tmp, {});
    assert.equal(row.status, 'ok', row.error);
    assert.equal(row.added_ns, row.median_ns * 2);
    // A job the outside overrides keeps none of its figures, the new one included.
    assert.equal((await rowOf(tmp, { killed_for: 'timeout' })).added_ns, null);
    // The repo itself has no such field: the copy's change is what carried it.
    assert.equal('added_ns' in (await rowOf(ROOT, {})), false);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
