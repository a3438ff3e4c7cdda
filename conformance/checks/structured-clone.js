// structuredClone and postMessage: transfer detaches the source ArrayBuffer (HTML structured serialization).
import assert from 'node:assert/strict';

export default [
  {
    id: 'structured-clone-transfer-detaches',
    fn() {
      const buf = new Uint8Array([1, 2, 3, 4]).buffer;
      const copy = structuredClone(buf, { transfer: [buf] });
      assert.equal(buf.byteLength, 0, 'the transferred buffer is detached');
      assert.equal(buf.detached, true, 'ArrayBuffer.prototype.detached reports it');
      assert.deepEqual([...new Uint8Array(copy)], [1, 2, 3, 4]);
    },
  },
  {
    id: 'structured-clone-types',
    fn() {
      const cyclic = { m: new Map([[1, new Set(['a'])]]), d: new Date(0), r: /x/gi, n: 10n, u: new Uint16Array([7]) };
      cyclic.self = cyclic;
      const c = structuredClone(cyclic);
      assert.notEqual(c, cyclic);
      assert.equal(c.self, c, 'cycles are preserved');
      assert.deepEqual([...(c.m.get(1) ?? [])], ['a']);
      assert.equal(c.d.getTime(), 0);
      assert.equal(c.r.flags, 'gi');
      assert.equal(c.n, 10n);
      assert.equal(c.u[0], 7);
      assert.throws(
        () => structuredClone(() => {}),
        (/** @type {any} */ e) => e.name === 'DataCloneError',
        'functions are not cloneable',
      );
    },
  },
  {
    id: 'postmessage-transfer-detaches',
    async fn() {
      const { port1, port2 } = new MessageChannel();
      try {
        const received = new Promise((resolve) => {
          /** @type {any} */ (port2).onmessage = (/** @type {MessageEvent} */ e) => resolve(e.data);
        });
        const buf = new Uint8Array([9, 8, 7]).buffer;
        port1.postMessage({ buf }, [buf]);
        assert.equal(buf.byteLength, 0, 'detached as soon as postMessage returns');
        const data = await received;
        assert.deepEqual([...new Uint8Array(data.buf)], [9, 8, 7]);
      } finally {
        port1.close();
        port2.close();
      }
    },
  },
];
