import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { conformanceRows } from '../results/conformance-form.js';
import { validateResults } from '../results/file.js';
import { readConformanceRows, writeConformanceResults } from './results.js';

const row = (runtime, source, status = 'pass') => ({
  runtime,
  suite: 's',
  source,
  name: `${runtime}-${source}`,
  status,
  detail: null,
});

test('results are written atomically in the compact parity.results/2 shape and no tmp file left', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-res-'));
  const file = writeConformanceResults(
    {
      started: '2026-11-22T06:30:01.000Z',
      command: 'x',
      runtimes: [{ id: 'node', kind: 'node', bin: 'b' }],
      conformance: [row('node', 'wpt')],
    },
    dir,
  );
  assert.match(file, /20261122T063001Z-.+-conformance\.json$/);
  assert.deepEqual(readdirSync(dir), [file.split('/').pop()]);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(doc.schema, 'parity.results/2');
  assert.deepEqual(doc.results, []);
  assert.deepEqual(doc.conformance, [
    { runtime: 'node', suite: 's', source: 'wpt', file: 'node-wpt', passed: 1, failures: [] },
  ]);
  for (const key of ['started', 'finished', 'command', 'fingerprint', 'runtimes']) assert.ok(key in doc, key);
});

test('the newest file wins per runtime and source; older files fill the gaps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-res-'));
  const put = (name, rows) => writeFileSync(join(dir, name), JSON.stringify({ conformance: rows }));
  put('2026-01-01T00-00-00Z-h-conformance.json', [row('node', 'wpt', 'fail'), row('bun', 'wpt', 'fail')]);
  put('2026-01-02T00-00-00Z-h-conformance.json', [row('node', 'wpt', 'pass'), row('node', 'check')]);
  const { rows, files } = readConformanceRows([], dir);
  assert.equal(files.length, 2);
  assert.deepEqual(rows.map((r) => `${r.runtime}:${r.source}:${r.status}`).sort(), [
    'bun:wpt:fail',
    'node:check:pass',
    'node:wpt:pass',
  ]);
});

test('conformance results with WPT file accounting validate against the shared results schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-res-'));
  const file = writeConformanceResults(
    {
      started: new Date().toISOString(),
      command: 'x',
      runtimes: [{ id: 'node', kind: 'node', bin: 'node_modules/.bin/node' }],
      conformance: [
        {
          ...row('node', 'wpt', 'expected-fail'),
          folder: 'piping',
          file: 'streams/piping/a.any.js',
          subtest: 't',
          detail: 'why',
        },
      ],
      wpt: { dir: '/w', commits: {}, harness: 'h', files: { run: [], skipped: [], not_applicable: [] } },
    },
    dir,
  );
  assert.deepEqual(validateResults(JSON.parse(readFileSync(file, 'utf8'))), []);
});

test('rows that break the schema are refused before anything is written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-res-'));
  const bad = {
    started: new Date().toISOString(),
    command: 'x',
    runtimes: [],
    conformance: [row('node', 'wpt', 'skipped')],
  };
  assert.throws(() => writeConformanceResults(bad, dir), /do not match parity\.results\/2: .*(status|allowed values)/);
  assert.deepEqual(readdirSync(dir), []);
});

test('a compact file keeps each file’s subtests together and reads back as the same counts and failures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-res-'));
  /** @type {(runtime: string, file: string, subtest: string, status: string, detail?: string | null) => any} */
  const sub = (runtime, file, subtest, status, detail = null) => ({
    runtime,
    suite: 'url',
    source: 'wpt',
    folder: 'f',
    file,
    name: `${file} > ${subtest}`,
    subtest,
    status,
    detail,
  });
  const rows = [];
  for (let i = 0; i < 500; i++) rows.push(sub('node', 'url/a.any.js', `case ${i} with a long name`, 'pass'));
  rows.push(sub('node', 'url/a.any.js', 'broken', 'fail', 'x'.repeat(1000)));
  rows.push(sub('bun', 'url/a.any.js', 'broken', 'pass'));
  rows.push({ runtime: 'node', suite: 'json', source: 'check', name: 'json/x', status: 'pass', detail: null });
  const file = writeConformanceResults(
    { started: new Date().toISOString(), command: 'x', runtimes: [], conformance: rows },
    dir,
  );
  const text = readFileSync(file, 'utf8');
  // 500 passing names are not repeated: the file holds their count.
  assert.ok(!text.includes('case 499'), 'passing subtests are counted, not named');
  const doc = JSON.parse(text);
  assert.deepEqual(validateResults(doc), []);
  const back = /** @type {any[]} */ (conformanceRows(doc));
  const node = back.filter((r) => r.runtime === 'node' && r.source === 'wpt');
  assert.equal(
    node.reduce((n, r) => n + (r.status === 'pass' ? (r.count ?? 1) : 0), 0),
    500,
  );
  const broken = node.find((r) => r.subtest === 'broken');
  assert.equal(broken?.status, 'fail');
  assert.equal(broken?.detail?.length, 240, 'a failure keeps the start of its message');
  assert.ok(
    back.some((r) => r.source === 'check' && r.name === 'json/x'),
    'check rows stay rows',
  );
});
