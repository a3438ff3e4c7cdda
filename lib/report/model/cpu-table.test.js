// SHOW=cpu: the CPU per op and utilisation tables, and the marks on their cells.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doc, rounds, row } from '../../../test/fixtures/table-doc.js';
import { renderResults } from '../text/render.js';

test('SHOW=cpu: a cell’s utilisation is its window’s CPU over the window’s wall; uneven samples are marked', () => {
  // 3 rounds: 2 ms per call of 1 MB; the window holds 100 calls and 300 ms of CPU (3 ms per MB) but
  // 500 ms of wall (slow samples the median leaves out): util is 300 ÷ 500 = 0.60, and CPU/op ÷
  // util = 5 ms per MB is the window's mean wall per op, 2.5× the 2 ms median: marked "†".
  const win = { calls: 100, cpu_window: { cpu_ms: 300, calls: 100, wall_ms: 500, source: 'test' } };
  const results = [...[1, 2, 3].map((i) => row('a', i, 2e6, win)), ...rounds('b', [2e6, 2e6, 2e6])];
  const text = renderResults(doc(results), { show: ['cpu'] });
  assert.match(text, /3\.00 ms\/MB†\s/);
  assert.match(text, /Utilisation[\s\S]*\s0\.60†\s/);
});

test('SHOW=cpu: a window read around HTTP requests (workerd) is marked not comparable', () => {
  const win = { calls: 100, cpu_window: { cpu_ms: 200, calls: 100, wall_ms: 200, source: 'test' } };
  const around = { calls: 100, cpu_window: { ...win.cpu_window, around_requests: true } };
  const results = [...[1, 2, 3].map((i) => row('a', i, 2e6, win)), ...[1, 2, 3].map((i) => row('b', i, 2e6, around))];
  const text = renderResults(doc(results), { show: ['cpu'] });
  assert.match(text, /2\.00 ms\/MB\s/);
  assert.match(text, /2\.00 ms\/MB‡\s/);
  assert.match(text, /"‡" = read around HTTP requests/);
});
