// make node-compat, orchestrator side: every Node test file in a fresh process of each runtime
// (or the kind's adapter, for workerd), two at a time, file-major with the runtime order rotated per
// file, each bounded by a timeout; then one symmetric retry of every file that gave an unexpected
// result anywhere (on every runtime, so no runtime gets a second chance the others lack).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../paths.js';
import { NODE_TEST_UNEXPECTED } from '../../results/node-test.js';
import { runToEnd } from '../../runtimes/proc.js';
import { pool } from '../wpt.js';
import { expectationOf, judge } from './expectations.js';
import { invocationFor, kindNodeTest } from './invocation.js';
import { outcomeOf } from './outcome.js';

/** Folders of Node's test/ whose files must run one at a time. */
export const SERIAL_DIRS = ['sequential'];

/** Node's own per-file timeout in its CI is longer; Deno's harness uses 10 s, as here. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * How each runtime runs a test file: its kind's node-test.json, and for a kind with an adapter
 * (workerd) the adapter's functions. A runtime that cannot run them gets a reason instead.
 * @param {any[]} runtimes  resolveRuntime() results
 * @param {(url: string) => Promise<any>} [load]  imports a module (tests pass a stand-in)
 */
export async function runnersFor(runtimes, load = (u) => import(u)) {
  /** @type {Map<string, {spec?: any, adapter?: any, unsupported?: string}>} */
  const out = new Map();
  for (const rt of runtimes) {
    const spec = kindNodeTest(rt.kind);
    if (!spec) {
      out.set(rt.id, { unsupported: `kind ${rt.kind} has no runners/${rt.kind}/node-test.json` });
      continue;
    }
    if (!spec.adapter) {
      out.set(rt.id, { spec, adapter: null });
      continue;
    }
    try {
      const mod = await load(pathToFileURL(join(ROOT, spec.adapter.module)).href);
      const run = mod[spec.adapter.run];
      if (typeof run !== 'function') throw new Error(`it exports no function ${spec.adapter.run}`);
      out.set(rt.id, { spec, adapter: { run, applicability: mod[spec.adapter.applicability] ?? (() => null) } });
    } catch (e) {
      const why =
        /** @type {any} */ (e).code === 'ERR_MODULE_NOT_FOUND'
          ? 'is not in this checkout'
          : `failed to load: ${/** @type {Error} */ (e).message}`;
      out.set(rt.id, { unsupported: `no Node-test adapter for kind ${rt.kind}: ${spec.adapter.module} ${why}` });
    }
  }
  return out;
}

/**
 * Run one file once on one runtime → outcome record.
 * @param {{rt: any, runner: any, suite: {root: string, testRoot: string}, file: string, source: string,
 *   timeoutMs: number, serial: number}} job
 */
export async function runOneFile({ rt, runner, suite, file, source, timeoutMs, serial }) {
  if (runner.adapter) {
    const na = runner.adapter.applicability(source, file);
    if (na)
      return {
        file,
        outcome: 'not-applicable',
        exit_code: null,
        signal: null,
        first_error: null,
        skip_reason: null,
        na_reason: na,
        ms: 0,
      };
    return runner.adapter.run({ file, testRoot: suite.testRoot, timeoutMs, workerd: rt.bin });
  }
  const inv = invocationFor(runner.spec, { file: `test/${file}`, source });
  const env = {
    ...process.env,
    ...rt.env,
    // As Node's and Deno's harnesses: no global-leak check, no re-spawn with the `// Flags:` line.
    NODE_TEST_KNOWN_GLOBALS: '0',
    NODE_SKIP_FLAG_CHECK: '1',
    NODE_TEST_DIR: suite.testRoot,
    TEST_SERIAL_ID: String(serial),
    NODE_OPTIONS: inv.nodeOptions.join(' '),
    NO_COLOR: '1',
    FORCE_COLOR: undefined,
    // The file's own `// Env:` lines last, as tools/test.py applies them.
    ...inv.env,
  };
  const end = await runToEnd({ bin: rt.bin, args: inv.args, env, cwd: suite.root, timeoutMs });
  return outcomeOf(file, end, timeoutMs);
}

/**
 * Run `tests` on `runtimes`, retry the files with an unexpected result once on every runtime.
 * @param {{runtimes: any[], runners: Map<string, any>, tests: Array<{file: string, module: string}>,
 *   suites: {forRuntime: (id: string) => {root: string, testRoot: string}}, expectations: Record<string, any>, timeoutMs?: number,
 *   concurrency?: number, onFile?: (r: any, done: number, total: number) => void, runFile?: typeof runOneFile,
 *   sourceOf?: (file: string) => string}} o  runFile and sourceOf: tests pass stand-ins
 */
