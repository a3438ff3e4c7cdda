// The fault scenarios of one strategy as data, for pools.test.js to run under deno and bun too
// (node has no web Worker): a task that throws, then a host that dies, each followed by tasks
// that must still finish on the same pool.
import { createPool } from './_pool.js';
import { mathSlice } from './_tasks.js';

/** @param {string} strategy */
export async function probe(strategy) {
  const out = { strategy, thrown: '', after_throw: 0, died: '', after_death: /** @type {number[]} */ ([]) };
  const pool = await createPool(strategy, 2, { self: null, cores: 2 });
  try {
    await pool.run('throw', { message: 'boom' }).catch((e) => {
      out.thrown = e.message;
    });
    out.after_throw = await pool.run('math', { from: 0, to: 10 });
    await pool.run('die').catch((e) => {
      out.died = e.message;
    });
    out.after_death = await Promise.all([1, 2, 3].map((k) => pool.run('math', { from: 0, to: k })));
    return {
      ...out,
      events: pool.events,
      expected: { after_throw: mathSlice(0, 10), after_death: [1, 2, 3].map((k) => mathSlice(0, k)) },
    };
  } finally {
    pool.close();
  }
}
