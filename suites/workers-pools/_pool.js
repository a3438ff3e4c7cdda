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
 * A pool's state: its hosts (slots), the tasks waiting and running, and what happened to it.
 * @typedef {{strategy: string, slots: {host: Host, busy: any, dead: boolean}[], queue: any[],
 *   pending: Map<number, any>, nextId: number, deaths: number, closed: boolean, broken: string | null,
 *   events: {deaths: number, replaced: number, task_errors: number}, start: () => any}} PoolState
 */

/** Hand waiting tasks to free hosts. @param {PoolState} p */
function pump(p) {
  for (const slot of p.slots) {
    if (slot.busy || slot.dead || !p.queue.length) continue;
    const job = p.queue.shift();
    slot.busy = job;
    slot.host.send(job.message, job.transfer);
  }
}

/** A host's answer to its task. @param {PoolState} p @param {any} slot @param {any} m */
function onAnswer(p, slot, m) {
  const job = p.pending.get(m.id);
  if (!job) return;
  p.pending.delete(m.id);
  slot.busy = null;
  if (m.ok) job.resolve(m.result);
  else {
    p.events.task_errors++;
    job.reject(new Error(`task ${job.message.task} failed in ${p.strategy}: ${m.error}`));
  }
  pump(p);
}

/**
 * A host died: its task fails, and a fresh host takes its place until MAX_DEATHS, when the pool
 * gives up and fails every waiting task too.
 * @param {PoolState} p @param {any} slot @param {string} why
 */
function onDeath(p, slot, why) {
  if (slot.dead) return;
  slot.dead = true;
  void slot.host.terminate();
  const job = slot.busy;
  slot.busy = null;
  if (job) {
    p.pending.delete(job.message.id);
    job.reject(new Error(`${p.strategy} host died (${why}) while running task ${job.message.task}`));
  }
  if (p.closed) return;
  p.events.deaths++;
  p.deaths++;
  p.slots.splice(p.slots.indexOf(slot), 1);
  if (p.deaths > MAX_DEATHS) {
    p.broken = `${p.strategy} hosts died ${p.deaths} times (last: ${why}); the pool gave up replacing them`;
    for (const q of p.queue.splice(0)) q.reject(new Error(p.broken));
    return;
  }
  p.events.replaced++;
  const fresh = p.start();
  fresh.host.ready.then(() => pump(p));
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
  /** @type {PoolState} */
  const p = {
    strategy,
    slots: [],
    queue: [],
    pending: new Map(),
    nextId: 1,
    deaths: 0,
    closed: false,
    broken: null,
    events: { deaths: 0, replaced: 0, task_errors: 0 },
    start() {
      const slot = { host: /** @type {any} */ (null), busy: null, dead: false };
      slot.host = factory(
        (m) => onAnswer(p, slot, m),
        (why) => onDeath(p, slot, why),
      );
      p.slots.push(slot);
      return slot;
    },
  };
  try {
    for (let i = 0; i < size; i++) p.start();
  } catch (e) {
    // workerd has node:worker_threads, but its Worker throws "not implemented" when constructed.
    await Promise.all(p.slots.map((s) => s.host.terminate()));
    throw unsupportedOr(e, strategy);
  }
  await Promise.all(p.slots.map((s) => s.host.ready));
  return {
    strategy,
    size,
    events: p.events,
    /**
     * Run one task on the next free host.
     * @param {string} task
     * @param {any} [args]
     * @param {any} [payload]
     * @param {ArrayBuffer[]} [transfer]
     */
    run(task, args = {}, payload = undefined, transfer = []) {
      if (p.closed) return Promise.reject(new Error('pool is closed'));
      if (p.broken) return Promise.reject(new Error(p.broken));
      return new Promise((resolve, reject) => {
        const message = { id: p.nextId++, task, args, payload };
        const job = { message, transfer, resolve, reject };
        p.pending.set(message.id, job);
        p.queue.push(job);
        pump(p);
      });
    },
    /** Settles once every host is gone (child processes reaped, so their CPU counts). */
    async close() {
      p.closed = true;
      for (const q of p.queue.splice(0)) q.reject(new Error('pool closed'));
      await Promise.all(p.slots.map((s) => s.host.terminate()));
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
