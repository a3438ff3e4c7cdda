// Every streams workload must turn wrong data into an error. Each test runs the workload once
// on this node, checks verify() accepts the honest result, then damages the result the way a
// broken stream implementation would (a dropped, reordered or corrupted chunk, a wrong count)
// and expects verify() to throw.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { paramSets, validateWorkload } from '../../lib/measure/workload.js';

const dir = new URL('./', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.js') && !f.startsWith('_') && !f.endsWith('.test.js'))
  .sort();

/** A copy of a chunk with one byte changed, so the shared source data stays intact. */
function corrupted(chunk) {
  const copy = new Uint8Array(chunk);
  copy[copy.length >> 1] ^= 0x01;
  return copy;
}

/** Ways to damage a recorded list of chunks; each returns the damaged list. */
const chunkTampers = {
  'a corrupted byte': (chunks) => chunks.map((c, i) => (i === chunks.length - 1 ? corrupted(c) : c)),
  'a dropped chunk': (chunks) => chunks.slice(0, -1),
  'a duplicated chunk': (chunks) => [...chunks, chunks[chunks.length - 1]],
  'two chunks swapped': (chunks) =>
    chunks.length < 2 ? null : [chunks[chunks.length - 1], ...chunks.slice(1, -1), chunks[0]],
};

/** The state fields a workload records its result in, with ways to damage each. */
function tampers(state, out) {
  /** @type {[string, () => any[] | null][]} */
  const list = [['a wrong unit count', () => [state, out + 1]]];
  const forChunks = (get, set) => {
    for (const [what, damage] of Object.entries(chunkTampers)) {
      list.push([
        what,
        () => {
          const damaged = damage(get());
          if (damaged === null) return null;
          set(damaged);
          return [state, out];
        },
      ]);
    }
  };
  if (Array.isArray(state.received)) {
    forChunks(
      () => state.received,
      (v) => {
        state.received = v;
      },
    );
  }
  if (Array.isArray(state.branches)) {
    forChunks(
      () => state.branches[1],
      (v) => {
        state.branches[1] = v;
      },
    );
    list.push([
      'both branches sharing one buffer',
      () => {
        state.branches[1] = state.branches[0];
        return [state, out];
      },
    ]);
  }
  if (typeof state.text === 'string') {
    list.push([
      'a changed character',
      () => {
        const t = state.text;
        state.text = `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
        return [state, out];
      },
    ]);
    list.push([
      'a truncated body',
      () => {
        state.text = state.text.slice(1);
        return [state, out];
      },
    ]);
  }
  if ('last' in state) {
    list.push([
      'a non-stream object',
      () => {
        state.last = {};
        return [state, out];
      },
    ]);
  }
  return list;
}

for (const file of files) {
  const id = `streams/${file.slice(0, -3)}`;
  describe(id, async () => {
    const w = validateWorkload((await import(new URL(file, dir).href)).default, id);

    if (w.unit === 'bytes') {
      test('declares chunk sizes 1024 and 65536 with 1024 in quick mode', () => {
        assert.ok(w.params.chunk.includes(1024) && w.params.chunk.includes(65536), `params.chunk is ${w.params.chunk}`);
        assert.deepEqual(w.quick.chunk, [1024]);
      });
    }

    for (const params of paramSets(w, true)) {
      const label = Object.keys(params).length
        ? ` (${Object.entries(params)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')})`
        : '';
      test(`verify accepts a correct run and rejects damaged results${label}`, async () => {
        const state = w.setup ? await w.setup(params) : {};
        try {
          const out = await w.run(state);
          await w.verify(state, out);
          const names = tampers(state, out).map(([what]) => what);
          assert.ok(names.length >= 2, `no way to damage the result of ${id}: state has ${Object.keys(state)}`);
          for (const [what, damage] of tampers(state, out)) {
            const fresh = await w.run(state);
            await w.verify(state, fresh);
            const args = damage();
            if (args === null) continue;
            await assert.rejects(async () => w.verify(args[0], args[1]), Error, `verify accepted ${what}`);
          }
        } finally {
          if (w.teardown) await w.teardown(state);
        }
      });
    }
  });
}

describe('a stream implementation that loses data', () => {
  test('read-loop fails verify when the runtime drops one chunk', async () => {
    const Native = /** @type {any} */ (globalThis.ReadableStream);
    // A ReadableStream that silently discards the 10th chunk its source enqueues. It pulls
    // again at once, because a pull() that enqueues nothing is not repeated by the spec.
    class Dropping extends Native {
      constructor(source, strategy) {
        let n = 0;
        const pull = (controller) => {
          const proxy = {
            enqueue: (chunk) => {
              if (++n === 10) source.pull(proxy);
              else controller.enqueue(chunk);
            },
            close: () => controller.close(),
          };
          return source.pull(proxy);
        };
        super({ ...source, pull }, strategy);
      }
    }
    const w = (await import(new URL('read-loop.js', dir).href)).default;
    const state = await w.setup({ chunk: 1024 });
    globalThis.ReadableStream = /** @type {any} */ (Dropping);
    let out;
    try {
      out = await w.run(state);
    } finally {
      globalThis.ReadableStream = Native;
    }
    await assert.rejects(async () => w.verify(state, out), /received 1047552 bytes|run\(\) returned/);
  });
});
