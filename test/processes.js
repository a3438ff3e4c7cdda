// Shared by tests that must show a run leaves no process behind: run the CLI while noting every
// process below it, and check afterwards that each one is gone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.js';
import { descendantsOf } from '../lib/runtimes/descendants.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');

/** A pid that no longer runs (gone, or a zombie waiting to be reaped). */
export function gone(pid) {
  if (!existsSync(`/proc/${pid}/stat`)) return true;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z';
  } catch {
    return true;
  }
}

/** Whether a live process's command line contains `text`. */
export function commandHas(pid, text) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
  } catch {
    return false;
  }
}

/** Wait up to `ms` for every pid to be gone, then assert that each one is. */
export async function assertNoneLeft(pids, ms = 3000) {
  const until = Date.now() + ms;
  while (!pids.every(gone) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  for (const p of pids) assert.ok(gone(p), `process ${p} of the run is still alive`);
}

/**
 * `node lib/run/cli.js run …args --out <tmp>`, noting every process below it every 50 ms;
 * `interrupt(pids)` sends SIGINT once it returns true.
 * @param {string[]} args
 * @param {{env?: Record<string, string>, interrupt?: ((pids: number[]) => boolean) | null}} [opts]
 * @returns {Promise<{code: number | null, stderr: string, seen: number[], out: string, doc: any}>}
 */
export function runWatched(args, { env = {}, interrupt = null } = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'parity-watched-')), 'r.json');
  const child = spawn(NODE, ['lib/run/cli.js', 'run', ...args, '--out', out], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const seen = new Set();
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let pending = interrupt;
  const poll = setInterval(() => {
    const now = descendantsOf(/** @type {number} */ (child.pid));
    for (const p of now) seen.add(p);
    if (pending?.(now)) {
      pending = null;
      child.kill('SIGINT');
    }
  }, 50);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(poll);
      const doc = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
      resolve({ code, stderr, seen: [...seen], out, doc });
    });
  });
}
