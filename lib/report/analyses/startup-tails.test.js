// The start-up wall tails pooled over rounds: p90 from 100 pooled starts, p99 from 1,000, never
// from fewer, whether the starts came from one job or from many rounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellText } from '../model/model.js';
import { printTable } from '../text/print.js';
import tables, { pooledTails } from './startup-tails.js';

/** A round's row of `n` starts whose walls are `from`, `from + 1`, … ms. */
const row = (runtime, round, n, from, workload = 'empty') => ({
  suite: 'startup',
  workload,
  runtime,
  round,
  status: 'ok',
  samples_total: n,
  samples_ns: Array.from({ length: n }, (_, i) => (from + i) * 1e6),
});

test('pooled over rounds: 10 rounds of 100 starts hold a p99 that no one round holds', () => {
  const rounds = Array.from({ length: 10 }, (_, k) => row('a', k + 1, 100, k * 100 + 1));
  const t = pooledTails(rounds);
  assert.equal(t.n, 1000);
  assert.equal(t.p99, 990e6, 'the 990th of walls 1..1000 ms');
  assert.equal(t.p90, 900e6);
  assert.equal(pooledTails(rounds.slice(0, 9)).p99, null, '900 pooled starts hold no p99');
  assert.ok(pooledTails(rounds.slice(0, 9)).p90 !== null);
  assert.equal(pooledTails([rounds[0]]).p90, 90e6, 'one job of 100 holds a p90');
  assert.equal(pooledTails([row('a', 1, 99, 1)]).p90, null, 'never from 99');
});

test('a job that kept 200 of its 2,000 starts weighs as 2,000, so one such job holds a p99', () => {
  const thin = { ...row('a', 1, 200, 1), samples_total: 2000 };
  const t = pooledTails([thin]);
  assert.equal(t.n, 2000);
  assert.equal(t.thinned, true);
  assert.equal(t.p99, 198e6);
});

test('the table: one line per runtime and workload, — where the pool is too small, tails said to be pooled', () => {
  const rs = [
    ...Array.from({ length: 10 }, (_, k) => row('node', k + 1, 100, 1)),
    ...Array.from({ length: 3 }, (_, k) => row('bun', k + 1, 10, 1)),
    { ...row('bun', 4, 10, 1), status: 'error' },
  ];
  const t = /** @type {any} */ (tables[0].table(rs, { runtimes: ['node', 'bun'] }));
  const body = t.rows.map((r) => Object.keys(r).map((k) => cellText(r[k])));
  assert.deepEqual(body[0], ['empty', 'node', '1000', '10', '50.0 ms', '90.0 ms', '99.0 ms']);
  assert.deepEqual(body[1], ['empty', 'bun', '30', '3', '5.00 ms', '—', '—'], 'an errored round adds no starts');
  assert.match(t.notes[0], /^Tails are pooled over rounds/);
  for (const l of printTable({ ...t, title: tables[0].title }).split('\n')) assert.ok(l.length <= 120, l);
  assert.equal(tables[0].table([{ ...row('x', 1, 5, 1), suite: 'json' }], {}), null);
});
