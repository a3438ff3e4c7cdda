import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doc, rounds, row } from '../../../test/fixtures/table-doc.js';
import { aggregate } from '../../results/aggregate.js';
import { printTable, wantsColor } from '../text/print.js';
import { renderResults } from '../text/render.js';
import { conformanceMark } from './report.js';
import { fmtTime, si } from './units.js';

test('a runtime twice as fast gets a significant 2x throughput ratio', () => {
  const agg = aggregate(
    [...rounds('a', [2e6, 2.02e6, 1.98e6, 2.01e6, 1.99e6]), ...rounds('b', [1e6, 1.01e6, 0.99e6, 1e6, 1e6])],
    ['a', 'b'],
  );
  const cell = agg.rows[0].cells.b;
  assert.ok(Math.abs(cell.ratio.ratio - 2) < 0.05);
  assert.equal(cell.ratio.significant, true);
  assert.equal(cell.ratio.verdict, 'faster');
  assert.ok(Math.abs(cell.throughput - 1e9) < 1e7); // 1e6 bytes per 1 ms
});

test('overlapping runtimes with a wide interval are inconclusive, with its width and rounds; tight ones equivalent', () => {
  const text = renderResults(doc([...rounds('a', [100, 104, 96, 101, 99]), ...rounds('b', [101, 97, 103, 100, 98])]));
  assert.match(text, /\?1\.0\d×/);
  assert.match(text, /inconclusive: ±\d+(\.\d)?%, 5 rounds/);
  assert.doesNotMatch(text, /no significant difference|\bsame\b/);
  const tight = renderResults(
    doc([...rounds('a', [100, 101, 100, 99.5, 100]), ...rounds('b', [100.2, 100.8, 100.1, 99.6, 100.1])]),
  );
  assert.match(tight, /=1\.00×/);
  assert.match(tight, /b and a equivalent \(±5%\)|a and b equivalent \(±5%\)/);
});

test('failed jobs show their status in the cell and a repro line in the notes', () => {
  const failed = row('b', 1, null, {
    status: 'timeout',
    error: 'no result within 5 s',
    repro: 'bun runners/bun/bench.js {}',
  });
  const text = renderResults(doc([row('a', 1, 100), failed]));
  assert.match(text, /timeout/);
  assert.match(text, /Command: bun runners\/bun\/bench\.js \{\}/);
});

test('CPU and RSS tables appear only on request; without a window figure CPU is the job total', () => {
  const results = [row('a', 1, 100), row('b', 1, 50)];
  assert.doesNotMatch(renderResults(doc(results)), /Peak RSS/);
  const text = renderResults(doc(results), { show: ['cpu', 'rss'] });
  assert.match(text, /1\.00 s \/ 1\.10 s \(job\)/);
  assert.match(text, /50\.0 MB/);
});

test('SHOW=cpu gives CPU per MB and utilisation of the timed window; a noisy CPU figure is not marked "!"', () => {
  // 1000 calls of 1 MB in 2 s wall with 3.0 s CPU: 3 ms per MB, utilisation 1.5.
  const win = (cpu) => ({ calls: 1000, cpu_window: { user_ms: cpu, sys_ms: 0, wall_ms: 2000, source: 'test' } });
  const results = [1, 2, 3].map((i) => row('a', i, 2e6, win(3000)));
  results.push(...[1, 2, 3].map((i) => row('b', i, 2e6, win(i === 2 ? 6000 : 3000))));
  const text = renderResults(doc(results), { show: ['cpu'] });
  assert.match(text, /3\.00 ms\/MB\s/);
  assert.match(text, /Utilisation[\s\S]*\s1\.50\s/);
  // "!" no longer means "CV over 10%" (it fired on two thirds of the cells and changed no conclusion).
  assert.doesNotMatch(text, /!/);
  // Under SHOW=spread the CPU figure gets its own interval.
  assert.match(renderResults(doc(results), { show: ['cpu', 'spread'] }), /ms\/MB ±\d+%\s/);
});

