// Tools that one suite needs, not every user: found in the per-user tools cache
// (~/.cache/parity/tools/<name>-<version>, shared by every checkout on the machine) or on PATH,
// else built there the first time a run needs them, after one line saying what is built and why,
// with the builder's own progress on stderr. `make setup` builds none of them, so a newcomer's
// set-up does not wait for a tool that only one suite uses. Concurrent first uses (make test's
// files, a second checkout) build once: the first takes a lock folder, the others wait for it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {{
 *   name: string, version: string, exe: string, purpose: string, duration: string,
 *   builder: string, getBuilder: string, buildArgs: (root: string) => string[],
 * }} ToolSpec
 * `exe`: the executable's path inside the tool's folder; `purpose`: what needs it ("for …");
 * `duration`: how long the one build takes, in words; `builder`: the command that builds it,
 * found on PATH; `getBuilder`: how to install that command.
 * @typedef {{bin: string | null, reason: string | null, noBuilder: boolean}} Ensured
 * `bin` the executable, else `reason` why not (noBuilder: the builder itself is missing).
 */

const OHA_VERSION = '1.16.0';

/** @type {Record<string, ToolSpec>} */
export const TOOLS = {
  oha: {
    name: 'oha',
    version: OHA_VERSION,
    exe: join('bin', 'oha'),
    purpose: 'the open-loop HTTP rows',
    duration: 'once, a few minutes',
    builder: 'cargo',
    getBuilder: 'apt-get install cargo, or rustup',
    buildArgs: (root) => ['install', 'oha', '--version', OHA_VERSION, '--locked', '--root', root],
  },
};

/** How long a run waits for another process's build of the same tool before it gives up. */
const LOCK_WAIT_MS = 60 * 60 * 1000;

/** The per-user tools cache: $XDG_CACHE_HOME/parity/tools, else ~/.cache/parity/tools. */
export function toolsDir(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'parity', 'tools');
}

/** The folder one pinned tool is built into. @param {ToolSpec} spec */
export const toolRoot = (spec, dir = toolsDir()) => join(dir, `${spec.name}-${spec.version}`);

/** A command's path on PATH, or null. @param {string} cmd */
export function onPath(cmd, path = process.env.PATH ?? '') {
  for (const d of path.split(':')) if (d && existsSync(join(d, cmd))) return join(d, cmd);
  return null;
}

/**
 * The tool's executable: the pinned build in the cache, else one on PATH, else null.
 * @param {ToolSpec} spec @param {{dir?: string, path?: string}} [where]
 */
export function findTool(spec, { dir = toolsDir(), path = process.env.PATH } = {}) {
  const cached = join(toolRoot(spec, dir), spec.exe);
  return existsSync(cached) ? cached : onPath(spec.name, path);
}

/** Why a tool is missing when no build was tried in this process: its builder is. @param {ToolSpec} spec */
export function notBuiltReason(spec) {
  return `missing ${spec.name}: ${spec.builder} is needed to build it for ${spec.purpose} (${spec.getBuilder}); the next run builds it`;
}

/** Builds tried in this process, by tool folder: a second ask waits for the first, or reuses its failure. */
const tried = new Map();

/** Why the last build of `spec` in this process failed, or null. @param {ToolSpec} spec */
export function buildProblem(spec, dir = toolsDir()) {
  const r = tried.get(toolRoot(spec, dir))?.settled;
  return r && !r.bin ? r.reason : null;
}

/**
 * The tool's executable, built into the cache first when it is missing. Never throws: a tool that
 * cannot be had resolves with the reason (noBuilder: the builder itself is missing).
 * @param {ToolSpec} spec
 * @param {{dir?: string, path?: string, log?: (line: string) => void}} [opts]
 * @returns {Promise<Ensured>}
 */
