// The runtime registry: runners/runtimes.json plus one runners/<kind>/kind.json per runtime kind,
// turned into launchable runtimes. Only the orchestrator side (pinned node) imports this file.
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { ROOT } from '../paths.js';
import { binFor, exeName, unavailableOn } from './host.js';
import { releaseEntry } from './releases.js';
import { compareVersions } from './versions.js';

/** The default registry file; PARITY_REGISTRY names another (tests use it for fake or missing runtimes). */
export const REGISTRY_FILE = join(ROOT, 'runners', 'runtimes.json');

/**
 * @typedef {{args: string[], from?: string, below?: string}} WptArgs  arguments before the WPT host script, for
 *   the releases from `from` up to (not including) `below` when either is given
 * @typedef {{driver: string, bench?: string, wpt?: string, wpt_env?: Record<string, string>, wpt_args?: WptArgs[], server?: string, heap?: string, heap_unsupported?: string, second_isolate_unsupported?: string, args: string[], fold_flags?: string, compatibility_date?: string, compatibility_flags?: string[],
 *   script_args?: string[], script_unsupported?: string, script_unsupported_when?: {stderr: string, reason: string}[],
 *   checks?: {file: string, args: string[]}, detect?: {path: string, equals?: string, fallback?: boolean},
 *   globals?: Record<string, string>, dir: string}} Kind
 * @typedef {{runtimes: Record<string, any>, variants: Record<string, any>, kinds: Record<string, Kind>, file: string,
 *   legs: string[], defaults: string[], root?: string}} Registry  legs: the runtimes a CI leg tries (`ci_legs`);
 *   defaults: the runtimes a command uses when none are named (`default_runtimes`); root: the tree its relative
 *   paths (binaries, preloads) are in, this one unless a gate reads another tree's registry
 */

/**
 * Read the registry and its kinds: every folder of runners/ that holds a kind.json is a kind, named
 * by the folder, and so is every such folder beside another registry file (PARITY_REGISTRY), which
 * may add kinds of its own. One source: nothing else lists the kinds.
 * @param {string} [file]
 * @param {string} [root] the tree whose binaries and preloads the entries name (lib/run/workflows/base-tree.js: a base checkout)
 * @returns {Registry}
 */
export function loadRegistry(file = process.env.PARITY_REGISTRY || REGISTRY_FILE, root = ROOT) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const dir = dirname(resolve(file));
  /** @type {Record<string, Kind>} */
  const kinds = {};
  for (const from of new Set([dirname(REGISTRY_FILE), dir])) {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const kindFile = join(from, entry.name, 'kind.json');
      if (entry.isDirectory() && existsSync(kindFile)) {
        kinds[entry.name] = { ...JSON.parse(readFileSync(kindFile, 'utf8')), dir: join(from, entry.name) };
      }
    }
  }
  for (const [id, rt] of Object.entries(doc.runtimes)) {
    if (!kinds[rt.kind]) {
      throw new Error(
        `Runtime "${id}" names kind "${rt.kind}", which has no ${join(dir, rt.kind, 'kind.json')}: valid kinds are ${Object.keys(kinds).join(', ')}`,
      );
    }
  }
  return {
    runtimes: doc.runtimes,
    variants: doc.variants ?? {},
    kinds,
    file,
    legs: doc.ci_legs?.runtimes ?? [],
    defaults: doc.default_runtimes?.runtimes ?? [],
    root,
  };
}

/** Every id a user may name: runtimes first, then variants. */
export function runtimeIds(registry = loadRegistry()) {
  return [...Object.keys(registry.runtimes), ...Object.keys(registry.variants)];
}

/** Every kind, in registry order of first use. */
export function kindIds(registry = loadRegistry()) {
  return [...new Set(Object.values(registry.runtimes).map((r) => r.kind))];
}

