import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPORTS, exportFormat, PRINTED, printFormat } from './formats.js';

test('one place says which printed format a command prints and which export formats exist', () => {
  assert.equal(printFormat({ markdown: true }), 'markdown');
  assert.equal(printFormat({}), 'text');
  assert.deepEqual(PRINTED, ['text', 'markdown']);
  assert.equal(exportFormat('bmf'), EXPORTS.bmf);
  assert.throws(() => exportFormat('xlsx'), /Unknown export format "xlsx": valid formats are bmf/);
  assert.throws(() => exportFormat(undefined), /valid formats are bmf/);
});
