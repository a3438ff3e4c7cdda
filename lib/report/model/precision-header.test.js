// The header above an adaptive run's table (precision-header.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { precisionHeader } from './precision-header.js';

test('the header names the target, why the run stopped and every row, within 120 columns', () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    workload: `suite/workload-${i}`,
    params: { mb: i },
    rounds: 3 + (i % 4),
    precision: i % 5 ? 0.02 * i : null,
    reached: i < 3,
    // Row 25: every runtime but one unsupported, so no ratio to reach (startup/second-isolate).
    ratios: i === 25 ? 0 : 2,
  }));
  const header = (/** @type {string} */ stopped) =>
    precisionHeader({ precision: 0.03, budget_s: 60, min_rounds: 3, max_rounds: 10, stopped, elapsed_s: 61, rows });
  const text = header('budget');
  // Every reason the run stopped, the longest included, fits.
  for (const why of ['budget', 'precision', 'max-rounds', 'interrupted'])
    for (const line of header(why).split('\n')) assert.ok(line.length <= 120, line);
  assert.match(text, /reached by 3 of 30 rows/);
  assert.match(text, /time budget spent/);
  assert.match(text, /suite\/workload-29 mb=29 ±58%\* \(4\)/);
  assert.match(text, /suite\/workload-0 mb=0 n\/a \(3\)/);
  assert.match(text, /suite\/workload-25 mb=25 no ratio \(4\)/);
  // The full mode stops on precision alone: its header says so, and the lines still fit.
  const full = precisionHeader({
    rows,
    precision: 0.03,
    budget_s: 600,
    min_rounds: 3,
    max_rounds: 30,
    stopped: 'precision',
    elapsed_s: 61,
    stop_when_decided: false,
  });
  assert.match(full, /stopped: every row reached it with a verdict after/);
  assert.match(full, /\* = not reached with a verdict \(this mode stops on both\)/);
  assert.match(header('precision'), /stopped: every comparison reached a verdict after/);
  assert.match(text, /\* = no verdict \(a verdict: faster, slower or equivalent at the run's adjusted level\)/);
  for (const line of full.split('\n')) assert.ok(line.length <= 120, line);
});