test('a lower-is-better metric gives a ratio above 1 to the runtime that needs less of it', () => {
  const m = (v) => ({ metrics: { server_cpu_ms: { value: v, unit: 'ms', better: 'lower' } } });
  const results = [
    ...[1, 2, 3, 4].map((i) => row('a', i, 100, m(20 + i * 0.1))),
    ...[1, 2, 3, 4].map((i) => row('b', i, 100, m(10 + i * 0.05))),
  ];
  const agg = aggregate(results, ['a', 'b']);
  const r = agg.rows[0].cells.b.ratios.server_cpu_ms;
  assert.ok(r.ratio > 1.9 && r.ratio < 2.1, String(r.ratio));
  assert.equal(r.verdict, 'faster');
  assert.match(renderResults(doc(results)), /server_cpu_ms \(ms, lower is better\)/);
});

test('a known extra metric given only a value gets its direction, so less TTFB is the better cell', () => {
  const m = (v) => ({ metrics: { ttfb_ms: { value: v } } });
  const results = [
    ...[1, 2, 3, 4].map((i) => row('a', i, 100, m(8 + i * 0.1))),
    ...[1, 2, 3, 4].map((i) => row('b', i, 100, m(4 + i * 0.05))),
  ];
  const agg = aggregate(results, ['a', 'b']);
  assert.equal(agg.rows[0].extra[0].better, 'lower');
  const r = agg.rows[0].cells.b.ratios.ttfb_ms;
  assert.ok(r.ratio > 1.9 && r.ratio < 2.1, String(r.ratio));
  const text = renderResults(doc(results));
  assert.match(text, /time to first byte \(ms, lower is better\)/);
  // b needs half the time: its cell reads about 2x (better), not about 0.5x.
  const line = String(text.split('\n').find((l) => l.startsWith('  chunk=1024  ms')));
  assert.match(line, / 2\.0\d×$/);
});

test('a claim whose ratio and cell medians point opposite ways is marked "!" and gets no tone', () => {
  // b ran only in rounds 1–3, when the machine was slow for both: paired, b is faster in each
  // round; but a's median over all six rounds includes the fast rounds 4–6, so by medians b is slower.
  const a = [100, 101, 99, 50, 51, 49];
  const bOk = [95, 96, 94];
  const fail = [4, 5, 6].map((i) => row('b', i, null, { status: 'timeout', error: 'killed' }));
  const results = [...rounds('a', a), ...rounds('b', bOk), ...fail];
  const agg = aggregate(results, ['a', 'b']);
  const cell = agg.rows[0].cells.b;
  assert.ok(cell.ratio.ratio > 1 && cell.ratio.significant, JSON.stringify(cell.ratio));
  assert.ok(cell.median_ns > agg.rows[0].cells.a.median_ns);
  assert.equal(cell.ratio.disagrees, true);
  const text = renderResults(doc(results));
  assert.match(text, /×!/);
  assert.match(text, /^! = the ratio and the cell medians point opposite ways/m);
  // A ratio that claims nothing is not marked by default, only under SHOW=spread.
  const noisy = [...rounds('a', [100, 100, 100, 100]), ...rounds('b', [95, 95, 96, 300])];
  assert.equal(aggregate(noisy, ['a', 'b']).rows[0].cells.b.ratio.disagrees, true);
  assert.doesNotMatch(renderResults(doc(noisy)), /×!/);
  assert.match(renderResults(doc(noisy), { show: ['spread'] }), /\]!/);
});

