// How to start one pool host of a strategy and talk to it: a worker thread
// (node:worker_threads), a child process of the same runtime (node:child_process, the command
// the driver handed the job as ctx.self, frames over stdin/stdout) or a web Worker (the global
// Worker). A strategy the runtime lacks, or cannot start, is `Unsupported` with the reason.
import { Unsupported } from '../../lib/measure/workload.js';
import { encodeFrame, frameReader } from './_frame.js';

export const STRATEGIES = ['single', 'worker-threads', 'child-process', 'web-worker'];

/**
 * `terminate()` settles once the host is gone: a child process exited and reaped, so that its CPU
 * is in this process's children's CPU (wait4, cutime) when the job ends.
 * @typedef {{send: (m: any, transfer?: ArrayBuffer[]) => void, terminate: () => Promise<void>, ready: Promise<void>}} Host
 * @typedef {(onMessage: (m: any) => void, onDeath: (why: string) => void) => Host} HostFactory
 */

/** Resolves on the host's first message ({ready: true}); `onMessage` gets every later one. */
function readiness(onMessage) {
  /** @type {() => void} */
  let ready = () => {};
  let isReady = false;
  const promise = new Promise((res) => {
    ready = () => res(undefined);
  });
  return {
    promise,
    /** @param {any} m */
    receive(m) {
      if (!isReady && m?.ready) {
        isReady = true;
        ready();
      } else onMessage(m);
    },
  };
}

/**
 * A host's uncaught error as one short line: Bun's message carries a source excerpt before
 * "error: …", Deno's starts with "Uncaught".
 * @param {unknown} message
 */
export function deathReason(message) {
  const text = String(message ?? 'error');
  const m = /error: (.+)/i.exec(text);
  return `uncaught ${(m ? m[1] : text.split('\n')[0]).replace(/^Uncaught /, '').slice(0, 200)}`;
}

/**
 * How to start one host of a strategy; throws Unsupported where the runtime cannot.
 * @param {string} strategy
 * @param {{self: {bin: string, args: string[]} | null, cores?: number}} ctx
 * @returns {Promise<HostFactory>}
 */
export async function hostFactory(strategy, ctx) {
  if (strategy === 'worker-threads') return threadHosts();
  if (strategy === 'web-worker') return webWorkerHosts();
  if (strategy === 'child-process') return childHosts(ctx);
  throw new Error(`Unknown strategy "${strategy}": valid strategies are ${STRATEGIES.join(', ')}`);
}

/** Hosts on node:worker_threads. @returns {Promise<HostFactory>} */
async function threadHosts() {
  /** @type {any} */
  let wt;
  try {
    wt = await import('node:worker_threads');
  } catch {
    throw new Unsupported('no node:worker_threads in this runtime');
  }
  return (onMessage, onDeath) => {
    const r = readiness(onMessage);
    const w = new wt.Worker(new URL('./_thread.js', import.meta.url));
    w.on('message', r.receive);
    w.on('error', (/** @type {Error} */ e) => onDeath(deathReason(e.message)));
    w.on('exit', (/** @type {number} */ code) => onDeath(`exited with code ${code}`));
    return {
      send: (m, t) => w.postMessage(m, t),
      terminate: async () => void (await w.terminate()),
      ready: r.promise,
    };
  };
}

/** Hosts on the web's global Worker. @returns {HostFactory} */
function webWorkerHosts() {
  const W = /** @type {any} */ (globalThis).Worker;
  if (typeof W !== 'function') throw new Unsupported('no global Worker (web Workers) in this runtime');
  return (onMessage, onDeath) => {
    const r = readiness(onMessage);
    const w = new W(new URL('./_web.js', import.meta.url).href, { type: 'module' });
    w.onmessage = (/** @type {MessageEvent} */ e) => r.receive(e.data);
    w.onerror = (/** @type {any} */ e) => {
      e.preventDefault?.();
      onDeath(deathReason(e.message));
    };
    return {
      send: (m, t) => w.postMessage(m, t ?? []),
      // A web Worker's terminate() returns nothing to wait on: it stops at once.
      terminate: async () => w.terminate(),
      ready: r.promise,
    };
  };
}

/**
 * Hosts as child processes of the same runtime (its own command, ctx.self), framed over stdio.
 * @param {{self: {bin: string, args: string[]} | null}} ctx
 * @returns {Promise<HostFactory>}
 */
async function childHosts(ctx) {
  if (!ctx.self) throw new Unsupported('this runtime runs jobs without a command of its own to start children with');
  /** @type {any} */
  let cp;
  try {
    cp = await import('node:child_process');
  } catch {
    throw new Unsupported('no node:child_process in this runtime');
  }
  const { fileURLToPath } = await import('node:url');
  const script = fileURLToPath(new URL('./_child.js', import.meta.url));
  const self = ctx.self;
  return (onMessage, onDeath) => {
    const r = readiness(onMessage);
    const child = cp.spawn(self.bin, [...self.args, script], { stdio: ['pipe', 'pipe', 'inherit'] });
    // The runtime reaps a child (waitpid) before it emits 'exit'.
    const gone = new Promise((res) => child.once('exit', res));
    child.stdout.on(
      'data',
      frameReader((header, bin) => r.receive(header.buffer ? { ...header, result: bin } : header)),
    );
    child.on('exit', (/** @type {number | null} */ code, /** @type {string | null} */ signal) =>
      onDeath(signal ? `killed by ${signal}` : `exited with code ${code}`),
    );
    child.on('error', (/** @type {Error} */ e) => onDeath(`could not start: ${e.message}`));
    child.stdin.on('error', () => {}); // a dead child's pipe: its exit event says why
    return {
      send(m) {
        const bin = m.payload instanceof ArrayBuffer ? new Uint8Array(m.payload) : null;
        const { payload, ...rest } = m;
        child.stdin.write(encodeFrame(bin ? rest : m, bin));
      },
      terminate: async () => {
        child.stdin.end();
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await gone;
      },
      ready: r.promise,
    };
  };
}

/**
 * A host constructor's error that says the runtime lacks the feature (workerd's Worker throws
 * "not implemented"): only that is `unsupported`; any other failure to start a host is an error,
 * so that a regression in a runtime that has the feature cannot pass as unsupported.
 * @param {unknown} e
 * @param {string} strategy
 */
export function unsupportedOr(e, strategy) {
  const message = e instanceof Error ? e.message : String(e);
  if (/not (yet )?implemented|not supported/i.test(message)) {
    return new Unsupported(`${strategy}: cannot start a host here: ${message}`);
  }
  return e;
}

/**
 * Start one host and stop it again: what a strategy that starts hosts later (cold-start) checks in
 * setup, so that a runtime which has the API but cannot start a host is `unsupported`, not an error.
 * @param {HostFactory} factory
 * @param {string} strategy
 */
export async function probeHost(factory, strategy) {
  /** @type {Host} */
  let host;
  try {
    host = factory(
      () => {},
      () => {},
    );
  } catch (e) {
    throw unsupportedOr(e, strategy);
  }
  await host.ready;
  await host.terminate();
}
