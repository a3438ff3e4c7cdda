import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellRatio, ofMetric, pairRounds, ratioText, roundRatio, verdictText } from './ratios.js';

const row = (round, value, status = 'ok') => ({ round, status, median_ns: value, metrics: { x: { value } } });

test('pairing by round leaves out rounds not ok, or with a value not finite and > 0, on either side', () => {
  const base = [row(1, 10), row(2, 10), row(3, 10, 'timeout'), row(4, 0), row(5, 10), row(6, 10), row(7, 10)];
  const cell = [row(7, 5), row(6, Number.POSITIVE_INFINITY), row(5, null), row(4, 5), row(3, 5), row(2, 5), row(1, 4)];
  // Only rounds 1, 2 and 7 are ok with a finite, positive value on both sides; in round order.
  assert.deepEqual(pairRounds(base, cell), { a: [10, 10, 10], b: [4, 5, 5], rounds: [1, 2, 7] });
  assert.deepEqual(pairRounds(base, cell, ofMetric('x')).rounds, [1, 2, 7]);
  assert.deepEqual(pairRounds(base, [row(8, 5)]).rounds, [], 'a round the baseline lacks pairs with nothing');
});

test('a suite ratio (num ÷ den) and a table ratio pair the same rounds', () => {
  const den = [row(1, 10), row(2, 11), row(3, 12), row(4, 10, 'error')];
  const num = [row(1, 20), row(2, 23), row(3, 23), row(4, 99)];
  const r = roundRatio(num, den);
  assert.equal(r.n, 3);
  assert.ok(Math.abs(r.ratio - Math.cbrt((20 / 10) * (23 / 11) * (23 / 12))) < 1e-12);
  assert.equal(roundRatio(num, den, ofMetric('x')).ratio, r.ratio);
  // The table's ratio of time (lower is better) is the same pairing seen from the other side.
  const t = cellRatio({ rows: num }, { rows: den }, { better: 'lower', of: (x) => x.median_ns });
  assert.equal(t?.ratio, r.ratio);
  assert.equal(t?.n, 3);
  assert.equal(roundRatio([row(9, 1)], den).n, 0);
  assert.ok(Number.isNaN(roundRatio([row(9, 1)], den).ratio), 'nothing paired: no ratio');
});

test('a ratio with its interval has one text form', () => {
  const r = (ratio, ci95, verdict) => ({ ratio, ci95, verdict, n: 4, p: 0.01 });
  assert.equal(ratioText(r(1.2345, [1.1, 1.3712], 'faster')), '1.23× [1.10–1.37]');
  assert.equal(ratioText(r(0.98, [0.91, 1.05], 'inconclusive')), '?0.98× [0.91–1.05]');
  assert.equal(ratioText(r(0.99, [0.97, 1.02], 'equivalent')), '=0.99× [0.97–1.02]');
  assert.equal(ratioText(r(1.01, [Number.NaN, Number.NaN], 'inconclusive')), '?1.01×');
  assert.equal(ratioText(r(93946, [48932, 180370], 'slower')), '93,946× [48,932–180,370]');
  assert.equal(ratioText(r(12.34, [9.5, 15.55], 'faster')), '12.3× [9.50–15.6]');
  assert.equal(ratioText(r(0.98, [0.91, 1.05], 'inconclusive'), { interval: false }), '?0.98×');
  assert.equal(ratioText(r(0.98, [0.91, 1.05], 'inconclusive'), { mark: false }), '0.98× [0.91–1.05]');
  assert.equal(verdictText(r(0.98, [0.67, 1.49], 'inconclusive')), 'inconclusive: ±49%, 4 rounds');
  assert.equal(verdictText(r(0.99, [0.97, 1.02], 'equivalent')), 'equivalent (±5%)');
  assert.equal(ratioText(null), '—');
  assert.equal(ratioText(r(Number.NaN, [Number.NaN, Number.NaN], 'inconclusive')), '—');
});

test('no table or suite analysis pairs rounds or writes a ratio with its interval by itself', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '..', '..');
  const files = [
    ...readdirSync(join(root, 'lib/report'), { recursive: true, encoding: 'utf8' }).map((f) => `lib/report/${f}`),
    ...readdirSync(join(root, 'suites'), { recursive: true, encoding: 'utf8' }).map((f) => `suites/${f}`),
  ].filter((f) => f.endsWith('.js') && !f.endsWith('.test.js') && f !== 'lib/report/ratios.js');
  for (const f of files) {
    const src = readFileSync(join(root, f), 'utf8');
    assert.doesNotMatch(src, /\b(pairedRatio|pairByRound)\b/, `${f} pairs rounds itself: use ratios.js`);
    assert.doesNotMatch(
      src,
      /\.(get|has|set)\(\w+\.round\b|\[\w+\.round, /,
      `${f} keys rows by round itself: use ratios.js`,
    );
    assert.doesNotMatch(src, /[x×] \[\$\{/, `${f} writes a ratio's interval itself: use ratioText`);
  }
});
