import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passCounts } from '../../results/status.js';
import { formatDiff } from '../text/conformance.js';
import { printTable } from '../text/print.js';
import { conformanceTable, crossRuntimeDiff, interfaceSummary, interfaceTable } from './conformance.js';
import { commitsLine } from './conformance-map.js';

const wpt = (runtime, folder, subtest, status) => ({
  runtime,
  suite: 'streams',
  source: 'wpt',
  folder,
  file: `streams/${folder}/a.any.js`,
  subtest,
  name: `streams/${folder}/a.any.js > ${subtest}`,
  status,
  detail: status === 'pass' ? null : 'why',
});
const ROWS = [
  wpt('node', 'piping', 's1', 'pass'),
  wpt('node', 'piping', 's2', 'pass'),
  wpt('node', 'piping', 's3', 'expected-fail'),
  wpt('deno', 'piping', 's1', 'pass'),
  wpt('deno', 'piping', 's2', 'fail'),
  wpt('deno', 'piping', 's3', 'fail'),
  wpt('bun', 'piping', 's1', 'unexpected-pass'),
  wpt('bun', 'piping', 's2', 'pass'),
  wpt('bun', 'piping', 's3', 'timeout'),
  wpt('bun', 'tee', '(harness)', 'error'),
  {
    runtime: 'node',
    suite: 'json',
    source: 'check',
    folder: 'json/raw-json',
    check: 'raw-json',
    name: 'json/raw-json',
    status: 'pass',
    detail: null,
  },
  {
    runtime: 'bun',
    suite: 'json',
    source: 'check',
    folder: 'json/raw-json',
    check: 'raw-json',
    name: 'json/raw-json',
    status: 'expected-fail',
    detail: 'x',
  },
];

test('passCounts counts unexpected passes as passed and file errors apart from subtests', () => {
  assert.deepEqual(passCounts(ROWS, 'bun', 'piping'), {
    passed: 2,
    total: 3,
    failed: 0,
    expectedFail: 0,
    unexpectedPass: 1,
    timeout: 1,
    error: 0,
    fileErrors: 0,
    unexpected: 1,
    notJudged: 0,
  });
  assert.equal(passCounts(ROWS, 'bun').fileErrors, 1);
  assert.equal(passCounts(ROWS, 'node', 'json/raw-json').passed, 1);
  assert.equal(passCounts(ROWS, 'node', 'piping').unexpected, 0);
});

test('the table puts runtimes side by side with passed/total and marks unexpected failures', () => {
  const lines = printTable(conformanceTable(ROWS)).split('\n');
  assert.deepEqual(lines[0].split(/\s+/).filter(Boolean), ['node', 'deno', 'bun']);
  assert.deepEqual(String(lines.find((l) => l.startsWith('streams/piping'))).split(/\s{2,}/), [
    'streams/piping',
    '2/3',
    '1/3 !',
    '2/3 !',
  ]);
  assert.deepEqual(String(lines.find((l) => l.startsWith('streams/tee'))).split(/\s{2,}/), [
    'streams/tee',
    '-',
    '-',
    '0/0 +1E !',
  ]);
  assert.deepEqual(String(lines.find((l) => l.startsWith('check json/raw-json'))).split(/\s{2,}/), [
    'check json/raw-json',
    '1/1',
    '-',
    '0/1',
  ]);
  assert.ok(lines.some((l) => l.startsWith('WPT total')));
  const widths = new Set(lines.map((l) => l.length));
  assert.ok(widths.size <= lines.length, 'columns are aligned by padding');
});

test('the markdown table has a header separator and right-aligned runtime columns', () => {
  const md = printTable(conformanceTable(ROWS), { format: 'markdown' }).split('\n');
  assert.equal(md[0], '|  | node | deno | bun |');
  assert.equal(md[1], '| --- | ---: | ---: | ---: |');
});

test('the cross-runtime diff says where each subtest fails', () => {
  const diff = crossRuntimeDiff(ROWS);
  const by = Object.fromEntries(diff.map((d) => [d.name, d.category]));
  assert.equal(by['streams/piping/a.any.js > s1'], undefined, 'passes everywhere, not listed');
  assert.equal(by['streams/piping/a.any.js > s2'], 'fails only on deno');
  assert.equal(by['streams/piping/a.any.js > s3'], 'fails everywhere');
  assert.equal(by['json/raw-json'], 'fails only on bun');
  assert.deepEqual(diff.find((d) => d.name === 'json/raw-json')?.missing, ['deno']);
  const three = [wpt('node', 'p', 'x', 'fail'), wpt('deno', 'p', 'x', 'pass'), wpt('bun', 'p', 'x', 'fail')];
  assert.equal(crossRuntimeDiff(three)[0].category, 'passes only on deno');
  assert.match(
    formatDiff(diff),
    /fails only on deno \(1\):\n {2}streams\/piping\/a\.any\.js > s2\n {6}deno: fail: why/,
  );
});

