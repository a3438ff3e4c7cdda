import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeTestDoc, nodeTestRows, RUNTIMES } from '../../test/fixtures/node-test-doc.js';
import { compactResults } from './compact.js';
import { conformanceRows, nodeTestByFile, nodeTestRowsOf } from './conformance-form.js';
import { validateResults } from './file.js';
import { NODE_TEST_DETAIL_MAX } from './node-test.js';

test('Node test rows of a file on every runtime read back as the very rows they were, in their order', () => {
  const rows = nodeTestRows();
  const { conformance, notes } = nodeTestByFile(structuredClone(rows));
  assert.deepStrictEqual(
    conformance.flatMap((rec) => nodeTestRowsOf(rec, notes)),
    rows,
  );
  assert.equal(conformance.length, new Set(rows.map((r) => r.file)).size, 'one record per file');
  const first = conformance[0];
  assert.deepEqual(Object.keys(first), ['suite', 'source', 'file', 'module', 'runs']);
  assert.deepEqual(
    first.runs.map((r) => r.runtime),
    RUNTIMES,
  );
  // Each distinct note once for the whole file: the pass of every runtime, an error line two share.
  assert.equal(notes.length, new Set(notes.map((n) => JSON.stringify(n))).size);
  assert.deepEqual(
    notes.filter((n) => n.status === 'pass' && !n.retry),
    [{ status: 'pass', outcome: 'pass', detail: null }],
  );
  const cp = conformance.find((r) => r.file === 'parallel/test-fs-cp.js');
  const noteOf = (id) => cp?.runs.find((r) => r.runtime === id).note;
  assert.equal(noteOf('deno'), noteOf('bun'));
  assert.match(notes[noteOf('deno')].detail, /^AssertionError/);
  // A name that is not the file is kept once, on its record.
  const named = conformance.find((r) => r.file === 'parallel/test-url-format.js');
  assert.equal(named?.name, 'parallel/test-url-format.js (whatwg)');
  assert.ok(conformance.filter((r) => r !== named).every((r) => !('name' in r)));
});

test('a results file with Node test, WPT and check rows compacts to records that read back as its rows', () => {
  const doc = /** @type {any} */ (nodeTestDoc());
  const wpt = { runtime: 'deno', suite: 'url', source: 'wpt', folder: 'url', file: 'url/a.any.js', passed: 2 };
  doc.conformance.splice(5, 0, { ...wpt, failures: [] }, { ...wpt, runtime: 'bun', failures: [] });
  doc.conformance.push({
    runtime: 'node',
    suite: 'json',
    source: 'check',
    name: 'json/x',
    status: 'pass',
    detail: null,
  });
  const c = compactResults(structuredClone(doc));
  assert.equal(c.schema, 'parity.results/3');
  assert.deepEqual(validateResults(c), []);
  assert.deepStrictEqual(conformanceRows(c), conformanceRows(doc));
  assert.deepEqual(
    c.conformance.map((r) => `${r.source} ${r.file ?? r.name}`),
    [
      'node-test parallel/test-fs-read.js',
      'wpt url/a.any.js',
      ...new Set(doc.conformance.slice(7).flatMap((r) => (r.source === 'node-test' ? [`node-test ${r.file}`] : []))),
      'check json/x',
    ],
    'the order of rows stays',
  );
  assert.deepEqual(compactResults(c), c, 'compacting again changes nothing');
});

test('a detail longer than the run keeps is cut where the run cuts a first error line; a shorter one is kept whole', () => {
  const rows = nodeTestRows();
  const long = rows.find((r) => r.detail?.length === NODE_TEST_DETAIL_MAX);
  assert.ok(long, 'the fixture has a detail as long as the run keeps');
  rows[0] = { ...rows[0], status: 'expected-fail', outcome: 'fail', detail: `${'x'.repeat(NODE_TEST_DETAIL_MAX)}tail` };
  const { conformance, notes } = nodeTestByFile(rows);
  const back = conformance.flatMap((rec) => nodeTestRowsOf(rec, notes));
  assert.equal(back[0].detail, 'x'.repeat(NODE_TEST_DETAIL_MAX));
  assert.deepEqual(back.slice(1), rows.slice(1));
});

test('the schema takes the compact Node test form and refuses a malformed record or a missing note table', () => {
  const c = compactResults(nodeTestDoc());
  assert.deepEqual(validateResults(c), []);
  /** @param {(doc: any) => void} spoil */
  const errors = (spoil) => {
    const doc = structuredClone(c);
    spoil(doc);
    return validateResults(doc);
  };
  const rec = (doc) => doc.conformance[1];
  assert.notDeepEqual(
    errors((d) => delete rec(d).runs[0].note),
    [],
    'a run without its note',
  );
  assert.notDeepEqual(
    errors((d) => {
      rec(d).runs[0].note = 'pass';
    }),
    [],
    'a note that is not an index',
  );
  assert.notDeepEqual(
    errors((d) => {
      rec(d).runs[0].status = 'pass';
    }),
    [],
    'a run saying what its note says',
  );
  assert.notDeepEqual(
    errors((d) => {
      rec(d).runs = [];
    }),
    [],
    'a record of no runtime',
  );
  assert.notDeepEqual(
    errors((d) => delete rec(d).file),
    [],
    'a record without its file',
  );
  assert.notDeepEqual(
    errors((d) => {
      d.node_test_notes[0].outcome = 'passed';
    }),
    [],
    'a note with an outcome the run never writes',
  );
  assert.notDeepEqual(
    errors((d) => {
      d.node_test_notes[0].detail = 'x'.repeat(NODE_TEST_DETAIL_MAX + 1);
    }),
    [],
    'a detail longer than the run keeps',
  );
  assert.notDeepEqual(
    errors((d) => delete d.node_test_notes),
    [],
    'Node test records without the note table',
  );
});

test('a record naming a note the file lacks fails loudly, naming the file', () => {
  const c = compactResults(nodeTestDoc());
  c.conformance[0].runs[0].note = c.node_test_notes.length;
  assert.throws(() => conformanceRows(c), /parallel\/test-fs-read\.js names note \d+, which node_test_notes lacks/);
});
