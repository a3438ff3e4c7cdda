// make wpt-fetch against a local repository standing in for GitHub: each path comes out at its
// own pinned commit, and versions.json says which and when.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fetchPinned } from './wpt-fetch.js';

test('wpt-fetch checks each pinned path out at its own commit and writes versions.json with its date', (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'parity-wpt-fetch-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const up = join(tmp, 'upstream');
  const git = (...args) =>
    execFileSync('git', ['-C', up, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
  mkdirSync(join(up, 'a'), { recursive: true });
  mkdirSync(join(up, 'b'));
  git('init', '-q');
  git('config', 'uploadpack.allowAnySHA1InWant', 'true');
  git('config', 'uploadpack.allowFilter', 'true');
  const commit = (v) => {
    writeFileSync(join(up, 'a', 't.any.js'), `// a ${v}\n`);
    writeFileSync(join(up, 'b', 't.any.js'), `// b ${v}\n`);
    git('add', '-A');
    git('commit', '-q', '-m', v);
    return git('rev-parse', 'HEAD');
  };
  const one = commit('one');
  const two = commit('two');
  const dest = join(tmp, 'wpt');
  const pin = { repo: `file://${up}`, dest, paths: { a: one, b: two }, support: [], interfaces: [] };
  const versions = fetchPinned(pin, dest);
  assert.equal(readFileSync(join(dest, 'a', 't.any.js'), 'utf8'), '// a one\n');
  assert.equal(readFileSync(join(dest, 'b', 't.any.js'), 'utf8'), '// b two\n');
  const date = git('show', '-s', '--format=%cs', one);
  assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(versions, { a: { commit: one, path: 'a', date }, b: { commit: two, path: 'b', date } });
  assert.deepEqual(JSON.parse(readFileSync(join(dest, 'versions.json'), 'utf8')), versions);
  // A second fetch into the same folder (a re-pin) works over the first.
  fetchPinned({ ...pin, paths: { a: two } }, dest);
  assert.equal(readFileSync(join(dest, 'a', 't.any.js'), 'utf8'), '// a two\n');
});
