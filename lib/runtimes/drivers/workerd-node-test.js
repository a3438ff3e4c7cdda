// One of Node's own test files inside workerd: the file is bundled by esbuild with Node's own
// test/common (which loads under workerd's nodejs_compat), written into a capnp config as one
// CommonJS module beside runners/workerd/node-test-worker.js, and run in one request to a workerd
// of its own on 127.0.0.1. The host there plays Node's process around it (exit, mustCall checks,
// uncaught errors, common.skip) and answers pass, skip or fail; no answer in time is a timeout,
// workerd dying or answering without the host's result a crash. Files that need what a worker has
// not (processes, listening sockets, the host file system, Node's command line) are not applicable
// and never start workerd. One workerd per file: a worker that hangs, crashes or leaves timers
// running cannot touch the next file, as one process per file keeps it for node, deno and bun.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../../paths.js';
import { capnpConfig } from './workerd-config.js';
import { applicability, v8Flags } from './workerd-node-test-applicability.js';
import { serveOnce } from './workerd-wpt.js';

export { applicability } from './workerd-node-test-applicability.js';

const HOST = 'runners/workerd/node-test-worker.js';
/** nodejs_compat is on by default from this compatibility date (workerd says so when it is named). */
const NODEJS_COMPAT_DEFAULT = '2026-08-04';

/**
 * @typedef {{file: string, outcome: 'pass'|'skip'|'fail'|'timeout'|'crash'|'not-applicable',
 *   exit_code: number | null, signal: string | null, first_error: string | null,
 *   skip_reason: string | null, na_reason: string | null, ms: number, output?: string}} NodeTestOutcome
 * `output`: the head of what the file printed (console), where the host answered, for reading a failure.
 */

/** The compatibility date and flags parity runs workerd with (runners/workerd/kind.json), nodejs_compat on. */
export function nodeCompat() {
  const kind = JSON.parse(readFileSync(join(ROOT, 'runners', 'workerd', 'kind.json'), 'utf8'));
  const date = kind.compatibility_date ?? '2025-09-01';
  const flags = [...(kind.compatibility_flags ?? [])];
  if (date < NODEJS_COMPAT_DEFAULT && !flags.includes('nodejs_compat')) flags.push('nodejs_compat');
  return { date, flags };
}

/**
 * The CommonJS parts of an ES module bundle (test/common) need __filename and __dirname, which an
 * ES module has not: the test's own path under /bundle, given only where a module does not declare
 * them itself (require: see esmAsFunction).
 * @param {string} file
 */
function esmOptions(file) {
  return {
    define: {
      __filename: JSON.stringify(`/bundle/test/${file}`),
      __dirname: JSON.stringify(`/bundle/test/${dirname(file)}`),
    },
  };
}

/**
 * The bindings of one static import, as a declaration from a dynamic import of the same module.
 * @param {string} clause what stands between `import` and `from` (X / * as X / { a, b as c } / X, {…})
 * @param {string} spec
 * @param {number} n a number for the module's temporary name
 */
function importAsAwait(clause, spec, n) {
  const m = `__parityImport${n}`;
  const out = [`const ${m} = await import(${JSON.stringify(spec)});`];
  for (const part of clause.match(/\{[^}]*\}|[^,{}]+/g) ?? []) {
    const p = part.trim();
    if (p.startsWith('{')) {
      // A name the module does not export fails as linking fails for a static import.
      for (const name of p
        .slice(1, -1)
        .split(',')
        .map((b) => b.trim().split(/\s+as\s+/)[0])
        .filter(Boolean))
        out.push(
          `if (!(${JSON.stringify(name)} in ${m})) throw new SyntaxError(${JSON.stringify(`The requested module '${spec}' does not provide an export named '${name}'`)});`,
        );
      out.push(`const ${p.replace(/\s+as\s+/g, ': ')} = ${m};`);
    } else if (p.startsWith('*')) out.push(`const ${p.replace(/^\*\s+as\s+/, '')} = ${m};`);
    else if (p) out.push(`const ${p} = ${m}.default;`);
  }
  return out.join(' ');
}

