import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPORTS, exportFormat } from './formats.js';

test('an export format is looked up by name, and an unknown one names the valid ones', () => {
  assert.equal(exportFormat('bmf'), EXPORTS.bmf);
  assert.throws(() => exportFormat('xlsx'), /Unknown export format "xlsx": valid formats are bmf, html, json/);
  assert.throws(() => exportFormat(undefined), /valid formats are bmf, html, json/);
});

test('every output format has its entry: the report page and the document itself export as well', async () => {
  const { doc, rounds } = await import('../../../test/fixtures/table-doc.js');
  const d = doc([...rounds('a', [2e6, 2e6, 2e6]), ...rounds('b', [1e6, 1e6, 1e6])]);
  assert.deepEqual(Object.keys(EXPORTS).sort(), ['bmf', 'html', 'json']);
  assert.match(EXPORTS.html.render(d).text, /^<!doctype html>/i);
  assert.deepEqual(JSON.parse(EXPORTS.json.render(d).text), d);
});
