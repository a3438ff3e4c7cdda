import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publishedTable, verdict } from './streams-published.js';

test('a published speed-up is reproduced, only in direction, absent or reversed by this run', () => {
  const r = (ratio, v) => ({
    ratio,
    ci95: /** @type {[number, number]} */ ([ratio * 0.9, ratio * 1.1]),
    n: 3,
    verdict: v,
    p: 0.01,
  });
  assert.equal(verdict(10, r(7, 'faster')), 'yes');
  assert.equal(verdict(14.5, r(4.07, 'faster')), 'direction, 28%');
  assert.equal(verdict(2, { ...r(1.01, 'equivalent'), ci95: [0.98, 1.04] }), 'no: equivalent');
  assert.equal(verdict(1.8, r(0.56, 'slower')), 'no: slower');
  assert.equal(verdict(1.0, { ...r(0.99, 'equivalent'), ci95: [0.97, 1.02] }), 'yes, no gain');
  assert.equal(verdict(3, { ...r(1.2, 'inconclusive'), ci95: [0.8, 1.8] }), 'inconclusive: ±50%, 3 rounds');
});

test('the table pairs each fast-webstreams variant with its base at the published size only', () => {
  const row = (runtime, round, ns, mb = 100) => ({
    runtime,
    suite: 'streams',
    workload: 'pipe-through',
    params: { chunk: 1024, mb },
    round,
    status: 'ok',
    median_ns: ns,
  });
  const rows = [1, 2, 3].flatMap((i) => [
    row('node@22', i, 1000 + i),
    row('node@22+fast-webstreams', i, 100 + i),
    row('node@22', i, 1, 1), // another size: ignored
  ]);
  const t = /** @type {any} */ (publishedTable(rows, { detail: true }));
  assert.equal(t.rows.length, 1);
  assert.match(t.rows[0]['2'], /^9\.8\d× \[/);
  assert.match(
    /** @type {any} */ (publishedTable(rows)).rows[0]['2'],
    /^9\.8\d×$/,
    'the interval waits for SHOW=spread',
  );
  assert.equal(t.rows[0]['3'], 'yes');
  assert.equal(publishedTable([]), null);
});
