import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../paths.js';
import { modeOf, parseBudget, parsePrecision } from './request.js';

test('QUICK stops a comparison on a decision; the full mode asks for the precision itself', () => {
  assert.equal(modeOf({}).stop_when_decided, false);
  assert.equal(modeOf({ quick: true }).stop_when_decided, true);
});

test('PRECISION and BUDGET parse as people write them; anything else is a usage error naming the value', () => {
  assert.equal(parsePrecision('3%'), 0.03);
  assert.equal(parsePrecision('3'), 0.03);
  assert.equal(parsePrecision('0.03'), 0.03);
  assert.equal(parsePrecision('abc'), null);
  assert.equal(parsePrecision('100%'), null);
  assert.equal(parseBudget('5m'), 300);
  assert.equal(parseBudget('90s'), 90);
  assert.equal(parseBudget('1h'), 3600);
  assert.equal(parseBudget('0'), null);
  assert.throws(
    () => modeOf({ precision: 'x' }),
    (e) => e instanceof UsageError && /Invalid --precision "x"/.test(e.message),
  );
  assert.throws(
    () => modeOf({ budget: '5 min' }),
    (e) => e instanceof UsageError && /Invalid --budget "5 min"/.test(e.message),
  );
  assert.deepEqual(
    [modeOf({ rounds: '4' }).rounds, modeOf({ rounds: '4' }).max_rounds],
    [4, 4],
    '--rounds fixes the count',
  );
});
