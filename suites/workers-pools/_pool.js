// A pool of hosts for one strategy: worker threads (node:worker_threads), child processes of the
// same runtime (node:child_process, the command the driver handed the job as ctx.self), web
// Workers (the global Worker), or `single`: the tasks run one after another in this thread.
// Created once per job in setup, warmed, reused by every call, closed in teardown. A task that
// throws rejects its own promise; a host that dies is replaced (the task it held rejects).
// Runtime-agnostic: node: modules are imported on first use, and a strategy the runtime lacks is
// `Unsupported` with the reason.
import { Unsupported } from '../../lib/measure/workload.js';
import { encodeFrame, frameReader } from './_frame.js';
import { runTask } from './_tasks.js';

export const STRATEGIES = ['single', 'worker-threads', 'child-process', 'web-worker'];

/** Tasks per call for every strategy, so that wall times compare (the published machine's 8 threads). */
export const TASKS = 8;

/** The largest pool a job may ask for: beyond it, a 2–64-core machine only measures thrashing. */
export const MAX_SIZE = 64;

/** A host that dies this many times in one pool's life means a broken host, not bad luck: stop replacing. */
const MAX_DEATHS = 16;

/**
 * The pool size a parameter names: "cores" (the machine's logical CPUs) or an integer 1..MAX_SIZE.
 * @param {string | number} value
 * @param {number} cores
 */
export function poolSize(value, cores) {
  const n = value === 'cores' ? cores : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIZE) {
    throw new Error(`Invalid pool size ${JSON.stringify(value)}: valid sizes are 1 to ${MAX_SIZE} or "cores"`);
  }
  return n;
}