/** The first runtime id of each kind: who stands for a kind in smoke tests and make test's adapters. */
export function kindRepresentatives(registry = loadRegistry()) {
  return kindIds(registry).map(
    (k) => Object.keys(registry.runtimes).find((id) => registry.runtimes[id].kind === k) ?? k,
  );
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
    const candidate = join(dir, exeName(name));
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * A runtime or variant ready to launch.
 * @typedef {{id: string, base: string, kind: string, driver: string, bin: string, runner: string | null,
 *   wpt: string | null, wptEnv: Record<string, string>, wptArgs: WptArgs[], server: string | null, heap: {file: string | null, unsupported: string | null}, secondIsolate: string, checks: {file: string, args: string[]} | null, args: string[], foldFlags: string | null,
 *   flags: string[], variant?: boolean, env: Record<string, string>, preload: string | null, note: string, package: string | null,
 *   compat?: any, missing: string | null, unavailable: string | null,
 *   script: {args: string[] | null, unsupported: string | null, when: {stderr: string, reason: string}[]}}} Runtime
 */

/**
 * Resolve a runtime or variant id to everything needed to launch it.
 * Throws a one-line error for an unknown id; a missing binary is reported in `missing`, and a
 * platform the runtime has no build for in `unavailable` too (a CI leg lists it, and goes on).
 * @param {string} id
 * @returns {Runtime}
 */
export function resolveRuntime(id, registry = loadRegistry()) {
  const variant = registry.variants[id];
  const baseName = variant ? variant.base : id;
  // Any release of node, deno or bun (node@24.13.0) is an id too, installed from npm on first use.
  const base = registry.runtimes[baseName] ?? releaseEntry(baseName);
  if (!base) {
    throw new Error(
      `Unknown runtime "${id}": valid ids are ${runtimeIds(registry).join(', ')}, or a release such as node@24.13.0, deno@2.4.1, bun@1.2.20`,
    );
  }
  const kind = registry.kinds[base.kind];
  const unavailable = unavailableOn(base);
  const rel = binFor(base);
  const root = registry.root ?? ROOT;
  const bin = base.which ? which(base.which) : rel === null ? null : resolve(root, rel);
  const found = bin !== null && isExecutable(bin);
  const install = base.package
    ? `make setup (npm installs the pinned package "${base.package}")`
    : `install ${base.which} on PATH`;
  const inKind = (f) => (f ? join(kind.dir, f) : null);
  return {
    id,
    base: baseName,
    kind: base.kind,
    driver: kind.driver,
    bin: bin ?? base.which ?? '',
    runner: inKind(kind.bench),
    wpt: inKind(kind.wpt),
    wptEnv: kind.wpt_env ?? {},
    wptArgs: kind.wpt_args ?? [],
    server: inKind(kind.server),
    // The start-up suite's heap probe (runs a script, then a full GC, then the runtime's own heap
    // figure), or why the kind has none; and why a second isolate's start cannot be timed.
    heap: {
      file: inKind(kind.heap),
      unsupported: kind.heap ? null : (kind.heap_unsupported ?? `kind ${base.kind} names no "heap" in its kind.json`),
    },
    secondIsolate:
      kind.second_isolate_unsupported ?? `kind ${base.kind} names no "second_isolate_unsupported" in its kind.json`,
    checks: kind.checks ? { ...kind.checks, file: join(kind.dir, kind.checks.file) } : null,
    args: [...kind.args, ...(variant?.flags ?? [])],
    foldFlags: kind.fold_flags ?? null,
    flags: variant?.flags ?? [],
    variant: Boolean(variant),
    env: expandEnv(variant?.env ?? {}),
    preload: variant?.preload ? join(root, variant.preload) : null,
    note: variant?.note ?? base.note ?? '',
    package: base.package ?? null,
    ...(kind.compatibility_date
      ? { compat: { date: kind.compatibility_date, flags: kind.compatibility_flags ?? [] } }
      : {}),
    // How a user runs a plain script with it (the start-up suite's process jobs), or why it cannot.
    script: {
      args: kind.script_args ?? null,
      unsupported: kind.script_args
        ? null
        : (kind.script_unsupported ?? `kind ${base.kind} names no "script_args" in its kind.json`),
      when: kind.script_unsupported_when ?? [],
    },
    missing: unavailable ?? (found ? null : `${bin ?? base.which} not found; install with: ${install}`),
    unavailable,
  };
}

/**
 * A variant's environment with `{tmp}` replaced by this machine's temporary folder, so that data
 * can name a folder that outlives a job (node+compile-cache's NODE_COMPILE_CACHE) on any OS.
 * @param {Record<string, string>} env
 */
export function expandEnv(env) {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replaceAll('{tmp}', tmpdir())]));
}

