// float64 bit-level helpers shared by the math workloads and their tests.
// ULP distances go through ordered 64-bit integers, so they are exact across zero,
// subnormals and infinity (the step from the largest finite double to Infinity is 1).

const scratch = new Float64Array(1);
const scratchBits = new BigUint64Array(scratch.buffer);
const SIGN = 1n << 63n;
const CANONICAL_NAN = 0x7ff8000000000000n;

/** The IEEE 754 bits of a float64 (every NaN maps to the canonical quiet NaN). */
export function bitsOf(x) {
  if (Number.isNaN(x)) return CANONICAL_NAN;
  scratch[0] = x;
  return scratchBits[0];
}

/** The float64 whose bits are the given 16-digit hex string. */
export function fromHex(hex) {
  if (!/^[0-9a-f]{16}$/i.test(hex)) throw new Error(`Float bits must be 16 hex digits, got ${JSON.stringify(hex)}`);
  scratchBits[0] = BigInt(`0x${hex}`);
  return scratch[0];
}

/** The bits of a float64 as 16 hex digits. */
export function toHex(x) {
  return bitsOf(x).toString(16).padStart(16, '0');
}

/** Position of a float on the number line of doubles: -0 and +0 share position 0. */
function ordered(x) {
  const b = bitsOf(x);
  return b & SIGN ? -(b & ~SIGN) : b;
}

/**
 * Number of float64 steps between a and b (0 when equal, including -0 vs +0 and NaN vs NaN;
 * Infinity when exactly one of them is NaN).
 * @param {number} a
 * @param {number} b
 */
export function ulpDistance(a, b) {
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  if (na || nb) return na && nb ? 0 : Number.POSITIVE_INFINITY;
  const d = ordered(a) - ordered(b);
  return Number(d < 0n ? -d : d);
}

/** Decode base64 of little-endian float64 values (web-standard atob, so every runtime has it). */
export function decodeFloat64(b64) {
  const bin = atob(b64);
  if (bin.length % 8 !== 0) throw new Error(`Base64 float64 data must be a multiple of 8 bytes, got ${bin.length}`);
  const view = new DataView(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) view.setUint8(i, bin.charCodeAt(i));
  const out = new Float64Array(bin.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

/**
 * 32-bit FNV-1a over the little-endian bytes of float64 values, NaNs canonicalised
 * so that a NaN payload difference (unobservable to ordinary JS) is not a difference.
 * @param {ArrayLike<number>} values
 * @param {number} [h] running hash, to chain several arrays
 */
export function fnv1a(values, h = 0x811c9dc5) {
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    view.setFloat64(0, Number.isNaN(v) ? Number.NaN : v, true);
    if (Number.isNaN(v)) view.setBigUint64(0, CANONICAL_NAN, true);
    for (let j = 0; j < 8; j++) h = Math.imul(h ^ view.getUint8(j), 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A 32-bit hash as 8 hex digits. */
export const hashHex = (h) => (h >>> 0).toString(16).padStart(8, '0');
