// Test data and checks shared by the streams workloads. Content is pseudo-random printable
// ASCII, so every chunk differs (a dropped, duplicated or reordered chunk changes the checksum)
// and the same bytes can be checked after Response.text() decodes them.

/** Bytes moved per run() call by default (1 MiB), the same for every chunk size so MB/s compare across sizes. */
export const TOTAL_BYTES = 1 << 20;

/**
 * Total sizes in MiB every byte-moving workload is measured at. 1 MiB hides costs that grow with
 * queue length (older Node majors collapsed on 64 MiB queued in a byte stream); QUICK keeps 1.
 */
export const SIZES_MB = [1, 64];

/**
 * The sizes per call the published fast-webstreams figures were measured at (bench/run.js in
 * vercel-labs/fast-webstreams): 100 MB for value streams, 50 MB for the byte-stream patterns,
 * 20 MB for response bodies and tee. Workloads with a published counterpart add theirs to
 * SIZES_MB, so the README's published-vs-here comparison is made at the published size.
 */
export const PUBLISHED_MB = { value: 100, bytes: 50, body: 20 };

/**
 * SIZES_MB plus a published size, in order.
 * @param {number} mb
 */
export const sizesWith = (mb) => [...new Set([...SIZES_MB, mb])].sort((a, b) => a - b);

/** Chunk sizes every byte workload is measured at; 1 KiB is the size of the published figures. */
export const CHUNK_SIZES = [1024, 65536];

/**
 * Queue size in bytes the published benchmarks give every stream (ByteLengthQueuingStrategy
 * highWaterMark 16384). Workloads express it as a chunk count (see countHWM).
 */
export const HWM_BYTES = 16384;

/**
 * HWM_BYTES as a count of chunks. A count strategy (no size()) is used instead of
 * ByteLengthQueuingStrategy because experimental-fast-webstreams falls back to the native
 * implementation when a strategy has size(); its published "fast" figures use counts too.
 * For equal-sized chunks both strategies hold the same number of bytes.
 * @param {number} chunk chunk size in bytes
 */
export function countHWM(chunk) {
  return Math.max(1, Math.ceil(HWM_BYTES / chunk));
}

/**
 * The bytes one call moves, cut into equal chunks (views of one buffer, no copies).
 * @param {number} chunk chunk size in bytes; must divide total
 * @param {number} [mb] total in MiB (default 1)
 * @returns {{chunk: number, total: number, chunks: Uint8Array[], checksum: number}}
 */
export function makeData(chunk, mb = TOTAL_BYTES / 2 ** 20) {
  const total = Math.round(mb * 2 ** 20);
  if (!Number.isInteger(chunk) || chunk <= 0 || total % chunk !== 0) {
    throw new Error(`Chunk size ${chunk} must be a positive integer that divides ${total}`);
  }
  const bytes = new Uint8Array(total);
  // xorshift32 with a fixed seed: the same data on every runtime and every run.
  let x = 0x9e3779b9;
  for (let i = 0; i < total; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = 0x21 + ((x >>> 0) % 94);
  }
  const chunks = [];
  for (let off = 0; off < total; off += chunk) chunks.push(bytes.subarray(off, off + chunk));
  return { chunk, total, chunks, checksum: checksumChunks([bytes]) };
}

/**
 * FNV-1a over the concatenation of the chunks: order-sensitive and independent of where the
 * chunk boundaries fall, so re-chunking by a byte stream or a socket does not change it.
 * @param {ArrayLike<number>[]} chunks
 */
export function checksumChunks(chunks) {
  let h = 0x811c9dc5;
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++) h = Math.imul(h ^ c[i], 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units of an ASCII string; equals checksumChunks of its bytes. */
export function checksumText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Throw unless run() reported the expected number of units.
 * @param {unknown} out what run() returned
 * @param {number} expected
 */
export function checkUnits(out, expected) {
  if (out !== expected) throw new Error(`run() returned ${String(out)} units, expected ${expected}`);
}

/**
 * Throw unless the received chunks are exactly the data: same byte count, same content, same order.
 * @param {Uint8Array[] | undefined} received chunks in the order the consumer saw them
 * @param {{total: number, checksum: number}} data
 * @param {string} [where] names the consumer in the message
 */
export function checkChunks(received, data, where = 'sink') {
  if (!Array.isArray(received)) throw new Error(`The ${where} recorded no chunks, got ${String(received)}`);
  let bytes = 0;
  for (const c of received) {
    if (!(c instanceof Uint8Array)) throw new Error(`The ${where} received a ${typeof c} chunk, expected Uint8Array`);
    bytes += c.byteLength;
  }
  if (bytes !== data.total) throw new Error(`The ${where} received ${bytes} bytes, expected ${data.total}`);
  const sum = checksumChunks(received);
  if (sum !== data.checksum) {
    throw new Error(
      `The ${where} content checksum is ${sum}, expected ${data.checksum} (chunks reordered, duplicated or corrupted)`,
    );
  }
}

/**
 * Throw unless text is the data decoded: same length and content.
 * @param {string | undefined} text
 * @param {{total: number, checksum: number}} data
 */
export function checkText(text, data) {
  if (typeof text !== 'string') throw new Error(`Expected the body as a string, got ${typeof text}`);
  if (text.length !== data.total) throw new Error(`Body text has ${text.length} characters, expected ${data.total}`);
  const sum = checksumText(text);
  if (sum !== data.checksum) throw new Error(`Body text checksum is ${sum}, expected ${data.checksum}`);
}
