// WPT runner (orchestrator side, pinned node): takes the tests wpt-discover.js found, runs each
// file in a fresh process of the runtime under test (runners/<kind>/wpt.js), and turns the
// harness's own results into conformance rows judged against the runtime's expectations.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preloadUrl } from '../measure/preload.js';
import { ROOT } from '../paths.js';
import { driverFor, probeRuntime } from '../runtimes/drivers/index.js';
import { spawnJsonLines } from '../runtimes/proc.js';
import { argsNeedVersion, commandLine, jobArgs, jobEnv } from '../runtimes/registry.js';
import { leadingTriple } from '../runtimes/versions.js';
import { expectationFor, HARNESS } from './expectations.js';
import { scriptPaths } from './wpt-discover.js';
import { interfaceOf } from './wpt-pin.js';
import { startWptserve } from './wptserve.js';

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

const tail = (s, n = 3) => s.trim().split('\n').slice(-n).join(' | ').slice(0, 500);

/**
 * argv (without the binary) of one WPT file's process: the kind's arguments, then its `wpt_args`
 * for this release with `{job}` naming the process's own folder (node's --localstorage-file), then
 * the host script and its job. Benchmark jobs build theirs from `args` alone (commandLine).
 * @param {any} rt a resolveRuntime() result
 * @param {any} job the host's job (lib/conformance/wpt-host.js)
 * @param {string} dir the folder of this file's process, removed when it ends
 * @param {string | null} version x.y.z of the runtime, needed when a `wpt_args` rule names releases
 */
export function wptArgv(rt, job, dir, version) {
  const extra = jobArgs(rt.wptArgs ?? [], dir, version);
  return commandLine({ ...rt, args: [...rt.args, ...extra] }, rt.wpt, [JSON.stringify(job)]);
}

/**
 * The release of a runtime (x.y.z, as it reports itself) when its kind's `wpt_args` hold for some
 * releases only; null when they hold for every release.
 * @param {any} rt
 */
export function wptVersion(rt) {
  if (!argsNeedVersion(rt.wptArgs ?? [])) return null;
  const info = probeRuntime(rt);
  const version = info.version ? leadingTriple(info.version) : null;
  if (!version)
    throw new Error(
      `Runtime "${rt.id}" has WPT arguments for some releases only, and its release is unknown: ${info.error ?? `it reports version ${JSON.stringify(info.version)}`}`,
    );
  return version;
}

/**
 * Run one test file in a fresh process of `rt` (a resolveRuntime() result); `version` is
 * wptVersion(rt), which run-wide callers ask once.
 * The host applies WPT's timeout itself; a backstop kill 10 s later catches hung processes.
 */
export async function runTestFile(
  rt,
  wptRoot,
  test,
  {
    multiplier = 1,
    harness = findHarness(wptRoot),
    server = /** @type {string | undefined} */ (undefined),
    version = /** @type {string | null | undefined} */ (undefined),
  } = {},
) {
  const timeoutMs = Math.round((test.meta.timeout === 'long' ? TIMEOUTS.long : TIMEOUTS.normal) * multiplier);
  const job = (out) => ({
    root: wptRoot,
    file: test.file,
    variant: test.variant,
    harness,
    scripts: scriptPaths(wptRoot, test),
    out,
    timeoutMs,
    preload: preloadUrl(rt),
    ...(server ? { server } : {}),
  });
  // A kind whose runtime cannot run the host as a process of its own (workerd) has its driver's way.
  const own = driverFor(rt).wptFile;
  const r = own
    ? await own(rt, job(null), timeoutMs + 10_000)
    : await spawnJsonLines({
        bin: rt.bin,
        // A kind's wpt_args and wpt_env may give each file state of its own, in the process's own
        // folder: node's localStorage file, Deno's DENO_DIR where its localStorage lives.
        argsFor: (out, dir) => wptArgv(rt, job(out), dir, version === undefined ? wptVersion(rt) : version),
        cwd: ROOT,
        env: (dir) => ({ ...process.env, ...rt.env, ...jobEnv(rt.wptEnv, dir) }),
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
  const base = {
    runtime: runtimeId,
    suite: test.suite,
    source: 'wpt',
    folder: test.folder,
    file: test.id,
    interface: interfaceOf(test.file).name,
  };
  const judge = (subtest, passed, failStatus, detail) => {
    const expected = exp.expected.has(subtest);
    const flaky = exp.flaky.has(subtest);
    let status;
    if (passed) status = expected ? 'unexpected-pass' : 'pass';
    else status = expected || flaky ? 'expected-fail' : failStatus;
    const row = { ...base, name: `${test.id} > ${subtest}`, subtest, status, detail: passed ? null : detail };
    // An expected failure carries its kind (not-implemented, build, bug, harness, todo).
    const kind = status === 'expected-fail' ? exp.kind?.get(subtest) : undefined;
    rows.push(kind ? { ...row, kind } : row);
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

/**
 * Run `tasks` (functions returning promises) with at most `limit` in flight, results in order.
 * @param {(() => Promise<any>)[]} tasks
 * @param {number} limit
 * @param {string[] | null} [keys]  per task; tasks of one key never run at the same time
 */
export async function pool(tasks, limit, keys = null) {
  const results = new Array(tasks.length);
  const started = new Array(tasks.length).fill(false);
  const running = new Map();
  // With keys, a task does not start while another of its key runs (the same test file on two
  // runtimes at once would share what the file claims by name: a socket path, a port); a worker
  // that finds only such tasks left ends, and the worker running that key takes them in turn.
  let first = 0;
  const take = () => {
    while (first < tasks.length && started[first]) first++;
    for (let i = first; i < tasks.length; i++) {
      if (started[i] || (keys && running.get(keys[i]))) continue;
      started[i] = true;
      return i;
    }
    return -1;
  };
  const worker = async () => {
    for (let i = take(); i >= 0; i = take()) {
      const key = keys?.[i];
      running.set(key, (running.get(key) ?? 0) + 1);
      try {
        results[i] = await tasks[i]();
      } finally {
        running.set(key, running.get(key) - 1);
      }
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
export async function runWpt(opts) {
  const { runtimes, wptRoot, tests } = opts;
  const harness = findHarness(wptRoot);
  // Asked once per runtime, before any file: the release decides which wpt_args apply.
  const versions = new Map(runtimes.map((rt) => [rt.id, wptVersion(rt)]));
  // WPT's own server, once for the run, only when a file needs it (discover marked it `server`).
  const server = tests.some((t) => t.server) ? await startWptserve(wptRoot) : null;
  try {
    return await runAll({ ...opts, harness, server, versions });
  } finally {
    server?.stop();
  }
}

/**
 * runWpt's options with what it prepared once for the run.
 * @param {{runtimes: any[], wptRoot: string, tests: any[], expectations: Record<string, any>,
 *   concurrency?: number, multiplier?: number, onFile?: (r: any) => void, harness: string, server: any,
 *   versions: Map<string, string | null>}} o
 */
async function runAll({
  runtimes,
  wptRoot,
  tests,
  expectations,
  concurrency = 2,
  multiplier = 1,
  onFile,
  harness,
  server,
  versions,
}) {
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
        const outcome = await runTestFile(rt, wptRoot, test, {
          multiplier,
          harness,
          server: test.server ? server?.origin : undefined,
          version: versions.get(rt.id),
        });
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
