// WPT runner (orchestrator side, pinned node): finds testharness.js tests under WPT_DIR, runs each
// file in a fresh process of the runtime under test (runners/<kind>/wpt.js), and turns the
// harness's own results into conformance rows judged against the runtime's expectations.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { ROOT } from '../paths.js';
import { driverFor } from '../runtimes/drivers/index.js';
import { spawnJsonLines } from '../runtimes/proc.js';
import { commandLine } from '../runtimes/registry.js';
import { expectationFor, globToRegExp, HARNESS } from './expectations.js';

/** testharness.js statuses, by number, as add_result_callback reports them. */
export const SUBTEST_STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
/** Harness (file) statuses, as add_completion_callback reports them. */
export const HARNESS_STATUS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

/** WPT's standard per-file timeouts (ms): 10 s, or 60 s for `// META: timeout=long`. */
export const TIMEOUTS = { normal: 10_000, long: 60_000 };

/** The testharness.js to use: the checkout's own, else the copy shipped in the wpt-runner package. */
/**
 * The WPT checkout to use: the given folder, else WPT_DIR, else the one make wpt-fetch makes.
 * It exists when it has WPT's resources/ or a test folder parity runs (streams/).
 * @returns {{dir: string, exists: boolean}}
 */
export function wptLocation(given = process.env.WPT_DIR) {
  const pin = JSON.parse(readFileSync(join(ROOT, 'conformance', 'wpt.json'), 'utf8'));
  const dir = resolve(given || join(ROOT, pin.dest));
  return { dir, exists: existsSync(join(dir, 'resources')) || existsSync(join(dir, 'streams')) };
}

export function findHarness(wptRoot) {
  const own = join(wptRoot, 'resources', 'testharness.js');
  if (existsSync(own)) return own;
  return join(ROOT, 'node_modules', 'wpt-runner', 'testharness', 'testharness.js');
}

/**
 * Parse the leading `// META: key=value` lines of a test file.
 * @returns {{global: string[] | null, script: string[], timeout: string | null, variant: string[], title: string | null}}
 */
export function parseMeta(source) {
  /** @type {{global: string[] | null, script: string[], timeout: string | null, variant: string[], title: string | null}} */
  const meta = { global: null, script: [], timeout: null, variant: [], title: null };
  for (const line of source.split('\n')) {
    const m = /^\/\/\s*META:\s*(\w+)=(.*)$/.exec(line.trim());
    if (!m) {
      if (line.trim() === '' || line.trim().startsWith('//')) continue;
      break;
    }
    const [, key, value] = m;
    if (key === 'global')
      meta.global = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (key === 'script') meta.script.push(value.trim());
    else if (key === 'variant') meta.variant.push(value.trim());
    else if (key === 'timeout') meta.timeout = value.trim();
    else if (key === 'title') meta.title = value.trim();
  }
  return meta;
}

/**
 * The scopes an .any.js file asks for, expanded as WPT's server does: no META global means
 * window + dedicatedworker; `worker` means dedicated, shared and service workers.
 */
export function expandGlobals(globals) {
  const out = new Set();
  for (const g of globals ?? ['window', 'dedicatedworker']) {
    if (g === 'worker') for (const w of ['dedicatedworker', 'sharedworker', 'serviceworker']) out.add(w);
    else out.add(g);
  }
  return [...out];
}

/**
 * A server-side runtime is a worker-like or shell-like scope, never a window: run an .any.js
 * file if it asks for any worker or a JS shell. A ShadowRealm scope is a realm inside another
 * global, which no server runtime offers: a file that asks only for it and windows is not run.
 */
export function runsOutsideWindow(globals) {
  return expandGlobals(globals).some((g) => /worker|jsshell/.test(g));
}

/**
 * Why a file is not run, in a few kinds a reader can filter; the same for every runtime.
 * Expectations (per runtime) say what a runtime fails; these say what no server runtime runs.
 */
