// Pinning for jobs that run a server and its load client on one machine: the server on one core,
// the client (and this orchestrator) on another, with taskset on Linux.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Cores for server and client: taskset on Linux with two cores or more; otherwise none (and
 * the row says the two shared the machine).
 * @returns {{server: string, client: string} | null}
 */
export function pinning(cores = availableParallelism(), hasTaskset = existsSync('/usr/bin/taskset')) {
  return cores >= 2 && hasTaskset ? { server: String(cores - 1), client: '0' } : null;
}

/**
 * Pin this process (the orchestrator, every thread: its RSS sampler and /proc readers run here)
 * to the client's core for one HTTP job, off the server's; returns the undo, which
 * gives it every core again. A failure to pin leaves it where it was.
 * @param {string} core
 */
export function pinSelf(core, cores = availableParallelism()) {
  const set = (list) => {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  return set(core) ? () => set(`0-${cores - 1}`) : () => false;
}
