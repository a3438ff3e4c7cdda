// CompressionStream / DecompressionStream (WHATWG Compression): round trips and a fixed gzip member.
import assert from 'node:assert/strict';

function sample() {
  // Text plus incompressible bytes, 96 KiB, deterministic.
  const bytes = new Uint8Array(96 * 1024);
  let x = 2463534242;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = i % 3 === 0 ? 97 + (i % 26) : x & 0xff;
  }
  return bytes;
}

async function through(bytes, transform) {
  const chunks = [];
  for await (const c of ReadableStream.from([bytes]).pipeThrough(transform)) chunks.push(c);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const roundTrip = (format) => ({
  id: `${format}-round-trip`,
  async fn() {
    const input = sample();
    const packed = await through(input, new CompressionStream(format));
    assert.ok(packed.byteLength < input.byteLength, 'compression shrinks the sample');
    const unpacked = await through(packed, new DecompressionStream(format));
    assert.deepEqual(unpacked, input);
  },
});

// gzip -n of "hello\n" (no name, mtime 0), as any gzip writes it.
const HELLO_GZ = [31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 203, 72, 205, 201, 201, 231, 2, 0, 32, 48, 58, 54, 6, 0, 0, 0];

export default [
  roundTrip('gzip'),
  roundTrip('deflate'),
  roundTrip('deflate-raw'),
  {
    id: 'gunzip-fixed-member',
    async fn() {
      const out = await through(new Uint8Array(HELLO_GZ), new DecompressionStream('gzip'));
      assert.equal(new TextDecoder().decode(out), 'hello\n');
    },
  },
];
