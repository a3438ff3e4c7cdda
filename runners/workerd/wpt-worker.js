// workerd's WPT host: a module worker that runs one testharness.js file through the shared host
// (lib/conformance/wpt-host.js) when the driver POSTs the job, and streams the host's events back
// as JSON lines. workerd has no host file system and blocks code generation from strings, so the
// files come embedded in the config (`files`, by absolute path) and classic scripts run through the
// unsafeEval binding, which compiles a classic script in the global scope as a browser would
// (top-level const and function declarations of one script are seen by the next).
import { runHost } from '../../lib/conformance/wpt-host.js';

/** The worker scopes testharness.js would pick an environment by; see hidingWorkerScope. */
const SCOPES = ['ServiceWorkerGlobalScope', 'WorkerGlobalScope'];

/**
 * The host's own Response, taken before any test runs, so answering does not depend on what a
 * test did to the global: webidl's global-immutable-prototype.any.js sets the global's prototype
 * to {} (workerd allows it, which is the failure it reports), and the kept run at 5902b81 ended
 * that file as a harness error, "Response is not defined".
 */
const { Response } = globalThis;

/**
 * Run fn with workerd's worker-scope constructors absent. testharness.js picks its environment
 * when it loads: on a ServiceWorkerGlobalScope it waits for an install event that never comes
 * here, so every file would end in the harness timeout. Without them it takes the shell
 * environment, as it does on node, deno and bun; the names are back before any test runs.
 * @param {() => unknown} fn
 */
function hidingWorkerScope(fn) {
  const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  const saved = SCOPES.map((n) => [n, Object.getOwnPropertyDescriptor(g, n)]);
  for (const n of SCOPES) delete g[n];
  try {
    return fn();
  } finally {
    for (const [n, d] of saved) if (d) Object.defineProperty(g, /** @type {string} */ (n), d);
  }
}

/**
 * An exception thrown by a timer callback is, in a browser, an error event on the global; workerd
 * fails the request instead. Wrapping the callbacks gives the harness the browser's behaviour
 * (as process 'uncaughtException' does on node).
 * @param {(error: unknown) => void} onError
 */
function routeTimerErrors(onError) {
  const g = /** @type {any} */ (globalThis);
  for (const name of ['setTimeout', 'setInterval']) {
    const native = g[name];
    g[name] = (fn, ms, ...args) =>
      native(
        (...a) => {
          try {
            return typeof fn === 'function' ? fn(...a) : undefined;
          } catch (error) {
            onError(error);
          }
        },
        ms,
        ...args,
      );
  }
}

const IDLHARNESS = '/resources/idlharness.js';

/**
 * idlharness.js finds the object each member check is about by evaluating its description with
 * eval ('performance', 'new URL("http://foo")'), which workerd forbids (code generation from
 * strings). That eval is the harness's plumbing, not the API under test: after idlharness.js has
 * loaded, its global `eval` compiles through the unsafeEval binding, in the global scope as a
 * browser's would, so the checks reach the interface they test.
 * @param {{eval: (code: string, name?: string) => unknown}} unsafe
 */
function giveIdlharnessEval(unsafe) {
  Object.defineProperty(globalThis, 'eval', {
    configurable: true,
    writable: true,
    value: (code) => (typeof code === 'string' ? unsafe.eval(code) : code),
  });
}

/**
 * @param {Record<string, string>} files the checkout's files this test needs, by absolute path
 */
export function wptWorker(files) {
  return {
    /**
     * @param {Request} request
     * @param {{EVAL: {eval: (code: string, name?: string) => unknown}}} env
     */
    async fetch(request, env) {
      const job = /** @type {{harness: string}} */ (await request.json());
      const { readable, writable } = new TransformStream();
      const writer = writable.getWriter();
      const encoder = new TextEncoder();
      // Events are written as they happen, so a host that hangs or dies still leaves what it reported.
      const emit = (event) => void writer.write(encoder.encode(`${JSON.stringify(event)}\n`));
      runHost({
        kind: 'workerd',
        runScript(code, filename) {
          if (filename === job.harness) return hidingWorkerScope(() => env.EVAL.eval(code, filename));
          const value = env.EVAL.eval(code, filename);
          if (filename.endsWith(IDLHARNESS)) giveIdlharnessEval(env.EVAL);
          return value;
        },
        catchUncaught(onError, onRejection) {
          globalThis.addEventListener('unhandledrejection', (e) => onRejection(/** @type {any} */ (e).reason));
          routeTimerErrors(onError);
        },
        gc: null,
        args: [JSON.stringify(job)],
        exit: () => void writer.close(),
        read(path) {
          if (Object.hasOwn(files, path)) return files[path];
          throw new Error(`ENOENT: ${path} is not embedded in this job's config`);
        },
        emit,
      });
      return new Response(readable, { headers: { 'content-type': 'application/x-ndjson' } });
    },
  };
}
