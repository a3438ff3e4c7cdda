// The corpus of make node-compat: which of Node's test files to run (folders, modules, globs) and
// the prepared copies they run from. Node's test tree is never written to: every run copies it into
// a temporary suite root, and the tests' own scratch folders (.tmp.<id>, from test/common/tmpdir.js)
// are made there. A kind whose runners/<kind>/node-test.json names a `package_json` runs from a
// copy with that package.json at its root (deno: {"type": "commonjs"}, as denoland/node_test has;
// without it deno reads the .js files as ES modules and every require fails); the others from a
// copy without one, as in Node's own tree (a package.json "type" there would turn off node's
// detection of ES module syntax in .js files, which es-module/ tests rely on).
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { processesIn } from '../../runtimes/procfs.js';
import { globToRegExp } from '../expectations.js';
import { loadModuleMap, moduleOf } from './modules.js';

/** Folders run when none are named: the ones the corpus names. */
export const DEFAULT_DIRS = ['parallel', 'es-module'];

/** A test file: test-*.js, .mjs or .cjs, as Node's tools/test.py and Deno's harness collect them. */
const TEST_FILE = /^test-.*\.(?:js|mjs|cjs)$/;

/**
 * Node's test/ folder to use: the one given, else NODE_TEST_DIR. It must hold common/index.js.
 * @param {string | undefined} given
 */
export function nodeTestDir(given = process.env.NODE_TEST_DIR) {
  if (!given)
    throw new Error(
      'No Node test tree: set NODE_TEST_DIR to the test/ folder of a Node checkout (it holds common/ and parallel/)',
    );
  const dir = resolve(given);
  if (!existsSync(join(dir, 'common', 'index.js')))
    throw new Error(`NODE_TEST_DIR ${dir} has no common/index.js: set it to the test/ folder of a Node checkout`);
  return dir;
}

/**
 * The files to run, as paths under test/ ("parallel/test-fs-cp.js") with their module.
 * @param {{testDir: string, dirs?: string[], modules?: string[], globs?: string[], map?: ReturnType<typeof loadModuleMap>}} o
 * @returns {Array<{file: string, module: string}>}
 */
export function discoverTests({ testDir, dirs = DEFAULT_DIRS, modules = [], globs = [], map = loadModuleMap() }) {
  for (const d of dirs) {
    if (!/^[\w.-]+$/.test(d) || !existsSync(join(testDir, d)) || !statSync(join(testDir, d)).isDirectory())
      throw new Error(
        `DIRS names "${d}", which is not a folder of ${testDir}: valid folders are e.g. parallel, es-module, sequential`,
      );
  }
  const known = new Set([...Object.values(map.prefixes), ...Object.values(map.folders), 'other']);
  for (const m of modules)
    if (!known.has(m))
      throw new Error(
        `MODULES names "${m}", which is no module of conformance/node-test/modules.json: valid modules are ${[...known].sort().join(', ')}`,
      );
  const res = globs.map(globToRegExp);
  const out = [];
  for (const d of dirs) {
    for (const name of readdirSync(join(testDir, d)).sort()) {
      if (!TEST_FILE.test(name)) continue;
      const file = `${d}/${name}`;
      const module = moduleOf(file, map);
      if (modules.length && !modules.includes(module)) continue;
      if (res.length && !res.some((re) => re.test(file) || re.test(name))) continue;
      out.push({ file, module });
    }
  }
  return out;
}

/**
 * Copy Node's test/ folder into a fresh suite root, with `packageJson` at the root when given.
 * Returns the root, its test/ folder, and a function that removes it and ends every process still
 * running in it.
 * @param {string} testDir
 * @param {Record<string, any> | null} [packageJson]
 */
export function prepareSuite(testDir, packageJson = null) {
  const root = mkdtempSync(join(tmpdir(), 'parity-node-test-'));
  const testRoot = join(root, 'test');
  cpSync(testDir, testRoot, { recursive: true, verbatimSymlinks: true });
  if (packageJson) writeFileSync(join(root, 'package.json'), `${JSON.stringify(packageJson)}\n`);
  const remove = () => {
    // A test's detached children (their own session, so no group kill reached them) go with the copy.
    for (const pid of processesIn(root)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    rmSync(root, { recursive: true, force: true });
  };
  return { root, testRoot, remove };
}

/**
 * The copies a run needs, one per distinct package.json its runtimes' kinds ask for.
 * @param {string} testDir
 * @param {Map<string, {spec?: any}>} runners  runtime id → its kind's node-test.json (runnersFor)
 * @param {typeof prepareSuite} [prepare]
 */
export function prepareSuites(testDir, runners, prepare = prepareSuite) {
  /** @type {Map<string, ReturnType<typeof prepareSuite>>} */
  const byPackage = new Map();
  /** @type {Map<string, ReturnType<typeof prepareSuite>>} */
  const byRuntime = new Map();
  for (const [id, r] of runners) {
    const pkg = r.spec?.package_json ?? null;
    const key = JSON.stringify(pkg);
    if (!byPackage.has(key)) byPackage.set(key, prepare(testDir, pkg));
    byRuntime.set(id, /** @type {any} */ (byPackage.get(key)));
  }
  const all = [...byPackage.values()];
  return {
    forRuntime: (/** @type {string} */ id) =>
      /** @type {ReturnType<typeof prepareSuite>} */ (byRuntime.get(id) ?? all[0]),
    roots: all.map((x) => x.root),
    remove: () => {
      for (const x of all) x.remove();
    },
  };
}
