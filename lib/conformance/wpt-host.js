// The one WPT host shared by every runtime: it loads the real testharness.js, the file's
// META scripts and the test file as classic scripts in one global scope, and reports
// through testharness.js's own callbacks. A runtime adapter (node.js, deno.js, bun.js
// beside this file) injects the few things that differ; nothing here branches on the runtime.
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { applyPreload } from '../measure/preload.js';

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
 * @property {(path: string) => Uint8Array | string} [readBytes]  a file's bytes, for fetch (default: node:fs; else read)
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
 * @property {string | null} [preload]  URL of a module imported before anything else (runtime variants; lib/measure/preload.js)
 * @property {string} [server]  origin of WPT's own server (wptserve on 127.0.0.1) when the file needs it
 */

/** The worker scopes idlharness.js and testharness.js recognise a global by. */
const WORKER_SCOPES = ['DedicatedWorkerGlobalScope', 'SharedWorkerGlobalScope', 'ServiceWorkerGlobalScope'];

/**
 * One scope model for every runtime: a server runtime runs an .any.js file as WPT runs it in a
 * dedicated worker (the `.any.worker.html` form Deno's own runner uses). idlharness.js decides
 * which interfaces must exist by asking whether the global is a Window or a worker scope; on a
 * global that is neither (Node, Bun) it takes a ShadowRealm and expects every [Exposed=Worker]
 * interface to be absent. Such a global gets a DedicatedWorkerGlobalScope that recognises it
 * (instanceof) and nothing else. Deno (Window) and workerd (ServiceWorkerGlobalScope) stay what
 * they are. Installed after testharness.js has chosen its environment (a shell one everywhere).
 */
function dedicatedWorkerScope() {
  const g = /** @type {any} */ (globalThis);
  if ('Window' in g || WORKER_SCOPES.some((n) => n in g && g instanceof g[n])) return;
  const scope = () => {
    throw new TypeError('Illegal constructor');
  };
  Object.defineProperty(scope, 'name', { value: 'DedicatedWorkerGlobalScope' });
  Object.defineProperty(scope, Symbol.hasInstance, { value: (v) => v === globalThis });
  Object.defineProperty(g, 'DedicatedWorkerGlobalScope', { configurable: true, writable: true, value: scope });
}

/**
 * What `location` is in a worker: a WorkerLocation (href, origin, protocol, host, hostname, port,
 * pathname, search, hash), read-only, not a URL (no searchParams, which url/historical.any.js checks).
 * @param {URL} url
 */
