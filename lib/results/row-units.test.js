// The report asks a row unit's table entry, never its name: every unit a workload may declare has
// an entry, and no report module compares a row's unit with a name.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { ROW_UNITS, rowUnit } from './row-units.js';

test('every unit a workload may declare has an entry; an unknown one reads as operations', () => {
  // The shapes' units (lib/measure/workload.js): bench ops and bytes, server requests, process starts.
  for (const u of ['ops', 'bytes', 'requests', 'starts']) assert.ok(Object.hasOwn(ROW_UNITS, u), u);
  for (const u of Object.values(ROW_UNITS)) assert.equal(u.better, 'higher');
  assert.equal(rowUnit(undefined), ROW_UNITS.ops);
  assert.equal(rowUnit('widgets'), ROW_UNITS.ops);
  assert.equal(rowUnit('bytes').rate, 'MB/s');
  assert.equal(rowUnit('bytes').rateBase, 'B/s');
  assert.equal(rowUnit('requests').utilisation, false);
});

test('no report module branches on a row unit by name (row-units.js is the one place)', () => {
  const byName = /\bunit\s*[!=]==?\s*'(ops|requests|starts)'|\.unit\s*[!=]==?\s*'bytes'/;
  const files = [
    ...readdirSync(join(ROOT, 'lib', 'report'), { recursive: true, encoding: 'utf8' }).map((f) =>
      join('lib', 'report', f),
    ),
    join('lib', 'run', 'workflows', 'timeline.js'),
  ].filter((f) => f.endsWith('.js') && !f.endsWith('.test.js') && !f.endsWith('row-units.js'));
  const bad = files.filter((f) => byName.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(bad, []);
});
