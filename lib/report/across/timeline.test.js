// The timeline's series, marks and page over synthetic results (lib/report/across/timeline.js and
// html/timeline.js): a significant step is marked, one within ±5% is equivalent, one within the
// A/A floor is not, and the steps of one series are corrected together.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holmSteps } from '../../measure/stats/table-stats.js';
import { renderTimelineHtml } from '../html/timeline.js';
import { bisectLines, sparkline, timelineSeries, timelineTable } from './timeline.js';

/** A results doc: per runtime a time per call (ns for 1 MB) in each of `rounds` rounds. */
function synthetic(times) {
  const ids = Object.keys(times);
  const results = ids.flatMap((id) =>
    times[id].map((ns, i) => ({
      runtime: id,
      suite: 'streams',
      workload: 'w',
      params: { mb: 1 },
      round: i + 1,
      status: 'ok',
      unit: 'bytes',
      median_ns: ns,
      units_per_call: 1e6,
    })),
  );
  return {
    started: '2026-11-23T00:00:00Z',
    command: 'make timeline <x>',
    runtimes: ids.map((id) => ({ id })),
    results,
  };
}

const DOC = synthetic({
  'node@24.9.0': [2000, 2020, 1990, 2010],
  'node@24.10.0': [1000, 1010, 995, 1005],
  'node@24.11.0': [1000, 1012, 990, 1006],
});

test('a timeline marks the release whose step is significant, and the one within ±5% as equivalent', () => {
  const [s] = timelineSeries(DOC);
  assert.deepEqual(
    s.points.map((p) => p.version),
    ['24.9.0', '24.10.0', '24.11.0'],
  );
  assert.equal(Math.round(s.points[1].step?.ratio ?? 0), 2);
  const t = timelineTable(s);
  assert.deepEqual(
    t.rows.map((r) => r.mark),
    ['', '▲ faster', '='],
  );
  // A 2× step: half height, then full (heights are proportional to the figure).
  assert.match(t.title ?? '', /▅██/);
  assert.match(t.title ?? '', /MB\/s by release/);
});

test('a step within the A/A floor is not marked, however significant', () => {
  const [s] = timelineSeries(DOC, { floor: new Map([['streams/w mb=1', 1.5]]) });
  assert.deepEqual(
    timelineTable(s, { floorGiven: true }).rows.map((r) => r.mark),
    ['', '?', '='],
  );
});

test('steps of one series are corrected together (Holm): p = 0.02 alone in five claims is not a step', () => {
  const steps = (ps) => ps.map((p) => ({ p, significant: p < 0.05, beyondFloor: p < 0.05 }));
  assert.deepEqual(
    holmSteps(steps([0.02, 0.5, 0.6, 0.7, 0.8])).map((x) => x.significant),
    [false, false, false, false, false],
  );
  assert.deepEqual(
    holmSteps(steps([0.001, 0.011, 0.5, 0.7, 0.8])).map((x) => x.significant),
    [true, true, false, false, false],
  );
  assert.deepEqual(
    holmSteps(steps([0.02])).map((x) => x.significant),
    [true],
  );
});

test('sparkline heights are proportional to the values, and a missing value shows', () => {
  assert.equal(sparkline([1, 2, 3, Number.NaN, 8]), '▂▃▄·█');
  assert.equal(sparkline([5, 5]), '██');
  // 68.2M against 68.0M is one height, not the whole range.
  assert.equal(sparkline([68.2, 68.0]), '██');
});

test('the timeline page carries its data escaped and Chart.js inline', () => {
  const html = renderTimelineHtml({ ...DOC, command: '</script><b>' }, timelineSeries(DOC));
  assert.doesNotMatch(html, /<\/script><b>/);
  assert.match(html, /"labels":\["24.9.0","24.10.0","24.11.0"\]/);
  assert.match(html, /Chart\.js v\d/);
});

test('a bisect.json from before margins scaled still renders, each step saying it used the fixed ±5%', () => {
  const toLo = { ratio: 0.79, ci95: [0.55, 1.15], verdict: 'inconclusive', significant: false };
  const toHi = { ratio: 75.4, ci95: [59.3, 95.7], verdict: 'faster', significant: true };
  const why =
    '24.14.1 could not be placed after 3 measurements (against 24.9.0: inconclusive; against 24.21.0: faster)';
  const step = { lo: '24.9.0', mid: '24.14.1', hi: '24.21.0', toLo, toHi, why };
  const b = { runtime: 'node', good: '24.9.0', bad: '24.21.0', row: 'r', releases: 17, status: 'inconclusive' };
  const lines = bisectLines({ ...b, before: '24.9.0', after: '24.21.0', steps: [step], figures: {}, comparison: {} });
  assert.equal(
    lines[1],
    '  step 1: 24.9.0 | 24.14.1 | 24.21.0: 24.14.1 could not be placed after 3 measurements (against 24.9.0: 0.79× [0.55–1.15] inconclusive; against 24.21.0: 75.4× [59.3–95.7] faster; margin ±5% (fixed))',
  );
});