test('default table fits 120 columns, says "—" where a figure does not apply, and sums up each workload', () => {
  const wide = ['a', 'b'].flatMap((id) =>
    ['alpha', 'beta'].flatMap((w) =>
      [1, 2, 3, 4].map((i) =>
        row(id, i, id === 'b' ? 50 + i : 100 + i, { workload: w, params: { doc: 'long-name', mb: 64 } }),
      ),
    ),
  );
  const text = renderResults(doc(wide), { show: ['rss'] });
  for (const line of text.split('\n')) assert.ok([...line].length <= 120, `${[...line].length}: ${line}`);
  assert.match(text, /^s\/alpha: b 1\.9\d× faster than a \[1\.\d\d–1\.\d\d\]$/m);
  assert.match(text, /^s\/beta: b /m);
  const noRss = renderResults(doc([row('a', 1, 100, { rss_peak_bytes: null }), row('b', 1, 90)]), { show: ['rss'] });
  assert.match(noRss, /peak RSS\s+—/);
});

test('one TableData prints as aligned text and as a markdown table with the same cells', () => {
  /** @type {import('./model.js').TableData} */
  const t = {
    title: 'T',
    columns: [
      { key: 'w', label: 'workload' },
      { key: 'x', label: 'runtime x', align: 'right' },
    ],
    rows: [
      { w: 'a/b', x: { text: '1.23x', value: 1.23, tone: 'good' } },
      { w: 'long/name', x: '45.6' },
    ],
    notes: ['legend'],
  };
  const text = printTable(t).split('\n');
  assert.deepEqual(text, [
    'T',
    'workload   runtime x',
    '---------  ---------',
    'a/b            1.23x',
    'long/name       45.6',
    'legend',
  ]);
  const md = printTable(t, { format: 'markdown' }).split('\n');
  assert.deepEqual(md, [
    '**T**',
    '| workload | runtime x |',
    '| --- | ---: |',
    '| a/b | 1.23x |',
    '| long/name | 45.6 |',
    '- legend',
  ]);
});

test('two rounds that do not differ significantly are inconclusive, not "no difference"', () => {
  const text = renderResults(doc([...rounds('a', [100, 104]), ...rounds('b', [101, 97])]));
  assert.match(text, /\?1\.0\d×/);
  assert.match(text, /inconclusive: ±\d+%, 2 rounds/);
});

test('markdown output is a pipe table with escaped cells', () => {
  const text = renderResults(doc([row('a', 1, 100, { params: { mode: 'x|y' } })]), { markdown: true });
  assert.match(text, /^- machine: /m);
  assert.match(text, /^\| workload \| unit \|/m);
  assert.match(text, /mode=x\\\|y/);
});

test('si and fmtTime format for reading', () => {
  assert.equal(si(1234567), '1.23M');
  assert.equal(si(12.5), '12.5');
  assert.equal(fmtTime(850), '850 ms');
  assert.equal(fmtTime(1234), '1.23 s');
});

test('conformance rows add a pass count per cell and a conformance table', () => {
  const conf = [
    { runtime: 'a', suite: 's', source: 'wpt', folder: 'piping', name: 'x', status: 'pass', detail: null },
    { runtime: 'a', suite: 's', source: 'wpt', folder: 'other', name: 'y', status: 'fail', detail: 'boom' },
    { runtime: 'b', suite: 's', source: 'wpt', folder: 'piping', name: 'x', status: 'expected-fail', detail: null },
  ];
  const d = { ...doc([row('a', 1, 100), row('b', 1, 50)]), conformance: conf };
  assert.doesNotMatch(renderResults(d), /\[1\/2\]/);
  const text = renderResults(d, { show: ['conformance'] });
  assert.match(text, /\[1\/2\]/);
  assert.match(text, /\[0\/1\]/);
  assert.match(text, /^Conformance: /m);
  assert.equal(conformanceMark(conf, 'a', 's', ['piping']), '[1/1]');
  assert.equal(conformanceMark(conf, 'a', 'other-suite', null), '');
  assert.equal(conformanceMark(conf, 'a', 's', []), '');
});

test('the spread table shows the slowest and fastest round and the CV', () => {
  const text = renderResults(doc([...rounds('a', [2e6, 1e6, 1.5e6])]), { show: ['spread'] });
  assert.match(text, /^Spread over rounds/m);
  assert.match(text, /500M–1\.00G cv 33%/);
});