/**
 * A kind's `wpt_env` for one WPT file: `{job}` replaced by the folder of that file's process, its
 * own and removed when it ends (Deno's DENO_DIR, where its localStorage lives, fresh per file).
 * @param {Record<string, string>} env
 * @param {string} dir
 */
export function jobEnv(env, dir) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([k]) => !k.startsWith('$'))
      .map(([k, v]) => [k, String(v).replaceAll('{job}', dir)]),
  );
}

/** Whether any of a kind's `wpt_args` holds only for some releases (so the runtime's version is needed). */
export const argsNeedVersion = (rules) => rules.some((r) => r.from || r.below);

/**
 * A kind's `wpt_args` for one WPT file of one release: the arguments of every rule whose `from`
 * and `below` bounds hold for `version` (x.y.z), with `{job}` replaced by the folder of that file's
 * process, as in `wpt_env` (node's --localstorage-file, a store per file).
 * @param {WptArgs[]} rules
 * @param {string} dir
 * @param {string | null} version
 */
export function jobArgs(rules, dir, version) {
  const holds = (r) => {
    if (!r.from && !r.below) return true;
    if (!version)
      throw new Error(`WPT arguments ${r.args.join(' ')} hold for some releases only, and the version is unknown`);
    return (!r.from || compareVersions(version, r.from) >= 0) && (!r.below || compareVersions(version, r.below) < 0);
  };
  return rules.filter(holds).flatMap((r) => r.args.map((a) => a.replaceAll('{job}', dir)));
}

/**
 * argv (without the binary) that runs `script` with `scriptArgs` on `rt`. A kind with
 * `fold_flags` (Deno's --v8-flags=) takes a variant's engine flags inside that one argument.
 * @param {Runtime} rt
 */
export function commandLine(rt, script, scriptArgs = []) {
  let args = rt.args;
  if (rt.foldFlags && rt.flags.length) {
    const prefix = rt.foldFlags;
    const kept = rt.args.filter((a) => !a.startsWith(prefix) && !rt.flags.includes(a));
    const folded = rt.args
      .filter((a) => a.startsWith(prefix))
      .flatMap((a) => a.slice(prefix.length).split(','))
      .concat(rt.flags);
    args = [...kept, `${prefix}${folded.join(',')}`];
  }
  return [...args, script, ...scriptArgs];
}

/**
 * argv (without the binary) that runs a plain script as a user would (`deno run …`, `node file`):
 * the kind's `script_args`, not the bench runner's flags, plus a variant's flags (folded as in
 * commandLine). Null when the kind runs no script as a process of its own.
 * @param {Runtime} rt
 * @param {string} script
 * @param {string[]} [scriptArgs]
 */
export function scriptLine(rt, script, scriptArgs = []) {
  if (!rt.script.args) return null;
  return commandLine({ ...rt, args: [...rt.script.args, ...rt.flags] }, script, scriptArgs);
}

/** The id of a runtime's A/A twin (one binary under two ids: make aa). */
export const aaId = (id) => `${id}/aa`;

/** The id a base tree's runtime has in a gate's run, beside this tree's `id` (lib/run/workflows/base-tree.js). */
export const baseId = (id) => `${id}/base`;
