// The provenance line of a rendered file says when its commit is not in this repository's history.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { fingerprintLines } from './report.js';

test('a kept file from work that never landed says so in its provenance line', () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'conformance-wpt-all.json'), 'utf8'));
  const line = (d) => fingerprintLines(d).find((l) => l.startsWith('parity: commit')) ?? '';
  assert.doesNotMatch(line(doc), /not in this repository/);
  const lost = { ...doc, provenance: { ...doc.provenance, commit: '0123456789abcdef0123456789abcdef01234567' } };
  assert.match(line(lost), /not in this repository’s history: made from work that did not land/);
});