export const NA_KINDS = {
  window: 'needs a window or DOM',
  server: 'needs a WPT server endpoint',
  shadowrealm: 'ShadowRealm scope only',
  browser: 'needs a browser feature outside ECMA-429',
};

/** The kind and reason a file is not applicable from its name and META lines, or null when it runs. */
export function notApplicableFrom(file, meta) {
  if (/(^|\/)crashtests\//.test(file)) return { kind: 'window', reason: 'crash test (needs a browser)' };
  if (/-manual\./.test(file)) return { kind: 'window', reason: 'manual test (needs a person at a browser)' };
  if (/\.(html?|xhtml|svg)$/.test(file)) return { kind: 'window', reason: 'document test (needs a browser window)' };
  if (/\.window\.js$/.test(file)) return { kind: 'window', reason: 'window-only test (.window.js)' };
  if (/\.sub\.[a-z.]*js$/.test(file))
    return { kind: 'server', reason: 'the WPT server substitutes into the file (.sub.)' };
  if (meta && file.endsWith('.any.js') && !runsOutsideWindow(meta.global)) {
    const g = (meta.global ?? []).join(',');
    return /shadowrealm/.test(g) && !/window/.test(g.replace(/shadowrealm-in-window/g, ''))
      ? { kind: 'shadowrealm', reason: `ShadowRealm only (META global=${g})` }
      : { kind: 'window', reason: `window-only (META global=${g})` };
  }
  return null;
}

/** The top-level folder of a test inside its suite: streams/piping/x.any.js → piping; streams/x.any.js → x. */
export function folderOf(file) {
  const parts = file.split('/');
  if (parts.length > 2) return parts[1];
  return parts[parts.length - 1].replace(/(\.(any|window|worker|https|tentative|sub))*\.(js|html?|xhtml|svg)$/, '');
}

function walk(dir, root, out) {
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) walk(abs, root, out);
    else out.push(relative(root, abs).split('\\').join('/'));
  }
  return out;
}

/** The decisions conformance/wpt.json lists by file (glob → {kind, reason}), first match wins. */
function listedNotApplicable(list, file) {
  for (const [glob, entry] of Object.entries(list)) {
    if (!glob.startsWith('$') && globToRegExp(glob).test(file)) return entry;
  }
  return null;
}

/**
 * Every file under the given WPT folders, classified. Tests are either run (one entry per META
 * variant) or listed as not applicable with a kind (NA_KINDS) and a reason, decided by the file
 * name, its META lines and conformance/wpt.json's `not_applicable` list, so no test file goes
 * unaccounted for and every runtime is judged on the same files.
 * @param {string} wptRoot
 * @param {string[]} dirs
 * @param {Record<string, {kind: string, reason: string}>} [listed]  file globs decided by reading them
 * @returns {{tests: Array<{id: string, file: string, variant: string, folder: string, suite: string, meta: any}>,
 *           notApplicable: Array<{file: string, folder: string, suite: string, kind: string, reason: string}>, helpers: string[]}}
 */