test('FORCE_COLOR turns colour on in a pipe and wins over NO_COLOR; FORCE_COLOR=0 turns it off', () => {
  assert.equal(wantsColor({ isTTY: false }, { FORCE_COLOR: '1' }), true);
  assert.equal(wantsColor({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' }), true);
  assert.equal(wantsColor({ isTTY: true }, { FORCE_COLOR: '0' }), false);
});

test('colour only on a terminal without NO_COLOR, and it does not shift the columns', () => {
  assert.equal(wantsColor({ isTTY: true }, {}), true);
  assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '1' }), false);
  assert.equal(wantsColor({ isTTY: false }, {}), false);
  const d = doc([...rounds('a', [2e6, 2.02e6, 1.98e6, 2.01e6]), ...rounds('b', [1e6, 1.01e6, 0.99e6, 1e6])]);
  const plain = renderResults(d);
  const colored = renderResults(d, { color: true });
  const ESC = String.fromCharCode(27);
  assert.ok(colored.includes(`${ESC}[32m`) && colored.includes(`${ESC}[0m`), 'a significant win is green');
  // Without the escape codes the coloured table is the plain one.
  assert.equal(colored.split(`${ESC}[32m`).join('').split(`${ESC}[0m`).join(''), plain);
  assert.ok(!plain.includes(ESC));
});

test('SHOW=chart draws one bar per runtime, scaled to the fastest of the row', () => {
  const text = renderResults(doc([...rounds('a', [2e6, 2e6]), ...rounds('b', [1e6, 1e6])]), { show: ['chart'] });
  assert.match(text, /^Throughput by runtime, s /m);
  assert.match(text, /^ {2}a █{20} {21}0\.50$/m);
  assert.match(text, /^ {2}b █{40} 1\.00$/m);
});

test('the A/A floor is a second gate: a significant ratio inside the row floor is not a claim', () => {
  const results = [...rounds('a', [100, 101, 99, 100, 100]), ...rounds('b', [96, 97, 95, 96, 96])];
  const free = aggregate(results, ['a', 'b']).rows[0].cells.b.ratio;
  assert.equal(free.verdict, 'faster');
  const key = aggregate(results, ['a', 'b']).rows[0].key;
  const gated = aggregate(results, ['a', 'b'], 'a', { floor: new Map([[key, 0.06]]) }).rows[0].cells.b.ratio;
  assert.equal(gated.verdict, 'inconclusive');
  assert.equal(gated.within_floor, true);
  const text = renderResults(doc(results), { floor: new Map([[key, 0.06]]) });
  assert.match(text, /\?1\.04×/);
  assert.match(text, /and the change exceeds the A\/A floor/);
  // A floor smaller than the difference leaves the claim alone.
  const kept = aggregate(results, ['a', 'b'], 'a', { floor: new Map([[key, 0.01]]) }).rows[0].cells.b.ratio;
  assert.equal(kept.verdict, 'faster');
});

test('a group prints once as a heading: its rows show their parameters, or nothing when the group is the whole cell', async () => {
  const { renderGrid } = await import('../text/grid.js');
  const text = renderGrid(
    ['route', 'runtime', 'x'],
    [
      ['react-ssr render=stream', 'node', '1'],
      ['react-ssr render=stream', 'bun', '2'],
      ['echo', 'node', '3'],
      ['math/cos n=1', 'node', '4'],
    ],
    { groups: ['react-ssr render=stream', 'react-ssr render=stream', 'echo', 'math/cos'] },
  );
  assert.deepEqual(text.split('\n'), [
    'route  runtime  x',
    '-----  -------  -',
    'react-ssr render=stream',
    '       node     1',
    '       bun      2',
    'echo   node     3',
    'math/cos',
    '  n=1  node     4',
  ]);
});
