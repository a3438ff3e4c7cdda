// CPU time of this process as the operating system accounts it: user and system time summed
// over every thread (GC, JIT and worker threads included), read at the timed window's edges.
// process.cpuUsage() is not used: its first call on Deno reports user = system, and Bun reports
// system time as 0. node:fs exists in every runtime with a process model; where /proc does not
// (macOS, Windows, workerd), the reader is null and rows say the figure is absent.
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU in ticks of 1/100 s on every mainstream architecture. */
export const CLK_TCK = 100;

/**
 * utime and stime (fields 14 and 15) of a /proc/<pid>/stat line, in ms. The command name (field
 * 2) may contain spaces and parentheses, so fields are counted after its closing parenthesis.
 * @param {string} text
 * @returns {{user_ms: number, sys_ms: number} | null}
 */
export function parseProcStat(text) {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): utime is field 14 → rest[11], stime field 15 → rest[12].
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return { user_ms: (utime * 1000) / CLK_TCK, sys_ms: (stime * 1000) / CLK_TCK };
}

/**
 * A reader of this process's CPU from /proc/self/stat, or null where there is none. Each reading
 * also holds `thread_ms`, the CPU of the calling thread (/proc/thread-self/stat: the thread that
 * runs the workload), so that CPU beside it (GC, JIT, worker threads) can be told apart even when
 * other work on the machine keeps the threads from a core each.
 * @returns {{read: () => {user_ms: number, sys_ms: number, thread_ms?: number}, source: string, resolution_ms: number} | null}
 */
export function procSelfCpu() {
  const read = () => {
    const r = parseProcStat(readFileSync('/proc/self/stat', 'utf8'));
    if (!r) throw new Error('/proc/self/stat has no utime/stime fields');
    let t = null;
    try {
      t = parseProcStat(readFileSync('/proc/thread-self/stat', 'utf8'));
    } catch {
      // Linux before 3.17 has no /proc/thread-self: the process total alone is still right.
    }
    return t ? { ...r, thread_ms: t.user_ms + t.sys_ms } : r;
  };
  try {
    read();
    return { read, source: '/proc/self/stat', resolution_ms: 1000 / CLK_TCK };
  } catch {
    return null;
  }
}
