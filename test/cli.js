// Shared by tests that run the CLI as a user would and read the results file it writes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.js';

/** The pinned node and the CLI, as make runs them. */
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');
export const CLI = join(ROOT, 'lib', 'run', 'cli.js');

/**
 * `node lib/run/cli.js run …args --out <tmp>` from the project root; asserts exit 0 and returns
 * the results file it wrote.
 * @param {string[]} args
 * @param {{timeout?: number, env?: Record<string, string | undefined>}} [o] env: added to this process's
 * @returns {any}
 */
export function runToResults(args, { timeout = 240_000, env = {} } = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'parity-cli-')), 'results.json');
  const r = spawnSync(NODE, [CLI, 'run', ...args, '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, ...env },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(readFileSync(out, 'utf8'));
}
