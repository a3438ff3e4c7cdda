// The bundled app of the start-up suite: the HTTP suite's hono + React app (suites/http/_app.js)
// and a two-line entry (_scripts/app-entry.mjs), bundled by esbuild (pinned) into one ES module,
// as a user ships a server. Generated once per run into the run's folder for inputs, never committed.
import { existsSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./_scripts/app-entry.mjs', import.meta.url));
// React's server build is CommonJS and requires node:stream and others: in an ES module bundle
// esbuild's own require shim throws for those, so the bundle gets a real one.
const BANNER =
  "import { createRequire as __parityRequire } from 'node:module';\nconst require = __parityRequire(import.meta.url);";

/**
 * Bundle the app under `dir` once (a later job of the run reuses it) and return its path and size.
 * Written to a temporary name, then renamed, so a job never runs half a bundle.
 * @param {string} dir
 */
export async function writeBundle(dir) {
  const file = join(dir, 'startup-bundled-app.mjs');
  if (!existsSync(file)) {
    const { build } = await import('esbuild');
    const tmp = `${file}.${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`;
    // platform node: React's server build for node, node: built-ins left as imports (deno and bun have them).
    const o = { entryPoints: [ENTRY], bundle: true, format: /** @type {const} */ ('esm'), outfile: tmp };
    await build({ ...o, platform: 'node', banner: { js: BANNER }, logLevel: 'silent' });
    renameSync(tmp, file);
  }
  return { script: file, bytes: statSync(file).size };
}

/** The entry printed that the app was built, with at least one route. */
export function verifyApp(/** @type {string} */ stdout) {
  const m = stdout.trim().match(/^app ready: (\d+) routes$/);
  if (!m || Number(m[1]) < 1)
    throw new Error(`expected "app ready: <n> routes", got ${JSON.stringify(stdout.slice(0, 80))}`);
}
