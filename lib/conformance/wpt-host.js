// The one WPT host shared by every runtime: it loads the real testharness.js, the file's
// META scripts and the test file as classic scripts in one global scope, and reports
// through testharness.js's own callbacks. A runtime adapter (node.js, deno.js, bun.js
// beside this file) injects the few things that differ; nothing here branches on the runtime.
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {object} HostCapabilities
 * @property {string} kind
 * @property {(code: string, filename: string) => void} runScript  evaluate a classic script in the global scope
 * @property {(onError: (error: unknown) => void, onRejection: (reason: unknown) => void) => void} catchUncaught
 *   route uncaught exceptions and unhandled rejections to the handlers instead of killing the process
 * @property {(() => void) | null} gc  full GC for common/gc.js, or null
 * @property {string[]} args
 * @property {(code: number) => void} exit
 * @property {(path: string) => string} [read]  a file of the checkout by absolute path (default: node:fs);
 *   workerd has no host file system, so its worker answers from the files embedded in its config
 * @property {(event: object) => void} [emit]   report one event (default: a JSON line appended to job.out)
 */

/**
 * @typedef {object} HostJob
 * @property {string} root        absolute path of the WPT root
 * @property {string} file        test file, relative to the root
 * @property {string} harness     absolute path of testharness.js
 * @property {string[]} scripts   absolute paths of META script includes, in order
 * @property {string} out         file the host appends one JSON line per event to
 * @property {number} timeoutMs   when to call testharness.js's timeout()
 * @property {string} [variant]   META variant (query string), '' for none
 * @property {string | null} [preload]  module imported before anything else (runtime variants)
 */

/**
 * idlharness.js classifies the global (Window, a worker scope, or a shell-like realm whose
 * prototype is Object.prototype, tested as such) and stops at setup on anything else. Node's
 * global has one extra prototype object that holds only `constructor`: drop it, so that Node's
 * interface tests run on the same shell-like footing as Bun's (Deno has Window). Any other
 * prototype is left alone: removing it could remove real globals.
 */
function classifiableGlobal() {
  const proto = Object.getPrototypeOf(globalThis);
  if ('Window' in globalThis || proto === Object.prototype || proto === null) return;
  const onlyConstructor = Object.getOwnPropertyNames(proto).every((n) => n === 'constructor');
  if (onlyConstructor && Object.getPrototypeOf(proto) === Object.prototype)
    Object.setPrototypeOf(globalThis, Object.prototype);
}

/** Events the harness raised while testharness.js was loading; they get our synthetic events. */
function interceptHarnessListeners(install) {
  /** @type {Record<string, Function[]>} */
  const listeners = { error: [], unhandledrejection: [] };
  const own = Object.getOwnPropertyDescriptor(globalThis, 'addEventListener');
  const native = globalThis.addEventListener;
  // testharness.js registers its error handlers only if the global has addEventListener, and
  // runtimes differ in whether it exists and whether they dispatch errors to it. Capturing the
  // two listeners and feeding them ourselves gives every runtime the same browser-like semantics.
  Object.defineProperty(globalThis, 'addEventListener', {
    configurable: true,
    writable: true,
    value(type, fn, options) {
      if (type in listeners) listeners[type].push(fn);
      else if (typeof native === 'function') native.call(globalThis, type, fn, options);
    },
  });
  try {
    install();
  } finally {
    if (own) Object.defineProperty(globalThis, 'addEventListener', own);
    else delete globalThis.addEventListener;
  }
  return listeners;
}

/**
 * Tests fetch their own resources (e.g. /interfaces/streams.idl) from the WPT server; answer
 * same-origin requests from the checkout and pass everything else to the runtime's fetch.
 */
