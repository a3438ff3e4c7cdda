import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOG_MARGIN, MARGIN_RATIOS, tostP, verdictAt } from './equivalence.js';
import { tQuantile } from './tdist.js';

const parts = (log_mean, se, df) => ({ ratio: Math.exp(log_mean), log_mean, se, df });

test('the margin is symmetric in logs: as far below 1 as above', () => {
  assert.equal(LOG_MARGIN, Math.log(1.05));
  assert.ok(Math.abs(Math.log(MARGIN_RATIOS[0]) + Math.log(MARGIN_RATIOS[1])) < 1e-15);
  assert.ok(Math.abs(MARGIN_RATIOS[0] - 1 / 1.05) < 1e-15);
});

test('TOST at α holds exactly when the (1 − 2α) interval lies inside the margin', () => {
  const df = 5;
  const alpha = 0.05;
  // An interval that holds 1 and whose 90% upper end sits just inside, and just outside, +log 1.05.
  const se = 0.02;
  const t90 = tQuantile(0.95, df);
  const inside = parts(LOG_MARGIN - t90 * se - 1e-9, se, df);
  const outside = parts(LOG_MARGIN - t90 * se + 1e-9, se, df);
  assert.ok(tostP(inside) <= alpha && tostP(outside) > alpha, `${tostP(inside)} ${tostP(outside)}`);
  assert.equal(verdictAt(inside, alpha), 'equivalent');
  assert.equal(verdictAt(outside, alpha), 'inconclusive');
});

test('an interval inside the margin at 90% but not at 95% is equivalent at α = 5%: TOST, not the 95% interval', () => {
  // A real small difference stays "faster" even where TOST would also hold.
  const r = parts(0.025, 0.011, 10);
  assert.ok(r.log_mean - tQuantile(0.975, 10) * r.se > 0 && tostP(r) <= 0.05);
  assert.equal(verdictAt(r, 0.05), 'faster');
  const centred = parts(0.02, 0.014, 10);
  assert.ok(centred.log_mean - tQuantile(0.975, 10) * centred.se < 0, 'includes 1');
  assert.ok(centred.log_mean + tQuantile(0.975, 10) * centred.se > LOG_MARGIN, '95% reaches past the margin');
  assert.ok(centred.log_mean + tQuantile(0.95, 10) * centred.se < LOG_MARGIN, '90% inside');
  assert.equal(verdictAt(centred, 0.05), 'equivalent');
});

test('the same distance below 1 as above gives the same TOST p', () => {
  assert.ok(Math.abs(tostP(parts(0.03, 0.01, 4)) - tostP(parts(-0.03, 0.01, 4))) < 1e-15);
});

test('differences, no test and no spread', () => {
  assert.equal(verdictAt(parts(0.3, 0.05, 5), 0.05), 'faster');
  assert.equal(verdictAt(parts(-0.3, 0.05, 5), 0.05), 'slower');
  assert.equal(verdictAt(parts(0.01, Number.NaN, 0), 0.05), 'inconclusive');
  assert.ok(Number.isNaN(tostP(parts(0.01, Number.NaN, 0))));
  assert.equal(verdictAt(parts(0, 0, 3), 0.05), 'equivalent');
  assert.equal(verdictAt(parts(0.2, 0, 3), 0.05), 'faster');
  assert.equal(tostP(parts(0.2, 0, 3)), 1);
  // Wide: neither a difference nor equivalent.
  assert.equal(verdictAt(parts(0.01, 0.1, 3), 0.05), 'inconclusive');
});