test('harness and outdated-test failures are shown apart and never lower the cell or the summary', () => {
  const kinded = (runtime, subtest, kind) => ({ ...wpt(runtime, 'piping', subtest, 'expected-fail'), kind });
  const rows = [
    wpt('node', 'piping', 's1', 'pass'),
    kinded('node', 's2', 'harness'),
    kinded('node', 's3', 'outdated-test'),
    wpt('deno', 'piping', 's1', 'pass'),
    kinded('deno', 's2', 'bug'),
    kinded('deno', 's3', 'outdated-test'),
  ];
  assert.deepEqual(
    ['node', 'deno'].map((rt) => [
      passCounts(rows, rt).passed,
      passCounts(rows, rt).total,
      passCounts(rows, rt).notJudged,
    ]),
    [
      [1, 1, 2],
      [1, 2, 1],
    ],
  );
  const line = printTable(conformanceTable(rows))
    .split('\n')
    .find((l) => l.startsWith('streams/piping'));
  assert.deepEqual(String(line).split(/\s{2,}/), ['streams/piping', '1/1 +2nj', '1/2 +1nj']);
  const byRt = new Map(['node', 'deno'].map((rt) => [rt, rows.filter((r) => r.runtime === rt)]));
  assert.equal(
    interfaceSummary('Streams', byRt, ['node', 'deno']),
    'Streams: node 1/1 (+2 not judged: 1 harness, 1 outdated-test); deno 1/2 (expected: 1 bug; +1 not judged: 1 outdated-test)',
  );
});

test('every listed interface is a row, those outside ECMA-429 under their own heading, tentative files apart', () => {
  const row = (subtest, status, file, iface) => ({ ...wpt('node', 'x', subtest, status), file, interface: iface });
  const rows = [
    row('a', 'pass', 'url/a.any.js', 'URL'),
    row('b', 'expected-fail', 'url/b.tentative.any.js', 'URL'),
    row('c', 'pass', 'web-locks/c.any.js', 'Web Locks'),
  ];
  const interfaces = [
    { name: 'URL', dirs: ['url'] },
    { name: 'fetch', dirs: ['fetch/api'] },
    { name: 'reportError', dirs: [], upstream: 'html/webappapis/scripting: no directory pinned' },
    { name: 'Web Locks', dirs: ['web-locks'], ecma429: false },
  ];
  const { table, summary } = interfaceTable(rows, {
    runtimes: ['node'],
    interfaces,
    commits: { url: 'c928b19ab04a4525' },
  });
  const lines = printTable(table)
    .split('\n')
    .map((l) =>
      l
        .split(/\s{2,}/)
        .filter(Boolean)
        .join(' | '),
    );
  const at = (label) => String(lines.find((l) => l.startsWith(label)));
  assert.equal(at('URL'), 'URL | 1/1');
  assert.ok(
    lines.some((l) => l === 'tentative | 0/1'),
    lines.join('\n'),
  );
  assert.equal(at('fetch'), 'fetch | -');
  assert.equal(at('ECMA-429 total'), 'ECMA-429 total, stable files | 1/1');
  assert.ok(lines.indexOf(at('outside ECMA-429:')) < lines.indexOf(at('Web Locks')));
  assert.equal(at('outside ECMA-429 total'), 'outside ECMA-429 total, stable files | 1/1');
  assert.equal(at('tentative files'), 'tentative files | 0/1');
  assert.ok(summary.includes('fetch: no WPT in this copy (fetch/api not in the WPT copy run)'));
  assert.ok(summary.includes('reportError: no WPT in this copy (html/webappapis/scripting: no directory pinned)'));
  assert.equal(
    summary.at(-1),
    'WPT commits (pinned per directory) and dates: url c928b19ab04a; no date for any of these commits (the copy records commits only; a make wpt-fetch copy gives each its date)',
  );
});

test('the pinned commits line gives each commit its date, and counts the commits the copy gave none', () => {
  const commits = { url: 'c928b19ab04a4525', streams: 'bc9dcbbf1a4c2c74', resources: '1d2c5fb36a6e477c' };
  assert.equal(
    commitsLine(commits, {
      c928b19ab04a4525: '2000-01-03',
      bc9dcbbf1a4c2c74: '2000-01-01',
      '1d2c5fb36a6e477c': '2000-01-02',
    }),
    'WPT commits (pinned per directory) and dates: url c928b19ab04a 2000-01-03, streams bc9dcbbf1a4c 2000-01-01, resources 1d2c5fb36a6e 2000-01-02',
  );
  assert.equal(
    commitsLine(commits, { c928b19ab04a4525: '2000-01-03' }),
    'WPT commits (pinned per directory) and dates: url c928b19ab04a 2000-01-03, streams bc9dcbbf1a4c, resources 1d2c5fb36a6e; no date for 2 of these commits (the copy records commits only; a make wpt-fetch copy gives each its date)',
  );
  assert.equal(commitsLine({}), null);
});
