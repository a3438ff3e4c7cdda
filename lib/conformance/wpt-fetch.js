// make wpt-fetch: every path of conformance/wpt.json checked out at its own WPT commit (one
// shallow, blob-less fetch per commit), and a versions.json in Node's layout beside them, so a
// run records the commit of each directory it ran whichever way the copy was made.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Fetch each pinned path at its commit into `dest` (a git repository made or reused there).
 * @param {import('./wpt-pin.js').WptPin} pin
 * @param {string} dest
 * @param {{repo?: string, log?: (line: string) => void}} [options]
 * @returns {Record<string, {commit: string, path: string}>} what versions.json now says
 */
export function fetchPinned(pin, dest, { repo = pin.repo, log = () => {} } = {}) {
  mkdirSync(dest, { recursive: true });
  const git = (...args) => execFileSync('git', ['-C', dest, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  git('init', '-q');
  const remotes = String(git('remote')).split('\n');
  git('remote', remotes.includes('origin') ? 'set-url' : 'add', 'origin', repo);
  const byCommit = new Map();
  for (const [path, commit] of Object.entries(pin.paths)) {
    if (!byCommit.has(commit)) byCommit.set(commit, []);
    byCommit.get(commit).push(path);
  }
  /** @type {Record<string, {commit: string, path: string}>} */
  const versions = {};
  let n = 0;
  for (const [commit, paths] of byCommit) {
    log(`[${++n}/${byCommit.size}] ${commit.slice(0, 12)}: ${paths.join(', ')}`);
    git('fetch', '-q', '--depth', '1', '--filter=blob:none', 'origin', commit);
    // A path checked out from its own commit: the work tree mixes commits, as Node's copy does.
    git('checkout', '-q', commit, '--', ...paths);
    for (const path of paths) versions[path] = { commit, path };
  }
  writeFileSync(join(dest, 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
  return versions;
}
