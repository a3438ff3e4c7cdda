// The per-interface WPT table of the kept six-runtime run: within 120 columns (in runtime groups
// when one table would be wider), a line per interface, control characters never raw.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { conformanceRows } from '../../results/conformance-form.js';
import { conformanceReport } from './conformance.js';

const doc = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'conformance-wpt-all.json'), 'utf8'));

test('the kept run prints per interface within 120 columns, every runtime in a table, a line per interface', () => {
  const text = conformanceReport(conformanceRows(doc));
  const lines = text.split('\n');
  for (const l of lines) assert.ok([...l].length <= 120, `${[...l].length}: ${l}`);
  const headers = lines.filter((l) => l.startsWith('interface '));
  assert.ok(headers.length >= 2, 'six runtimes do not fit one 120-column table');
  for (const rt of ['node', 'deno', 'bun', 'workerd', 'node@22', 'node@24'])
    assert.ok(
      headers.some((h) => h.split(/\s+/).includes(rt)),
      rt,
    );
  assert.match(text, /^AbortController\/AbortSignal: node, deno, bun, workerd, node@22 and node@24 pass all 35$/m);
  // Summary lines wrap at 120 columns, continuations indented: read them whole.
  const whole = text.replace(/\n {2}(?=\S)/g, ' ');
  assert.match(whole, /^URLPattern: .*node@22 2\/727 \(expected: 725 not-implemented\)/m);
  // Tentative files are counted apart from the stable headline, per interface and in total.
  assert.match(whole, /^URLPattern \(tentative files\): node 13\/72 \(expected: 59 not-implemented\)/m);
  assert.match(text, /^tentative files /m);
});