function serveWptFiles(job, read) {
  const native = globalThis.fetch;
  const origin = globalThis.location.origin;
  globalThis.fetch = async function fetch(input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location.href);
    if (url.origin !== origin) return native.call(globalThis, input, init);
    const path = `${job.root}${decodeURIComponent(url.pathname)}`;
    try {
      return new Response(read(path), { status: 200 });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}

const text = (v) => (v instanceof Error ? v.message : String(v));

/**
 * Run one WPT test file and exit. Events go to job.out as JSON lines:
 * {type:'result', name, status, message, stack}, {type:'complete', status, message, stack},
 * {type:'host-error', message, stack}.
 * @param {HostCapabilities} caps
 */
export async function runHost(caps) {
  const job = /** @type {HostJob} */ (JSON.parse(caps.args[0] ?? 'null'));
  if (!job?.out && !caps.emit) throw new Error(`Expected one JSON job argument with "out", got ${caps.args[0]}`);
  const emit = caps.emit ?? ((event) => appendFileSync(job.out, `${JSON.stringify(event)}\n`));
  const read = caps.read ?? ((path) => readFileSync(path, 'utf8'));
  try {
    if (job.preload) await import(pathToFileURL(job.preload).href);
    const g = /** @type {any} */ (globalThis);
    // What WPT's server puts in front of an .any.js file for a worker-like, non-window scope.
    g.self = globalThis;
    g.GLOBAL = { isWindow: () => false, isWorker: () => false, isShadowRealm: () => false };
    // testharness.js names unnamed tests after location.pathname; Deno throws on a bare
    // `location` access, so every runtime gets the same URL the WPT server would serve.
    Object.defineProperty(globalThis, 'location', {
      configurable: true,
      writable: true,
      value: new URL(`http://web-platform.test:8000/${job.file.replace(/\.js$/, '.html')}${job.variant ?? ''}`),
    });
    serveWptFiles(job, read);
    if (caps.gc && typeof g.gc !== 'function') g.gc = caps.gc;
    g.importScripts = (...urls) => {
      for (const url of urls) {
        if (/\/testharness(report)?\.js$/.test(url)) continue;
        const path = new URL(url, pathToFileURL(`${job.root}/${job.file}`)).pathname;
        const abs = url.startsWith('/') ? `${job.root}${url}` : path;
        caps.runScript(read(abs), abs);
      }
    };

    classifiableGlobal();
    const listeners = interceptHarnessListeners(() => caps.runScript(read(job.harness), job.harness));
    const raiseError = (error) => {
      const event = { message: text(error), error, filename: '', lineno: 0, colno: 0, preventDefault() {} };
      for (const fn of listeners.error) fn(event);
      if (listeners.error.length === 0)
        emit({ type: 'host-error', message: `Uncaught ${text(error)}`, stack: error?.stack });
    };
    const raiseRejection = (reason) => {
      const event = { reason, promise: null, preventDefault() {} };
      for (const fn of listeners.unhandledrejection) fn(event);
    };
    caps.catchUncaught(raiseError, raiseRejection);

    const reported = new Set();
    const report = (t, status = t.status, message = t.message) => {
      reported.add(t);
      emit({ type: 'result', name: t.name, status, message: message ?? null, stack: t.stack ?? null });
    };
    g.add_result_callback((t) => report(t));
    g.add_completion_callback((tests, status) => {
      // A harness timeout completes unfinished tests without a result callback; they would
      // vanish from the counts, so report them as timed out (NOTRUN when the harness ended otherwise).
      const timedOut = status.status === 2;
      for (const t of tests) {
        if (reported.has(t)) continue;
        if (timedOut) report(t, 2, `Test timed out (file timeout ${job.timeoutMs} ms)`);
        else report(t);
      }
      emit({ type: 'complete', status: status.status, message: status.message ?? null, stack: status.stack ?? null });
      // Tests may leave timers or streams pending; the file is done when the harness says so.
      setTimeout(() => caps.exit(0), 0);
    });
    // Shell scopes have no harness timeout; this is the one WPT would apply to the file.
    setTimeout(() => g.timeout(), job.timeoutMs);

    for (const script of [...job.scripts, `${job.root}/${job.file}`]) {
      try {
        caps.runScript(read(script), script);
      } catch (error) {
        // A script that throws while loading is an uncaught error in a browser, nothing more.
        raiseError(error);
      }
    }
  } catch (error) {
    emit({ type: 'host-error', message: text(error), stack: /** @type {any} */ (error)?.stack ?? null });
    caps.exit(1);
  }
}
