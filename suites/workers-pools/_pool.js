// A pool of hosts for one strategy: worker threads (node:worker_threads), child processes of the
// same runtime (node:child_process, the command the driver handed the job as ctx.self), web
// Workers (the global Worker; see ./_hosts.js for each), or `single`: the tasks run one after
// another in this thread.
// Created once per job in setup, warmed, reused by every call, closed in teardown. A task that
// throws rejects its own promise; a host that dies is replaced (the task it held rejects).
// Runtime-agnostic: node: modules are imported on first use, and a strategy the runtime lacks is
// `Unsupported` with the reason.
import { hostFactory, STRATEGIES, unsupportedOr } from './_hosts.js';
import { runTask } from './_tasks.js';

export { STRATEGIES };

/** @typedef {import('./_hosts.js').Host} Host */

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
        void slot.host.terminate();
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
    await Promise.all(slots.map((s) => s.host.terminate()));
    throw unsupportedOr(e, strategy);
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
    /** Settles once every host is gone (child processes reaped: their CPU counts, issue 16.2). */
    async close() {
      closed = true;
      for (const q of queue.splice(0)) q.reject(new Error('pool closed'));
      await Promise.all(slots.map((s) => s.host.terminate()));
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
    async close() {},
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
