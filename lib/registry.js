// The runtime registry: runners/runtimes.json turned into launchable runtimes.
// Only the orchestrator side (pinned node) imports this file.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root: the folder that holds runners/ and suites/. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** PARITY_REGISTRY names another registry file (tests use it for a runtime whose binary is missing). @returns {{runtimes: Record<string, any>, kinds: Record<string, any>, variants: Record<string, any>}} */
export function loadRegistry(file = process.env.PARITY_REGISTRY || join(ROOT, 'runners', 'runtimes.json')) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Paths inside the project are shown relative to it; anything else (the machine's own node) in full. */
export function displayPath(p) {
  return p.startsWith(`${ROOT}/`) ? p.slice(ROOT.length + 1) : p;
}

/** Split a user's list of ids, "a,b c", into ['a', 'b', 'c']. */
export function splitList(s) {
  return (s ?? '').split(/[\s,]+/).filter(Boolean);
}

/** Every id a user may name: runtimes first, then variants. */
export function runtimeIds(registry = loadRegistry()) {
  return [...Object.keys(registry.runtimes), ...Object.keys(registry.variants)];
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Find `name` on PATH, skipping this project's node_modules/.bin (node@system must be the machine's own). */
function which(name) {
  const skip = join(ROOT, 'node_modules', '.bin');
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || resolve(dir) === skip) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * Resolve a runtime or variant id to everything needed to launch its runner.
 * Throws a one-line error for an unknown id; a missing binary is reported in `missing`.
 * @param {string} id
 */
export function resolveRuntime(id, registry = loadRegistry()) {
  const variant = registry.variants[id];
  const baseId = variant ? variant.base : id;
  const base = registry.runtimes[baseId];
  if (!base) {
    throw new Error(`Unknown runtime "${id}": valid ids are ${runtimeIds(registry).join(', ')}`);
  }
  const kind = registry.kinds[base.kind];
  const bin = base.which ? which(base.which) : join(ROOT, base.bin);
  const found = bin !== null && isExecutable(bin);
  const install = base.package
    ? `make setup (npm ci installs the pinned package "${base.package}")`
    : `install ${base.which} on PATH`;
  return {
    id,
    base: baseId,
    kind: base.kind,
    bin: bin ?? base.which,
    runner: join(ROOT, kind.runner),
    args: [...kind.args, ...(variant?.flags ?? [])],
    flags: variant?.flags ?? [],
    env: variant?.env ?? {},
    preload: variant?.preload ? join(ROOT, variant.preload) : null,
    note: variant?.note ?? base.note ?? '',
    missing: found ? null : `${bin ?? base.which} not found; install with: ${install}`,
  };
}

/**
 * Node's flags go before the script; Deno's V8 flags must be folded into --v8-flags.
 * Returns argv (without the binary) that runs `script` with `scriptArgs`.
 */
export function commandLine(rt, script, scriptArgs = []) {
  let args = rt.args;
  if (rt.kind === 'deno' && rt.flags.length) {
    args = rt.args
      .filter((a) => !a.startsWith('--v8-flags='))
      .concat(`--v8-flags=${['--expose-gc', ...rt.flags].join(',')}`);
  }
  return [...args, script, ...scriptArgs];
}

/**
 * Ask the runtime itself for its version and engine (runner --info prints one JSON line).
 * @returns {{runtime?: string, version?: string, engine?: string, engine_version?: string, error?: string}}
 */
export function probeRuntime(rt) {
  if (rt.missing) return { error: rt.missing };
  try {
    const out = execFileSync(rt.bin, commandLine(rt, rt.runner, ['--info']), {
      cwd: ROOT,
      env: { ...process.env, ...rt.env },
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (e) {
    return {
      error: `${rt.bin} --info failed: ${
        String(e.stderr || e.message)
          .trim()
          .split('\n')[0]
      }`,
    };
  }
}
