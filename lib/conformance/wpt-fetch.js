// make wpt-fetch: every path of conformance/wpt.json checked out at its own WPT commit (one
// shallow, blob-less fetch per commit), and a versions.json in Node's layout beside them, so a
// run records the commit of each directory it ran whichever way the copy was made; this one also
// gives each commit's date.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/**
 * Fetch each pinned path at its commit into `dest` (a git repository made or reused there).
 * @param {import('./wpt-pin.js').WptPin} pin
 * @param {string} dest
 * @param {{repo?: string, log?: (line: string) => void}} [options]
 * @returns {Record<string, {commit: string, path: string, date: string}>} what versions.json now says (date: YYYY-MM-DD)
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
  /** @type {Record<string, {commit: string, path: string, date: string}>} */
  const versions = {};
  let n = 0;
  for (const [commit, paths] of byCommit) {
    log(`[${++n}/${byCommit.size}] ${commit.slice(0, 12)}: ${paths.join(', ')}`);
    git('fetch', '-q', '--depth', '1', '--filter=blob:none', 'origin', commit);
    // A path checked out from its own commit: the work tree mixes commits, as Node's copy does.
    git('checkout', '-q', commit, '--', ...paths);
    // The commit's own date (committer), which the shallow fetch brings: how old the tests are.
    const date = String(git('show', '-s', '--format=%cs', commit)).trim();
    for (const path of paths) versions[path] = { commit, path, date };
  }
  writeFileSync(join(dest, 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
  return versions;
}

/** Whether a TCP connection to host:port opens within ms. */
function reachable(host, port, ms) {
  return new Promise((ok) => {
    const s = connect({ host, port, timeout: ms });
    const end = (v) => {
      s.destroy();
      ok(v);
    };
    s.on('connect', () => end(true));
    s.on('timeout', () => end(false));
    s.on('error', () => end(false));
  });
}

/**
 * make wpt-fetch: 2 when the repository's host is out of reach (say so, name the way out), else
 * fetch and say where the copy is.
 * @param {import('./wpt-pin.js').WptPin} pin
 * @param {string} dest
 * @param {string} repo
 * @param {(p: string) => string} show  how a path is printed
 */
export async function fetchCommand(pin, dest, repo, show) {
  const host = /^https?:\/\//.test(repo) ? new URL(repo).hostname : null;
  if (host && !(await reachable(host, 443, 5000))) {
    console.error(
      `Cannot reach ${host} to fetch WPT (${Object.keys(pin.paths).length} paths pinned in conformance/wpt.json); set WPT_DIR to an existing copy (Node's test/fixtures/wpt works) or pass REPO= a local clone`,
    );
    return 2;
  }
  const versions = fetchPinned(pin, dest, { repo, log: (l) => console.log(`wpt-fetch ${l}`) });
  const commits = new Set(Object.values(versions).map((v) => v.commit)).size;
  console.log(
    `WPT: ${Object.keys(versions).length} paths at ${commits} commits in ${show(dest)} (versions.json beside them); use WPT_DIR=${show(dest)} or the default`,
  );
  return 0;
}
