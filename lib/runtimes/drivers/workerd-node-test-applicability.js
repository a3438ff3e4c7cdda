// Which of Node's test files can run inside a workerd worker at all. A worker has no processes to
// spawn, no socket to listen on, no host file system beside its own virtual one (/bundle, /tmp,
// /dev) and no command line; a file that needs one of those is not applicable, decided from what
// its source uses (modules, helpers, calls, its `// Flags:` line) by the same rules every time, and
// the reason names what it uses. Everything else runs: a missing API is the runtime's failure, not
// a reason to leave a file out. A file that tests Node's internals (`--expose-internals`,
// `require('internal/…')`) runs too, before any other rule, as it does on deno and bun: it fails
// where it loads an internal module, and its expectation calls that engine-specific, the same kind
// on every runtime that is not node.

/** test/common helpers that exist to do what a worker cannot, and what that is. */
const HELPERS = {
  child_process: 'spawns processes',
  benchmark: 'spawns processes',
  debugger: 'spawns processes',
  'inspector-helper': 'spawns processes',
  sea: 'spawns processes',
  snapshot: 'spawns processes',
  'require-as': 'spawns processes',
  wasi: 'spawns processes',
  'cpu-prof': 'spawns processes',
  prof: 'spawns processes',
  fixtures: "reads Node's test fixtures from the host file system",
  heap: "reads Node's test fixtures from the host file system",
  tls: "reads Node's test fixtures from the host file system",
  wpt: "reads Node's test fixtures from the host file system",
  assertSnapshot: "reads Node's test fixtures from the host file system",
  watch: 'watches the host file system',
  net: 'listens on a socket',
  'proxy-server': 'listens on a socket',
  'websocket-server': 'listens on a socket',
  internet: 'needs the internet',
};

/**
 * Modules, calls and patterns that need what a worker has not; the first that matches decides.
 * @type {[RegExp, string][]}
 */
const USES = [
  [/\bspawnPromisified\b|\bchildShouldThrowAndAbort\b|\bprocess\.execPath\b/, 'starts node itself as a child process'],
  [/\bnew\s+Worker\s*\(/, 'starts worker threads'],
  [/\.createServer\s*\(|\.createSecureServer\s*\(|\bnew\s+(?:net\.)?Server\s*\(|\.listen\s*\(/, 'listens on a socket'],
  [/\bcreateSocket\s*\(/, 'listens on a socket'],
  [/\bfs\.(?:watch|watchFile|unwatchFile)\s*\(|\bfs\/promises['"][\s\S]*\bwatch\s*\(/, 'watches the host file system'],
  [
    /require\(\s*['"]\.\.\/(?:\.\.\/|fixtures\/)[^'"]*['"]\s*\)|from\s+['"]\.\.\/(?:\.\.\/|fixtures\/)[^'"]*['"]/,
    'loads files outside test/common (addons, fixtures)',
  ],
  [/\bprocess\.kill\s*\(|process\.on\(\s*['"]SIG/, 'sends or handles signals'],
  [/\bprocess\.chdir\s*\(/, "changes the process's working directory"],
];

/** node:child_process or node:cluster, required or imported: a file that spawns needs one of them. */
const SPAWN_MODULE =
  /require\(\s*['"](?:node:)?(?:child_process|cluster)['"]\s*\)|from\s+['"](?:node:)?(?:child_process|cluster)['"]/;
/**
 * A call that starts a process: spawn & co by name or as a method, exec only by name or on a
 * child_process object (`.exec(` alone is mostly RegExp#exec). Looked for only where SPAWN_MODULE
 * is: a file that only reads names from node:child_process (promisify(cp.exec).name) runs.
 */
const SPAWN_CALL =
  /(?<![.\w$])(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\s*\(|\.(?:spawn|spawnSync|execSync|execFile|execFileSync|fork)\s*\(|\b(?:child_process|childProcess|cp)\.exec\s*\(/;

/** `// Flags:` entries workerd takes as V8 flags in its config (v8Flags). */
const V8_FLAG =
  /^--(?:expose[-_]gc|allow[-_]natives[-_]syntax|harmony[-_\w]*|no[-_]harmony[-_\w]*|stack[-_]size=\d+|max[-_]old[-_]space[-_]size=\d+|max[-_]semi[-_]space[-_]size=\d+|jitless|no[-_]opt|always[-_]turbofan|no[-_]lazy[-_\w]*|js[-_][\w-]+|experimental[-_]wasm[-_][\w-]+|no[-_]experimental[-_]wasm[-_][\w-]+|gc[-_]interval=\d+|predictable[-_]gc[-_]schedule|expose[-_]externalize[-_]string|no[-_]?concurrent[-_][\w-]+|stress[-_][\w-]+)$/;
/** Flags that change nothing a test checks inside a worker (workerd prints no process warnings). */
const HARMLESS_FLAG = new Set(['--no-warnings']);
/** Node's internals: a `--expose-internals` flag or a module loaded from `internal/`. */
const INTERNALS =
  /^\/\/ Flags:.*--expose[-_]internals\b|require\(\s*['"]internal\/[^'"]+['"]\s*\)|from\s+['"]internal\/[^'"]+['"]/m;

/**
 * Whether a file tests Node's internals (an `internal/*` module, `// Flags: --expose-internals`):
 * such a file runs on workerd whatever else it uses, as on deno and bun, and fails where it loads
 * an internal module (an engine-specific expectation, as there).
 * @param {string} source
 */
export function needsInternals(source) {
  return INTERNALS.test(source);
}

/**
 * The flags a file's `// Flags:` line gives (Node's test runner passes them to node).
 * @param {string} source
 * @returns {string[]}
 */
export function testFlags(source) {
  const m = /^\/\/ Flags:\s*(.*)$/m.exec(source);
  return m ? m[1].split(/\s+/).filter(Boolean) : [];
}

/**
 * The V8 flags of a file's `// Flags:` line, for workerd's config.
 * @param {string} source
 */
export function v8Flags(source) {
  return testFlags(source).filter((f) => V8_FLAG.test(f));
}

/** The test/common helpers a file requires or imports, by name (`fixtures`, `child_process`). */
export function commonHelpers(source) {
  const names = new Set();
  for (const m of source.matchAll(/['"]\.\.\/common\/([\w.-]+?)(?:\.m?js)?['"]/g)) names.add(m[1]);
  return [...names];
}

/**
 * Why a Node test file cannot run in a workerd worker, or null when it can.
 * @param {string} source the test file's text
 * @param {string} file its path under test/ (parallel/test-x.js), for the rules on file kinds
 * @returns {string | null}
 */
export function applicability(source, file) {
  if (!/\.(?:js|mjs|cjs)$/.test(file)) return `is not a JavaScript test file (${file})`;
  if (needsInternals(source)) return null;
  for (const flag of testFlags(source)) {
    if (!HARMLESS_FLAG.has(flag) && !V8_FLAG.test(flag))
      return `needs node's command-line flag ${flag}, which a worker cannot be given (// Flags:)`;
  }
  for (const helper of commonHelpers(source))
    if (Object.hasOwn(HELPERS, helper)) return `${HELPERS[helper]} (test/common/${helper})`;
  const spawn = SPAWN_MODULE.test(source) ? SPAWN_CALL.exec(source) : null;
  if (spawn) return `spawns processes (${spawn[0].replace(/\s+/g, '')})`;
  for (const [pattern, what] of USES) {
    const m = pattern.exec(source);
    if (m) return `${what} (${m[0].replace(/\s+/g, ' ').slice(0, 60)})`;
  }
  return null;
}