function workerLocation(url) {
  const loc = {};
  for (const k of ['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) {
    Object.defineProperty(loc, k, { enumerable: true, get: () => url[/** @type {keyof URL} */ (k)] });
  }
  Object.defineProperty(loc, 'toString', { value: () => url.href });
  return loc;
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

/** Content types the WPT server gives by extension (wptserve's defaults for the files tests fetch). */
const CONTENT_TYPES = {
  js: 'text/javascript',
  json: 'application/json',
  wasm: 'application/wasm',
  html: 'text/html',
  txt: 'text/plain',
  idl: 'text/plain',
  css: 'text/css',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
};

/**
 * wptserve's `pipe=` query: header(name,value) and status(code) are applied; any other pipe is a
 * server feature parity does not emulate, answered 501 with its name so the failure says why.
 * @param {string | null} spec
 * @returns {{headers: [string, string][], status: number, unsupported: string | null}}
 */
export function parsePipes(spec) {
  /** @type {[string, string][]} */
  const headers = [];
  let status = 200;
  let unsupported = null;
  for (const m of (spec ?? '').matchAll(/(\w+)\(([^)]*)\)/g)) {
    const [, name, args] = m;
    const [a, ...rest] = args.split(',');
    if (name === 'header') headers.push([a.trim(), rest.join(',').trim()]);
    else if (name === 'status') status = Number(a);
    else unsupported ??= name;
  }
  return { headers, status, unsupported };
}

/**
 * Tests fetch their own resources (e.g. /interfaces/streams.idl, /wasm/incrementer.wasm) from the
 * WPT server; answer same-origin requests from the checkout as it would (bytes, content type by
 * extension, the header and status pipes, an aborted signal) and pass everything else to the
 * runtime's fetch. A server-side handler (.py) needs wptserve: 501, naming it.
 */
function serveWptFiles(job, readBytes) {
  const native = globalThis.fetch;
  const origin = globalThis.location.origin;
  globalThis.fetch = async function fetch(input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location.href);
    if (url.origin !== origin) return native.call(globalThis, input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    if (signal?.aborted) throw signal.reason;
    const path = `${job.root}${decodeURIComponent(url.pathname)}`;
    if (url.pathname.endsWith('.py'))
      return new Response(`parity serves no wptserve handler (${url.pathname})`, { status: 501 });
    const pipes = parsePipes(url.searchParams.get('pipe'));
    if (pipes.unsupported)
      return new Response(`parity does not emulate wptserve's ${pipes.unsupported}() pipe`, { status: 501 });
    let body;
    try {
      body = readBytes(path);
    } catch {
      return new Response('not found', { status: 404 });
    }
    const headers = new Headers();
    const ext = /\.([a-z0-9]+)$/.exec(url.pathname)?.[1] ?? '';
    if (Object.hasOwn(CONTENT_TYPES, ext))
      headers.set('content-type', CONTENT_TYPES[/** @type {keyof typeof CONTENT_TYPES} */ (ext)]);
    for (const [k, v] of pipes.headers) headers.set(k, v);
    return new Response(body, { status: pipes.status, headers });
  };
}

/**
 * With WPT's server, fetches go to it over the network; a relative URL resolves against the
 * worker's location, as a worker's fetch does (the runtimes' own fetch has no base URL).
 */
function resolveAgainstLocation() {
  const native = globalThis.fetch;
  globalThis.fetch = function fetch(input, init) {
    const target =
      typeof input === 'string' || input instanceof URL ? new URL(String(input), globalThis.location.href).href : input;
    return native.call(globalThis, target, init);
  };
}

/** In WPT, resources/WebIDLParser.js is a symlink to webidl2/lib/webidl2.js; copies such as Node's keep only the target. */
export function wptPath(root, abs, exists) {
  const idl = `${root}/resources/webidl2/lib/webidl2.js`;
  return abs === `${root}/resources/WebIDLParser.js` && !exists(abs) ? idl : abs;
}

const text = (v) => (v instanceof Error ? v.message : String(v));

/** A checkout file's text as WPT's server serves it. */
async function fromServer(job, path) {
  const r = await fetch(`${job.server}${path.slice(job.root.length)}`);
  if (!r.ok) throw new Error(`WPT server answered ${r.status} for ${path.slice(job.root.length)}`);
  return r.text();
}

/**
 * The scope WPT's server gives a worker-like, non-window test: `self`, `GLOBAL`, `window` for a
 * .window.js file that runs here, the location it would be served at (fetches answered from the
 * checkout, or by WPT's own server when the file needs it), `gc` and `importScripts`.
 * @param {HostJob} job
 * @param {HostCapabilities} caps
 * @param {{read: (path: string) => string, readBytes: (path: string) => any, exists: (path: string) => boolean}} files
 */
function workerScope(job, caps, { read, readBytes, exists }) {
  const g = /** @type {any} */ (globalThis);
  g.self = globalThis;
  g.GLOBAL = { isWindow: () => false, isWorker: () => true, isShadowRealm: () => false };
  // A .window.js file that runs here uses nothing a window alone has (wpt-window-uses.js) but
  // may name the global `window`, as the window WPT serves it in does: the same global object.
  if (/\.window\.js$/.test(job.file) && !('window' in g)) g.window = globalThis;
  // testharness.js names unnamed tests after location.pathname; Deno throws on a bare
  // `location` access, so every runtime gets the same location the WPT server would serve.
  // With WPT's own server (job.server, a file that needs it), the location is the server's and
  // fetches go to it; otherwise same-origin fetches are answered from the checkout.
  const url = new URL(
    `${job.server ?? 'http://web-platform.test:8000'}/${job.file.replace(/\.js$/, '.worker.html')}${job.variant ?? ''}`,
  );
  Object.defineProperty(globalThis, 'location', { configurable: true, writable: true, value: workerLocation(url) });
  if (job.server) resolveAgainstLocation();
  else serveWptFiles(job, readBytes);
  if (caps.gc && typeof g.gc !== 'function') g.gc = caps.gc;
  g.importScripts = (...urls) => {
    for (const url of urls) {
      if (/\/testharness(report)?\.js$/.test(url)) continue;
      const path = new URL(url, pathToFileURL(`${job.root}/${job.file}`)).pathname;
      const abs = wptPath(job.root, url.startsWith('/') ? `${job.root}${url}` : path, exists);
      caps.runScript(read(abs), abs);
    }
  };
}

/**
 * Uncaught errors and unhandled rejections go to the harness's own listeners, as a browser
 * dispatches them; an error with no listener is a host error. Returns the error raiser, which a
 * script that throws while loading goes through too.
 */
function forwardUncaught(caps, listeners, emit) {
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
  return raiseError;
}

/** Every subtest's result as an event, and the file's completion, after which the host exits. */
function reportResults(job, caps, emit) {
  const g = /** @type {any} */ (globalThis);
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
}

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
  const readBytes = caps.readBytes ?? (caps.read ? read : (path) => readFileSync(path));
  const exists = (path) => {
    try {
      read(path);
      return true;
    } catch {
      return false;
    }
  };
  try {
    await applyPreload(job.preload);
    const g = /** @type {any} */ (globalThis);
    workerScope(job, caps, { read, readBytes, exists });
    const listeners = interceptHarnessListeners(() => caps.runScript(read(job.harness), job.harness));
    dedicatedWorkerScope();
    const raiseError = forwardUncaught(caps, listeners, emit);
    reportResults(job, caps, emit);
    // Shell scopes have no harness timeout; this is the one WPT would apply to the file.
    setTimeout(() => g.timeout(), job.timeoutMs);

    for (const script of [...job.scripts, `${job.root}/${job.file}`]) {
      try {
        // From the server the file comes as a browser gets it (a .sub. file substituted).
        const code = job.server ? await fromServer(job, script) : read(script);
        caps.runScript(code, script);
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