export function discover(wptRoot, dirs, listed = {}) {
  const tests = [];
  const notApplicable = [];
  const helpers = [];
  const seen = new Set();
  for (const dir of dirs) {
    const abs = join(wptRoot, dir);
    if (!existsSync(abs))
      throw new Error(
        `WPT folder "${dir}" not found under ${wptRoot}; valid folders are ${readdirSync(wptRoot)
          .filter((n) => !n.includes('.'))
          .join(', ')} (or all, ecma-429)`,
      );
    const files = statSync(abs).isDirectory() ? walk(abs, wptRoot, []) : [dir];
    for (const file of files) {
      // A directory named twice (webidl and webidl/ecmascript-binding) counts its files once.
      if (seen.has(file)) continue;
      seen.add(file);
      const suite = file.split('/')[0];
      const folder = folderOf(file);
      if (!/\.(js|html?|xhtml|svg)$/.test(file)) continue;
      const helper =
        /(^|\/)(resources|support|tools|third_party)\//.test(file) ||
        !/\.(any|worker|window)\.js$|\.(html?|xhtml|svg)$|(^|\/)crashtests\//.test(file);
      if (helper) {
        helpers.push(file);
        continue;
      }
      const meta = /\.(any|worker)\.js$/.test(file) ? parseMeta(readFileSync(join(wptRoot, file), 'utf8')) : null;
      const na = listedNotApplicable(listed, file) ?? notApplicableFrom(file, meta);
      if (na) {
        notApplicable.push({ file, folder, suite, kind: na.kind, reason: na.reason });
        continue;
      }
      for (const variant of meta?.variant.length ? meta.variant : ['']) {
        tests.push({ id: `${file}${variant}`, file, variant, folder, suite, meta });
      }
    }
  }
  return { tests, notApplicable, helpers };
}

/** Absolute paths of a test's META script includes: /x is from the WPT root, x from the file's folder. */
export function scriptPaths(wptRoot, test) {
  return test.meta.script.map((s) => {
    const abs = s.startsWith('/') ? join(wptRoot, s) : join(wptRoot, posix.dirname(test.file), s);
    // In WPT, resources/WebIDLParser.js is a symlink to webidl2/lib/webidl2.js; copies such as
    // Node's test/fixtures/wpt keep only the target.
    const idl = join(wptRoot, 'resources', 'webidl2', 'lib', 'webidl2.js');
    if (s === '/resources/WebIDLParser.js' && !existsSync(abs) && existsSync(idl)) return idl;
    return abs;
  });
}

const tail = (s, n = 3) => s.trim().split('\n').slice(-n).join(' | ').slice(0, 500);

/**
 * Run one test file in a fresh process of `rt` (a resolveRuntime() result).
 * The host applies WPT's timeout itself; a backstop kill 10 s later catches hung processes.
 */
export async function runTestFile(rt, wptRoot, test, { multiplier = 1, harness = findHarness(wptRoot) } = {}) {
  const timeoutMs = Math.round((test.meta.timeout === 'long' ? TIMEOUTS.long : TIMEOUTS.normal) * multiplier);
  const job = (out) => ({
    root: wptRoot,
    file: test.file,
    variant: test.variant,
    harness,
    scripts: scriptPaths(wptRoot, test),
    out,
    timeoutMs,
    preload: rt.preload,
  });
  // A kind whose runtime cannot run the host as a process of its own (workerd) has its driver's way.
  const own = driverFor(rt).wptFile;
  const r = own
    ? await own(rt, job(null), timeoutMs + 10_000)
    : await spawnJsonLines({
        bin: rt.bin,
        argsFor: (out) => commandLine(rt, rt.wpt, [JSON.stringify(job(out))]),
        cwd: ROOT,
        env: { ...process.env, ...rt.env },
        timeoutMs: timeoutMs + 10_000,
      });
  return {
    events: r.lines,
    code: r.code,
    signal: r.signal,
    killed: r.killed,
    timeoutMs,
    ms: r.ms,
    stdout: tail(r.stdout),
    stderr: r.spawnError ? r.spawnError.message : tail(r.stderr),
  };
}

const firstLine = (s) => (s == null ? null : String(s).split('\n')[0].slice(0, 300));

/**
 * Judge one file's outcome against expectations: one row per subtest, plus a `(harness)` row when
 * the file itself went wrong (harness error, no completion, crash, killed).
 */
