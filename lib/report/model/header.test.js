import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { fingerprintLines } from './header.js';

test('the provenance line is read from the file alone: the same whatever this checkout holds', () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'conformance-wpt-all.json'), 'utf8'));
  const line = (d) => fingerprintLines(d).find((l) => l.startsWith('parity: commit')) ?? '';
  assert.match(line(doc), new RegExp(`^parity: commit ${doc.provenance.commit}; package-lock sha256 `));
  // A commit this repository never had prints exactly as one it has, but for the hash itself.
  const other = '0123456789abcdef0123456789abcdef01234567';
  const lost = { ...doc, provenance: { ...doc.provenance, commit: other } };
  assert.equal(line(lost), line(doc).replace(doc.provenance.commit, other));
  const dirty = { ...doc, provenance: { ...doc.provenance, dirty: true } };
  assert.match(line(dirty), / \(uncommitted changes\);/);
});
