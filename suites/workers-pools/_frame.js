// Messages between a pool and a child process over its stdin/stdout: a frame is
// [u32 header length][u32 binary length][header JSON][binary bytes], little-endian. An
// ArrayBuffer travels as the binary part, copied through the pipe (a process has no transfer).

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * One frame.
 * @param {any} header JSON-able
 * @param {Uint8Array | null} [bin]
 */
export function encodeFrame(header, bin = null) {
  const head = enc.encode(JSON.stringify(header));
  const n = bin ? bin.byteLength : 0;
  const out = new Uint8Array(8 + head.byteLength + n);
  const view = new DataView(out.buffer);
  view.setUint32(0, head.byteLength, true);
  view.setUint32(4, n, true);
  out.set(head, 8);
  if (bin) out.set(bin, 8 + head.byteLength);
  return out;
}

/**
 * A chunk consumer that calls `onFrame(header, bin)` once per whole frame; `bin` is an
 * ArrayBuffer of its own (or null), whatever the chunking of the pipe.
 * @param {(header: any, bin: ArrayBuffer | null) => void} onFrame
 */
export function frameReader(onFrame) {
  /** @type {Uint8Array[]} */
  let chunks = [];
  let buffered = 0;
  let need = 8;
  const take = () => {
    const all = chunks.length === 1 ? chunks[0] : new Uint8Array(buffered);
    if (chunks.length > 1) {
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.byteLength;
      }
    }
    chunks = [all];
    return all;
  };
  return (/** @type {Uint8Array} */ chunk) => {
    chunks.push(chunk);
    buffered += chunk.byteLength;
    while (buffered >= need) {
      const all = take();
      const view = new DataView(all.buffer, all.byteOffset, all.byteLength);
      const headLen = view.getUint32(0, true);
      const binLen = view.getUint32(4, true);
      need = 8 + headLen + binLen;
      if (buffered < need) break;
      const header = JSON.parse(dec.decode(all.subarray(8, 8 + headLen)));
      const bin = binLen ? all.slice(8 + headLen, need).buffer : null;
      const rest = all.subarray(need);
      chunks = rest.byteLength ? [rest] : [];
      buffered = rest.byteLength;
      need = 8;
      onFrame(header, bin);
    }
  };
}