export function outcomeRows(runtimeId, test, outcome, exp) {
  const rows = [];
  const base = { runtime: runtimeId, suite: test.suite, source: 'wpt', folder: test.folder, file: test.id };
  const judge = (subtest, passed, failStatus, detail) => {
    const expected = exp.expected.has(subtest);
    const flaky = exp.flaky.has(subtest);
    let status;
    if (passed) status = expected ? 'unexpected-pass' : 'pass';
    else status = expected || flaky ? 'expected-fail' : failStatus;
    rows.push({ ...base, name: `${test.id} > ${subtest}`, subtest, status, detail: passed ? null : detail });
  };
  for (const e of outcome.events.filter((e) => e.type === 'result')) {
    const kind = SUBTEST_STATUS[e.status] ?? `status ${e.status}`;
    const msg = firstLine(e.message);
    if (kind === 'PASS') judge(e.name, true);
    else if (kind === 'TIMEOUT') judge(e.name, false, 'timeout', msg ?? 'Test timed out');
    else if (kind === 'FAIL') judge(e.name, false, 'fail', msg);
    else judge(e.name, false, 'fail', `${kind}${msg ? `: ${msg}` : ''}`);
  }
  const complete = outcome.events.find((e) => e.type === 'complete');
  const hostError = outcome.events.find((e) => e.type === 'host-error');
  const subtests = rows.length;
  if (hostError) judge(HARNESS, false, 'error', `Host error: ${firstLine(hostError.message)}`);
  else if (!complete) {
    const how = outcome.killed
      ? `killed after ${outcome.timeoutMs + 10_000} ms without the harness completing`
      : `exited (code ${outcome.code}${outcome.signal ? `, signal ${outcome.signal}` : ''}) before the harness completed`;
    judge(HARNESS, false, outcome.killed ? 'timeout' : 'error', `${how}${outcome.stderr ? `: ${outcome.stderr}` : ''}`);
  } else if (HARNESS_STATUS[complete.status] === 'ERROR') {
    judge(HARNESS, false, 'error', `Harness error: ${firstLine(complete.message)}`);
  } else if (HARNESS_STATUS[complete.status] === 'TIMEOUT' && subtests === 0) {
    judge(HARNESS, false, 'timeout', 'Harness timed out before any subtest reported');
  } else if (HARNESS_STATUS[complete.status] === 'PRECONDITION_FAILED') {
    judge(HARNESS, false, 'fail', `PRECONDITION_FAILED: ${firstLine(complete.message)}`);
  }
  return rows;
}

/** Expected subtests of a file that the run never reported: candidates for removal. */
export function staleExpectations(rows, exp) {
  const seen = new Set(rows.map((r) => r.subtest));
  return [...exp.expected].filter((n) => !seen.has(n));
}

/** Run `tasks` (functions returning promises) with at most `limit` in flight, results in order. */
export async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Run every test for every runtime, interleaved (file-major, runtime order rotated per file),
 * with bounded concurrency. Calls onFile after each file so callers can print progress.
 * @param {{runtimes: any[], wptRoot: string, tests: any[], expectations: Record<string, any>,
 *          concurrency?: number, multiplier?: number, onFile?: (r: any) => void}} opts
 */
export async function runWpt({ runtimes, wptRoot, tests, expectations, concurrency = 2, multiplier = 1, onFile }) {
  const harness = findHarness(wptRoot);
  const tasks = [];
  tests.forEach((test, i) => {
    for (let k = 0; k < runtimes.length; k++) {
      const rt = runtimes[(i + k) % runtimes.length];
      const exp = expectationFor(expectations[rt.id] ?? {}, test.id);
      tasks.push(async () => {
        if (exp.skip) {
          const r = { runtime: rt.id, test, skipped: exp.skip, rows: [], stale: [] };
          onFile?.(r);
          return r;
        }
        const outcome = await runTestFile(rt, wptRoot, test, { multiplier, harness });
        const rows = outcomeRows(rt.id, test, outcome, exp);
        const r = { runtime: rt.id, test, outcome, rows, stale: staleExpectations(rows, exp), ms: outcome.ms };
        onFile?.(r);
        return r;
      });
    }
  });
  return pool(tasks, concurrency);
}

/** Statuses that make a run fail. */
export { UNEXPECTED } from '../results/status.js';
