import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROOT as root } from '../../paths.js';
import { cellRatio, ofMetric, pairRounds, roundRatio } from './compare.js';

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

test('no table or suite analysis pairs rounds or writes a ratio with its interval by itself', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const files = [
    ...readdirSync(join(root, 'lib/report'), { recursive: true, encoding: 'utf8' }).map((f) => `lib/report/${f}`),
    ...readdirSync(join(root, 'suites'), { recursive: true, encoding: 'utf8' }).map((f) => `suites/${f}`),
  ].filter((f) => f.endsWith('.js') && !f.endsWith('.test.js') && f !== 'lib/measure/stats/compare.js');
  for (const f of files) {
    const src = readFileSync(join(root, f), 'utf8');
    assert.doesNotMatch(
      src,
      /\b(pairedRatio|pairByRound)\b/,
      `${f} pairs rounds itself: use lib/measure/stats/compare.js`,
    );
    assert.doesNotMatch(
      src,
      /\.(get|has|set)\(\w+\.round\b|\[\w+\.round, /,
      `${f} keys rows by round itself: use lib/measure/stats/compare.js`,
    );
    assert.doesNotMatch(
      src,
      /[x×] \[\$\{/,
      `${f} writes a ratio's interval itself: use ratioText (lib/report/model/ratio-text.js)`,
    );
  }
});
