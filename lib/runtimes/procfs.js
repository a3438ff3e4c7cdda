// Reading Linux's /proc: one small file's text at the cost of one read, a folder's entries, and
// the fields parity takes from a process's or thread's stat, status and children files.
import { closeSync, openSync, readdirSync, readlinkSync, readSync } from 'node:fs';

/**
 * The fields parity needs from a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat line. The
 * command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
 * @param {string} text
 * @returns {{pid: number, comm: string, state: string, ppid: number, utime: number, stime: number, reaped: number, cutime: number, cstime: number, starttime: number} | null}
 */
export function parseStat(text) {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const rest = text.slice(close + 2).split(' ');
  // rest[0] is field 3; field n is rest[n - 3].
  const out = {
    pid: Number(text.slice(0, open)),
    comm: text.slice(open + 1, close),
    state: rest[0],
    ppid: Number(rest[1]),
    utime: Number(rest[11]),
    stime: Number(rest[12]),
    // cutime + cstime: every child this process has reaped, read by the kernel at the child's exit.
    reaped: Number(rest[13]) + Number(rest[14]),
    cutime: Number(rest[13]),
    cstime: Number(rest[14]),
    starttime: Number(rest[19]),
  };
  return [out.pid, out.ppid, out.utime, out.stime, out.starttime].every(Number.isFinite) ? out : null;
}

/**
 * VmRSS and VmHWM (peak RSS) of a /proc/<pid>/status text, in bytes; null where absent (a zombie,
 * a kernel thread).
 * @param {string} text
 */
export function parseStatus(text) {
  const kib = (field) => {
    const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) * 1024 : null;
  };
  return { rss_bytes: kib('VmRSS'), hwm_bytes: kib('VmHWM') };
}

/** Pids in a /proc/<pid>/task/<tid>/children text. */
export const parseChildren = (text) => text.trim().split(/\s+/).filter(Boolean).map(Number);

const BUF = Buffer.alloc(16 * 1024);

/**
 * A /proc file's text. One read into a reused buffer (the files parity reads are a few hundred
 * bytes to ~1.5 KB): readFileSync's stat and allocation double the cost of a sample, which runs
 * beside the benchmark every 20 ms.
 * @param {string} path
 */
export function readProc(path) {
  let fd = -1;
  try {
    fd = openSync(path, 'r');
    const n = readSync(fd, BUF, 0, BUF.length, 0);
    return BUF.toString('utf8', 0, n);
  } catch {
    return null; // gone between listing and reading: the process or thread exited
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/**
 * A /proc folder's entries; none when it is gone (the process exited).
 * @param {string} path
 */
export function listProc(path) {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * Processes that still belong to a folder: whose working directory is in it or whose command line
 * names a path in it. A test that starts a detached child (a new session, so its group is not the
 * test's) leaves it running after the test ends; this finds it by the folder the run gave the test.
 * Empty where there is no /proc.
 * @param {string} folder an absolute path
 * @returns {number[]}
 */
export function processesIn(folder) {
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  const pids = [];
  for (const name of listProc('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let cwd = '';
    try {
      cwd = `${readlinkSync(`/proc/${name}/cwd`)}/`;
    } catch {}
    const cmdline = readProc(`/proc/${name}/cmdline`) ?? '';
    if (cwd.startsWith(prefix) || cmdline.split('\0').some((a) => a.startsWith(prefix))) pids.push(Number(name));
  }
  return pids;
}
