import assert from 'node:assert/strict';
import { test } from 'node:test';
import { modeLines } from './two-mode-lines.js';

test('the note names the cell, both modes in the table figure, and how far apart', () => {
  const agg = {
    rows: [
      {
        key: 'math/pow n=1',
        unit: 'ops',
        cells: {
          deno: { metrics: { throughput: { values: [75.3e6, 47.6e6, 46.6e6] } } },
          node: { metrics: { throughput: { values: [10e6, 10.1e6, 9.9e6] } } },
        },
      },
    ],
  };
  const lines = modeLines(agg);
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    /^math\/pow n=1 on deno: rounds in two groups \(two modes, or one odd round\): 2 rounds near 47\.1M and 1 round near 75\.3M ops\/s, 1\.58× apart/,
  );
});
