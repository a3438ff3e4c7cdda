// Cold start: each call starts a fresh worker thread, child process or web Worker that imports a
// freshly written module of `kb` KB and answers one call. Time to first answer, split where the
// host lets us see it: spawn (start → the host's first message), load (import of the module, as
// the parent sees it; `load_in_host_ms` is the host's own clock around import()), and first call.
// The figure to compare is cold_start_ms (the sum); time per call also includes writing the file.

import { median } from '../../lib/measure/stats/stats.js';
import { Unsupported } from '../../lib/measure/workload.js';
import { hostFactory, probeHost } from './_hosts.js';
import { generateModule } from './_module.js';

const X = 12_345;

export default {
  name: 'cold-start',
  unit: 'ops',
  tree: true,
  params: { strategy: ['worker-threads', 'child-process', 'web-worker'], kb: [10, 120, 1000] },
  quick: { strategy: ['worker-threads', 'child-process', 'web-worker'], kb: [10, 120, 1000] },
  async setup(p, ctx) {
    const factory = await hostFactory(p.strategy, ctx);
    await probeHost(factory, p.strategy);
    /** @type {any} */
    let fs;
    try {
      fs = await import('node:fs');
    } catch {
      throw new Unsupported('no node:fs to write the generated module with');
    }
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const dir = fs.mkdtempSync(join(tmpdir(), 'parity-cold-'));
    let n = 0;
    const state = {
      factory,
      kb: p.kb,
      dir,
      fs,
      /** a fresh file for each call: no runtime has compiled or cached this text */
      write() {
        const nonce = `${Date.now().toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2)}`;
        const { text, expected } = generateModule(p.kb, nonce, X);
        const file = join(dir, `m-${nonce}.js`);
        fs.writeFileSync(file, text);
        return { file, url: pathToFileURL(file).href, expected, bytes: text.length };
      },
      phases: { spawn_ms: [], load_ms: [], load_in_host_ms: [], first_call_ms: [], cold_start_ms: [] },
      last: { answer: NaN, expected: 0 },
      bytes: 0,
    };
    return state;
  },
  async run(state) {
    const m = state.write();
    state.bytes = m.bytes;
    const waiting = new Map();
    let id = 0;
    let dead = '';
    const t0 = performance.now();
    const host = state.factory(
      (msg) => {
        const w = waiting.get(msg.id);
        waiting.delete(msg.id);
        w?.(msg);
      },
      (why) => {
        dead = why;
        for (const w of waiting.values()) w({ ok: false, error: `host died: ${why}` });
        waiting.clear();
      },
    );
    const ask = (task, args) =>
      new Promise((res, rej) => {
        if (dead) return rej(new Error(`host died: ${dead}`));
        const mid = ++id;
        waiting.set(mid, (/** @type {any} */ r) => (r.ok ? res(r.result) : rej(new Error(r.error))));
        host.send({ id: mid, task, args });
      });
    try {
      await host.ready;
      const t1 = performance.now();
      const loaded = /** @type {any} */ (await ask('import', { url: m.url }));
      const t2 = performance.now();
      const answer = await ask('call-module', { x: X });
      const t3 = performance.now();
      const ph = state.phases;
      ph.spawn_ms.push(t1 - t0);
      ph.load_ms.push(t2 - t1);
      ph.load_in_host_ms.push(loaded.load_ms);
      ph.first_call_ms.push(t3 - t2);
      ph.cold_start_ms.push(t3 - t0);
      state.last = { answer, expected: m.expected };
    } finally {
      // The next start waits for this host to be gone: a host still exiting would
      // share the CPU with the next one's start.
      await host.terminate();
      state.fs.rmSync(m.file, { force: true });
    }
    return 1;
  },
  verify(state, out) {
    if (out !== 1) throw new Error(`expected 1 cold start, got ${out}`);
    if (state.last.answer !== state.last.expected) {
      throw new Error(`the generated module answered ${state.last.answer}, expected ${state.last.expected}`);
    }
  },
  report: (state) => ({ module_bytes: state.bytes, starts: state.phases.cold_start_ms.length }),
  metrics(state) {
    const ph = state.phases;
    const m = (id, label) => ({ value: median(ph[id]), unit: 'ms', better: 'lower', label });
    return {
      cold_start_ms: m('cold_start_ms', 'cold start to first answer, median'),
      spawn_ms: m('spawn_ms', 'spawn: start to the host’s first message, median'),
      load_ms: m('load_ms', 'module load+parse+evaluate as the parent sees it, median'),
      load_in_host_ms: m('load_in_host_ms', 'import() timed inside the host, median'),
      first_call_ms: m('first_call_ms', 'first call into the module, median'),
    };
  },
  teardown: (state) => state.fs.rmSync(state.dir, { recursive: true, force: true }),
};
