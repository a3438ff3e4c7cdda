// A process's descendants from /proc (children of every thread, their children, …) and killing
// them: how a job's whole process tree is found (RSS of a server's tree, stragglers of a run) and
// ended when it was not started in a process group of its own. Linux; elsewhere no descendants.
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of the children of every thread of `pid` (a child started from a worker thread is listed under that thread). */
function childrenOf(pid) {
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** Every descendant of `pid` (children, their children, …): a job's whole process tree. */
export function descendantsOf(pid) {
  const out = [];
  const queue = childrenOf(pid);
  while (queue.length) {
    const p = /** @type {number} */ (queue.shift());
    out.push(p);
    queue.push(...childrenOf(p));
  }
  return out;
}

/** SIGKILL each pid, ignoring those already gone. */
export function killAll(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
}
