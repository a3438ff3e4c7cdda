// Web Streams: the pieces servers lean on (WHATWG Streams).
import assert from 'node:assert/strict';

async function collect(readable) {
  const out = [];
  for await (const chunk of readable) out.push(chunk);
  return out;
}

export default [
  {
    id: 'readable-from',
    async fn() {
      assert.deepEqual(await collect(ReadableStream.from([1, 2, 3])), [1, 2, 3]);
      async function* gen() {
        yield 'a';
        yield 'b';
      }
      assert.deepEqual(await collect(ReadableStream.from(gen())), ['a', 'b']);
    },
  },
  {
    id: 'byte-stream-byob',
    async fn() {
      let n = 0;
      const rs = new ReadableStream({
        type: 'bytes',
        pull(c) {
          const req = /** @type {ReadableStreamBYOBRequest} */ (c.byobRequest);
          const view = /** @type {Uint8Array} */ (req.view);
          view[0] = ++n;
          req.respond(1);
          if (n === 3) c.close();
        },
      });
      const reader = rs.getReader({ mode: 'byob' });
      const got = [];
      for (;;) {
        const { value, done } = await reader.read(new Uint8Array(4));
        if (done) break;
        got.push(...value);
      }
      assert.deepEqual(got, [1, 2, 3]);
    },
  },
  {
    id: 'tee',
    async fn() {
      const [a, b] = ReadableStream.from(['x', 'y']).tee();
      const [ra, rb] = await Promise.all([collect(a), collect(b)]);
      assert.deepEqual(ra, ['x', 'y']);
      assert.deepEqual(rb, ['x', 'y']);
    },
  },
  {
    id: 'pipe-through-abort-signal',
    async fn() {
      /** @type {any} */
      let cancelReason;
      const source = new ReadableStream(
        {
          pull(c) {
            c.enqueue('chunk');
          },
          cancel(reason) {
            cancelReason = reason;
          },
        },
        { highWaterMark: 0 },
      );
      const controller = new AbortController();
      const out = source.pipeThrough(new TransformStream(), { signal: controller.signal });
      const reader = out.getReader();
      assert.deepEqual(await reader.read(), { value: 'chunk', done: false });
      controller.abort();
      await assert.rejects(
        async () => {
          for (;;) await reader.read();
        },
        (/** @type {any} */ e) => e.name === 'AbortError',
        'the piped output errors with the AbortError',
      );
      assert.equal(cancelReason?.name, 'AbortError', 'the source is cancelled with the AbortError');
    },
  },
];