export async function runNodeTests(o) {
  const { runtimes, runners, tests, suites, expectations, timeoutMs = DEFAULT_TIMEOUT_MS, concurrency = 2 } = o;
  const runFile = o.runFile ?? runOneFile;
  const active = runtimes.filter((rt) => !runners.get(rt.id).unsupported);
  let serial = 0;
  const sources = new Map();
  const sourceOf =
    o.sourceOf ??
    ((file) => {
      if (!sources.has(file)) sources.set(file, readFileSync(join(suites.forRuntime('').testRoot, file), 'utf8'));
      return sources.get(file);
    });
  const pass = async (list, label) => {
    const tasks = [];
    let done = 0;
    const total = list.length * active.length;
    list.forEach((test, i) => {
      for (let k = 0; k < active.length; k++) {
        const rt = active[(i + k) % active.length];
        tasks.push(async () => {
          const rec = await runFile({
            rt,
            runner: runners.get(rt.id),
            suite: suites.forRuntime(rt.id),
            file: test.file,
            source: sourceOf(test.file),
            timeoutMs,
            serial: serial++,
          });
          const exp = expectationOf(expectations[rt.id] ?? {}, test.file);
          const r = { runtime: rt.id, test, rec, exp, status: judge(rec.outcome, exp), pass: label };
          o.onFile?.(r, ++done, total);
          return r;
        });
      }
    });
    // Files of Node's sequential/ folder must not share the machine with another test (Node's
    // tools/test.py and Deno's harness run them one at a time): they run after the rest, alone.
    const fileOf = (j) => list[Math.floor(j / active.length)].file;
    const alone = tasks.map((_, j) => SERIAL_DIRS.some((d) => fileOf(j).startsWith(`${d}/`)));
    // One file never runs on two runtimes at once: it may claim a resource by name (an abstract
    // socket, a fixed path) that two copies of it would both ask for.
    const together = await pool(
      tasks.filter((_, j) => !alone[j]),
      concurrency,
      tasks.map((_, j) => fileOf(j)).filter((_, j) => !alone[j]),
    );
    const serialRuns = await pool(
      tasks.filter((_, j) => alone[j]),
      1,
    );
    return [...together, ...serialRuns];
  };
  const first = await pass(tests, 'first');
  const again = [...new Set(first.filter((r) => NODE_TEST_UNEXPECTED.has(r.status)).map((r) => r.test.file))];
  const retried = again.length
    ? await pass(
        tests.filter((t) => again.includes(t.file)),
        'retry',
      )
    : [];
  return settle(first, retried);
}

/**
 * Each (runtime, file) once: the first run, or for a retried file both runs. A file whose two runs
 * disagree on a runtime is flaky there; it is judged unexpected only when both runs were.
 * @param {any[]} first
 * @param {any[]} retried
 */
export function settle(first, retried) {
  const second = new Map(retried.map((r) => [`${r.runtime}\u0000${r.test.file}`, r]));
  const flaky = [];
  const results = first.map((r) => {
    const s = second.get(`${r.runtime}\u0000${r.test.file}`);
    if (!s) return r;
    const differs = s.rec.outcome !== r.rec.outcome;
    if (differs) flaky.push({ runtime: r.runtime, file: r.test.file, outcomes: [r.rec.outcome, s.rec.outcome] });
    // Keep the run that met the expectation when one did; otherwise the first.
    const kept = NODE_TEST_UNEXPECTED.has(r.status) && !NODE_TEST_UNEXPECTED.has(s.status) ? s : r;
    return { ...kept, retry: { outcome: s === kept ? r.rec.outcome : s.rec.outcome, flaky: differs } };
  });
  return { results, flaky, retried: new Set(retried.map((r) => r.test.file)).size };
}

/**
 * Conformance rows (source node-test) from settled results.
 * @param {any[]} results
 */
export function nodeTestRows(results) {
  return results.map((r) => {
    const { rec } = r;
    const detail = rec.first_error ?? rec.skip_reason ?? rec.na_reason ?? null;
    return {
      runtime: r.runtime,
      suite: 'node-test',
      source: 'node-test',
      name: r.test.file,
      file: r.test.file,
      module: r.test.module,
      status: r.status,
      outcome: rec.outcome,
      detail,
      ...(rec.exit_code != null && rec.exit_code !== 0 ? { exit_code: rec.exit_code } : {}),
      ...(rec.signal ? { signal: rec.signal } : {}),
      ms: rec.ms,
      ...(r.exp && r.status === 'expected-fail' ? { kind: r.exp.kind } : {}),
      ...(r.retry ? { retry: r.retry.outcome, ...(r.retry.flaky ? { flaky: true } : {}) } : {}),
    };
  });
}