/**
 * An ES module bundle as one async arrow function, the module's default export, that the host calls in
 * the request: workerd evaluates a module's top level outside any request, where a test's timers
 * are refused. Static imports (esbuild leaves Node's built-ins as imports at the start of a line)
 * become awaited dynamic imports at the top of the function, top-level await stays an await, and
 * esbuild's require helper gets workerd's own require for the bundle's CommonJS parts.
 * @param {string} code
 */
export function esmAsFunction(code) {
  const imports = [];
  // A shebang is only allowed as a module's first line; inside the function it would not parse.
  let body = code
    .replace(/^#![^\n]*\n/, '')
    .replace(/^import\s+([^'"]*?)\s+from\s+"([^"]+)";[ \t]*$/gm, (_, clause, spec) => {
      imports.push(importAsAwait(clause, spec, imports.length));
      return '';
    })
    .replace(/^import\s+"([^"]+)";[ \t]*$/gm, (_, spec) => {
      imports.push(`await import(${JSON.stringify(spec)});`);
      return '';
    })
    .replace(/^export\s*\{[^}]*\};[ \t]*$/gm, '');
  body = body.replace(/var __require = [\s\S]*?\n\}\);\n/, 'var __require = __parityRequire;\n');
  return [
    "import { createRequire as __parityCreateRequire } from 'node:module';",
    // An arrow function: the module's top level has no `arguments` and no `this`, and neither has it.
    'export default async () => {',
    'const __parityRequire = __parityCreateRequire(import.meta.url);',
    ...imports,
    body,
    '};',
    '',
  ].join('\n');
}

/**
 * test/common/index.mjs loads index.js through createRequire(import.meta.url) at run time, which a
 * bundle cannot follow; it gets the same module by an import instead, and is otherwise unchanged.
 * @type {import('esbuild').Plugin}
 */
const commonMjs = {
  name: 'parity-common-mjs',
  setup(build) {
    build.onLoad({ filter: /[\\/]common[\\/]index\.mjs$/ }, ({ path }) => ({
      contents: readFileSync(path, 'utf8').replace(
        /const require = createRequire\(import\.meta\.url\);\s*const common = require\('\.\/index\.js'\);/,
        "import common from './index.js';",
      ),
      loader: 'js',
    }));
  },
};

/**
 * A module the bundler cannot find stays a require or import that fails when it runs, as it fails
 * in Node: tests load missing modules on purpose and expect the error (a nonexistent path, a
 * package name that is not installed), and built-ins esbuild does not list (`readline/promises`,
 * `inspector/promises`) are workerd's to answer. Without this, one such line fails the whole bundle.
 * @type {import('esbuild').Plugin}
 */
const unresolvedAtRunTime = {
  name: 'parity-unresolved-at-run-time',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData?.parityResolving) return undefined;
      const { kind, resolveDir, importer } = args;
      const r = await build.resolve(args.path, { kind, resolveDir, importer, pluginData: { parityResolving: true } });
      return r.errors.length ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * Bundle a test file and the test/common modules it requires into one module for workerd: CommonJS
 * (an .mjs file stays ESM), Node's built-in modules left to workerd's nodejs_compat, `internal/*`
 * and any module the bundler cannot find left as a require that fails only if it runs.
 * @param {string} testRoot
 * @param {string} file
 * @returns {Promise<{code: string} | {error: string}>}
 */
