// How long an open-loop point lasts: long enough for a p99 at a slow server's rates in the default
// mode, the mode's own length otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MIN_TAIL_WINDOW_MS } from '../../../measure/defaults.js';
import { requestsFor } from '../../../measure/stats/stats.js';
import { curveExtraMs, MAX_POINT_MS, pointAt } from './timed.js';

test("a slow server's point lasts until it has sent the requests a p99 needs, up to the cap", () => {
  const ms = pointAt(120, MIN_TAIL_WINDOW_MS);
  assert.ok(ms > MIN_TAIL_WINDOW_MS && ms < MAX_POINT_MS, `${ms} ms`);
  assert.ok((120 * ms) / 1000 >= requestsFor(0.99), `${(120 * ms) / 1000} requests`);
  assert.equal(pointAt(20, MIN_TAIL_WINDOW_MS), MAX_POINT_MS);
});

test("a fast server's point and every QUICK point keep the mode's length", () => {
  assert.equal(pointAt(5000, MIN_TAIL_WINDOW_MS), MIN_TAIL_WINDOW_MS);
  assert.equal(pointAt(20, 500), 500);
  assert.equal(curveExtraMs(500), 0);
  assert.equal(curveExtraMs(MIN_TAIL_WINDOW_MS), 8 * (MAX_POINT_MS - MIN_TAIL_WINDOW_MS));
});