export function ensureTool(spec, { dir = toolsDir(), path = process.env.PATH, log = stderrLine } = {}) {
  const found = findTool(spec, { dir, path });
  if (found) return Promise.resolve(had(found));
  const root = toolRoot(spec, dir);
  const before = tried.get(root);
  if (before) return before.promise;
  /** @type {{settled: Ensured | null, promise: Promise<Ensured>}} */
  const entry = {
    settled: null,
    promise: buildLocked(spec, { dir, path, log }).then((r) => {
      entry.settled = r;
      // A success is found on disk next time; only a failure is remembered, so no job rebuilds it.
      if (r.bin) tried.delete(root);
      return r;
    }),
  };
  tried.set(root, entry);
  return entry.promise;
}

/** @param {string} bin @returns {Ensured} */
const had = (bin) => ({ bin, reason: null, noBuilder: false });

/** @param {string} line */
const stderrLine = (line) => process.stderr.write(`${line}\n`);

/**
 * Under the tool's lock: found again (another process may have built it meanwhile), else built.
 * @param {ToolSpec} spec @param {{dir: string, path?: string, log: (line: string) => void}} opts
 * @returns {Promise<Ensured>}
 */
async function buildLocked(spec, { dir, path, log }) {
  const builder = onPath(spec.builder, path);
  if (!builder) return { bin: null, reason: notBuiltReason(spec), noBuilder: true };
  const root = toolRoot(spec, dir);
  const lock = `${root}.lock`;
  const waited = await takeLock(lock, spec, log);
  if (waited) return { bin: null, reason: waited, noBuilder: false };
  try {
    const found = findTool(spec, { dir, path });
    if (found) return had(found);
    log(`parity: building ${spec.name} ${spec.version} for ${spec.purpose} (${spec.duration}) into ${root}`);
    const code = await runBuilder(builder, spec.buildArgs(root));
    const built = join(root, spec.exe);
    if (code === 0 && existsSync(built)) return had(built);
    const how =
      code === 0
        ? `exited with 0 but left no ${built}`
        : `${typeof code === 'number' ? `exited with ${code}` : code}; its output is above`;
    return { bin: null, reason: `missing ${spec.name}: ${spec.builder} ${how}`, noBuilder: false };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Take the lock folder (mkdir is atomic), waiting while a live process holds it; a lock whose
 * process is gone (a build killed by the machine) is removed. Resolves null once held, else why not.
 * @param {string} lock @param {ToolSpec} spec @param {(line: string) => void} log
 */
async function takeLock(lock, spec, log) {
  mkdirSync(join(lock, '..'), { recursive: true });
  const start = Date.now();
  let said = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return null;
    } catch (e) {
      if (/** @type {any} */ (e).code !== 'EEXIST') return `missing ${spec.name}: cannot lock ${lock}: ${e}`;
    }
    if (stale(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS) {
      return `missing ${spec.name}: another build has held ${lock} for over ${LOCK_WAIT_MS / 60_000} min; remove it if none runs`;
    }
    if (!said) log(`parity: waiting for another process's build of ${spec.name} ${spec.version} (${lock})`);
    said = true;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * A lock nobody holds any more: its process is gone, or it has had no pid for longer than writing
 * one takes (its taker died in between). @param {string} lock
 */
function stale(lock) {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    if (Number.isInteger(pid) && pid > 0) return !alive(pid);
  } catch {
    // no pid yet
  }
  try {
    return Date.now() - statSync(lock).mtimeMs > 10_000;
  } catch {
    return false; // released meanwhile: the next mkdir takes it
  }
}

/** Whether a process exists (signal 0 checks without sending). @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return /** @type {any} */ (e).code === 'EPERM';
  }
}

/**
 * The builder with its progress on this process's stderr (stdout stays for tables); resolves
 * with its exit code, or a description of why it did not run.
 * @param {string} bin @param {string[]} args
 * @returns {Promise<number | string>}
 */
function runBuilder(bin, args) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 2, 2] });
    child.once('error', (e) => resolve(String(e.message)));
    child.once('close', (code, signal) => resolve(code ?? `signal ${signal}`));
  });
}