export async function bundleTest(testRoot, file) {
  const { build } = await import('esbuild');
  const esm = file.endsWith('.mjs');
  try {
    const out = await build({
      entryPoints: [join(testRoot, file)],
      absWorkingDir: testRoot,
      bundle: true,
      format: esm ? 'esm' : 'cjs',
      platform: 'node',
      target: 'esnext',
      external: ['internal/*'],
      plugins: [commonMjs, unresolvedAtRunTime],
      ...(esm ? esmOptions(file) : {}),
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles?.[0]?.text ?? '';
    return { code: esm ? esmAsFunction(code) : code };
  } catch (e) {
    const first = /** @type {any} */ (e).errors?.[0];
    return { error: `esbuild could not bundle ${file}: ${first?.text ?? String(e).split('\n')[0]}` };
  }
}

/**
 * The folder workerd serves from: the config, an entry that hands the test to the host, the host
 * and the bundle as the module test/<file> (workerd's __filename is then /bundle/test/parallel/x.js,
 * ending as it does in Node's tree, which tests of path and __filename read).
 * @param {string} file
 * @param {string} code the bundle
 * @param {string[]} flags V8 flags from the file's `// Flags:` line
 */
function writeJob(file, code, flags) {
  const moduleName = `test/${file}`;
  const imported = `import(${JSON.stringify(`./${moduleName}`)})`;
  // An ES module test is a function to call in the request (esmAsFunction); CommonJS runs on import.
  const load = file.endsWith('.mjs') ? `() => ${imported}.then((m) => m.default())` : `() => ${imported}`;
  const kind = file.endsWith('.mjs') ? 'esModule' : 'commonJsModule';
  const lines = [
    '(name = "entry.js", esModule = embed "entry.js")',
    `(name = ${JSON.stringify(HOST)}, esModule = embed ${JSON.stringify(HOST)})`,
    `(name = ${JSON.stringify(moduleName)}, ${kind} = embed ${JSON.stringify(moduleName)})`,
  ];
  let config = capnpConfig({ compat: nodeCompat() }, lines);
  if (flags.length) config = config.replace('  sockets = [', `  v8Flags = ${JSON.stringify(flags)},\n  sockets = [`);
  const files = [
    [moduleName, code],
    [HOST, readFileSync(join(ROOT, HOST), 'utf8')],
    [
      'entry.js',
      `import { nodeTestWorker } from './${HOST}';\nexport default nodeTestWorker(${load}, ${JSON.stringify(moduleName)});\n`,
    ],
    ['node-test.capnp', config],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-node-test-'));
  try {
    for (const [name, text] of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}

/** workerd's own account of a failure: the first line of its log that names an error. */
function stderrError(stderr) {
  const lines = String(stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.find((l) => /error|uncaught|exceeded|fatal/i.test(l)) ?? lines[0] ?? null)?.slice(0, 500) ?? null;
}

/**
 * Run one of Node's test files inside workerd and say how it ended.
 * @param {{file: string, testRoot: string, timeoutMs: number, workerd: string}} job
 *   file: its path under testRoot (parallel/test-url-parse.js); testRoot: Node's test/ folder;
 *   workerd: the binary
 * @returns {Promise<NodeTestOutcome>}
 */
export async function runNodeTestInWorkerd({ file, testRoot, timeoutMs, workerd }) {
  const started = performance.now();
  const base = { file, exit_code: null, signal: null, first_error: null, skip_reason: null, na_reason: null };
  const done = (/** @type {any} */ fields) => ({ ...base, ...fields, ms: Math.round(performance.now() - started) });
  if (!existsSync(workerd)) throw new Error(`No workerd binary at ${workerd}: give the path of an installed workerd`);
  if (!existsSync(join(testRoot, file)))
    throw new Error(`No test file ${file} under ${testRoot}: give a path relative to Node's test/ folder`);
  const source = readFileSync(join(testRoot, file), 'utf8');
  const na = applicability(source, file);
  if (na) return done({ outcome: 'not-applicable', na_reason: na });
  const bundle = await bundleTest(testRoot, file);
  if ('error' in bundle) return done({ outcome: 'fail', first_error: bundle.error });
  const dir = writeJob(file, bundle.code, v8Flags(source));
  const r = await serveOnce({ bin: workerd }, dir, 'node-test.capnp', '{}', timeoutMs);
  if (r.killed) return done({ outcome: 'timeout', first_error: `no answer within ${timeoutMs} ms` });
  const answer = r.lines.find((l) => typeof l?.outcome === 'string');
  if (answer)
    return done({
      outcome: answer.outcome,
      exit_code: answer.exit_code,
      first_error: answer.first_error,
      skip_reason: answer.skip_reason,
      output: answer.output,
    });
  return done({
    outcome: 'crash',
    exit_code: r.code,
    signal: r.signal,
    first_error: stderrError(r.stderr) ?? 'workerd ended without an answer',
  });
}
