// node:stream counterparts of the Web Streams sources and sinks, built as in the published
// benchmarks' createNodeReadable / createNodeWritable (default highWaterMark).
import { Readable, Writable } from 'node:stream';

/**
 * A Readable whose read() pushes the next chunk (no copy).
 * @param {Uint8Array[]} chunks
 */
export function nodeSource(chunks) {
  let i = 0;
  return new Readable({
    read() {
      this.push(i < chunks.length ? chunks[i++] : null);
    },
  });
}

/**
 * A Writable that records each chunk and counts bytes.
 * @param {{bytes: number, chunks: Uint8Array[]}} rec
 */
export function nodeSink(rec) {
  return new Writable({
    write(chunk, _encoding, callback) {
      rec.bytes += chunk.byteLength;
      rec.chunks.push(chunk);
      callback();
    },
  });
}
