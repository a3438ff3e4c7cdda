import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ratioText, verdictText } from './ratio-text.js';

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