/**
 * @typedef {{send: (m: any, transfer?: ArrayBuffer[]) => void, terminate: () => void, ready: Promise<void>}} Host
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
  if (strategy === 'worker-threads') {
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
      return { send: (m, t) => w.postMessage(m, t), terminate: () => void w.terminate(), ready: r.promise };
    };
  }
  if (strategy === 'web-worker') {
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
      return { send: (m, t) => w.postMessage(m, t ?? []), terminate: () => w.terminate(), ready: r.promise };
    };
  }
  if (strategy === 'child-process') {
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
        terminate: () => {
          child.stdin.end();
          child.kill('SIGKILL');
        },
        ready: r.promise,
      };
    };
  }
  throw new Error(`Unknown strategy "${strategy}": valid strategies are ${STRATEGIES.join(', ')}`);
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
    throw new Unsupported(`${strategy}: cannot start a host here: ${/** @type {Error} */ (e).message}`);
  }
  await host.ready;
  host.terminate();
}

/**
 * A pool of `size` hosts of a strategy, ready (every host has answered) when the promise resolves.
 * @param {string} strategy one of STRATEGIES
 * @param {number} size
 * @param {{self: {bin: string, args: string[]} | null, cores?: number}} ctx
 */
export async function createPool(strategy, size, ctx) {
  if (strategy === 'single') return singlePool();
  const factory = await hostFactory(strategy, ctx);
  /** @type {{host: Host, busy: any, dead: boolean}[]} */
  const slots = [];
  /** @type {any[]} */
  const queue = [];
  const pending = new Map();
  let nextId = 1;
  let deaths = 0;
  let closed = false;
  /** @type {string | null} */
  let broken = null;
  const events = { deaths: 0, replaced: 0, task_errors: 0 };

  const pump = () => {
    for (const slot of slots) {
      if (slot.busy || slot.dead || !queue.length) continue;
      const job = queue.shift();
      slot.busy = job;
      slot.host.send(job.message, job.transfer);
    }
  };

  const start = () => {
    /** @type {{host: Host, busy: any, dead: boolean}} */
    const slot = { host: /** @type {any} */ (null), busy: null, dead: false };
    slot.host = factory(
      (m) => {
        const job = pending.get(m.id);
        if (!job) return;
        pending.delete(m.id);
        slot.busy = null;
        if (m.ok) job.resolve(m.result);
        else {
          events.task_errors++;
          job.reject(new Error(`task ${job.message.task} failed in ${strategy}: ${m.error}`));
        }
        pump();
      },
      (why) => {
        if (slot.dead) return;
        slot.dead = true;
        slot.host.terminate();
        const job = slot.busy;
        slot.busy = null;
        if (job) {
          pending.delete(job.message.id);
          job.reject(new Error(`${strategy} host died (${why}) while running task ${job.message.task}`));
        }
        if (closed) return;
        events.deaths++;
        deaths++;
        slots.splice(slots.indexOf(slot), 1);
        if (deaths > MAX_DEATHS) {
          broken = `${strategy} hosts died ${deaths} times (last: ${why}); the pool gave up replacing them`;
          for (const q of queue.splice(0)) q.reject(new Error(broken));
          return;
        }
        events.replaced++;
        const fresh = start();
        fresh.host.ready.then(pump);
      },
    );
    slots.push(slot);
    return slot;
  };

  try {
    for (let i = 0; i < size; i++) start();
  } catch (e) {
    // workerd has node:worker_threads, but its Worker throws "not implemented" when constructed.
    for (const s of slots) s.host.terminate();
    throw new Unsupported(`${strategy}: cannot start a host here: ${/** @type {Error} */ (e).message}`);
  }
  await Promise.all(slots.map((s) => s.host.ready));

  return {
    strategy,
    size,
    events,
    /**
     * Run one task on the next free host.
     * @param {string} task
     * @param {any} [args]
     * @param {any} [payload]
     * @param {ArrayBuffer[]} [transfer]
     */
    run(task, args = {}, payload = undefined, transfer = []) {
      if (closed) return Promise.reject(new Error('pool is closed'));
      if (broken) return Promise.reject(new Error(broken));
      return new Promise((resolve, reject) => {
        const message = { id: nextId++, task, args, payload };
        const job = { message, transfer, resolve, reject };
        pending.set(message.id, job);
        queue.push(job);
        pump();
      });
    },
    close() {
      closed = true;
      for (const q of queue.splice(0)) q.reject(new Error('pool closed'));
      for (const s of slots) s.host.terminate();
    },
  };
}

/** `single`: the same tasks, one after another, in this thread; nothing crosses a boundary. */
function singlePool() {
  const events = { deaths: 0, replaced: 0, task_errors: 0 };
  return {
    strategy: 'single',
    size: 1,
    events,
    /** @param {string} task @param {any} [args] @param {any} [payload] @param {ArrayBuffer[]} [_transfer] */
    async run(task, args = {}, payload = undefined, _transfer = []) {
      try {
        return (
          await runTask(
            { task, args, payload },
            {
              exit: () => {
                throw new Error('a single-thread task cannot end its thread');
              },
            },
          )
        ).result;
      } catch (e) {
        events.task_errors++;
        throw e;
      }
    },
    close() {},
  };
}

/** The parameters every pooled workload shares; `size` is open: `make run PARAMS=size=8`. */
export const POOL_PARAMS = { strategy: STRATEGIES, size: ['cores'] };

/** checkParams of a pooled workload: the size is valid (cores are counted per job, so any count stands in). */
export const checkPoolParams = (/** @type {any} */ p) => void poolSize(p.size, 1);

/**
 * setup's common part: the pool, made and warmed (one task per host, so each host has loaded its
 * modules and compiled the task before timing starts).
 * @param {any} p params with strategy and size
 * @param {{self: any, cores: number}} ctx
 * @param {(pool: any) => Promise<unknown>} warm one task's worth of work
 */
export async function poolFor(p, ctx, warm) {
  const size = p.strategy === 'single' ? 1 : poolSize(p.size, ctx.cores);
  const pool = await createPool(p.strategy, size, ctx);
  await Promise.all(Array.from({ length: size }, () => warm(pool)));
  return pool;
}
