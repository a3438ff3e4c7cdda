// The tasks a pool runs, the same functions wherever they run: the main thread (strategy
// `single`), a worker thread, a web Worker or a child process. Pure and deterministic, so each
// answer can be checked; node:crypto is imported on first use (workerd has no node: modules).

/** Iterations of Σ sqrt(i)·sin(i) in the published study (5M); split into the job's tasks. */
export const MATH_N = 5_000_000;
/** CPython over glibc libm; per-slice sums differ from one loop only in the last bits. */
export const MATH_SUM = 1533.0804492095926;

/**
 * Final digests of the published SHA-512 chain, `result = sha512(\`${i}-${result}\`)` from '',
 * by chain length. Computed once here with node:crypto (node, deno and bun agree);
 * tasks.test.js recomputes the shorter ones. The published 1,000,000 takes ~1.8 s per chain
 * here, 8 chains a call: too long for a job of repeated calls, so 200,000 is the longest.
 * @type {Record<number, string>}
 */
export const CHAIN_DIGESTS = {
  2000: '793d5f0ededb8445fac962bf201b36d28c7b8177257f60e1de7d209ff52dfc55cccd7767311051b3935df01584b654b235598cf41142aedc9c9e7f146fd473ce',
  20000:
    'f380b305f3e3c274b15695890e762b042207fa0e1ed2d32447e0fd852305251dc954830c516d32f22c4eccc46bef72ca74aea41b70277db741a79890761beb6b',
  200000:
    'c801c466c36e0789c7616d6bf2b612fa0ab1ffe7a92881c0e61a66d5d9f254b9b13c21939aad85c636a943d007c3348d97075efe62510cf053a7e4beb5e3168d',
};

let createHash = null;
/** The module a cold-start host imported. @type {any} */
let loaded = null;

/** @param {number} from @param {number} to */
export function mathSlice(from, to) {
  let sum = 0;
  for (let i = from; i < to; i++) sum += Math.sqrt(i) * Math.sin(i);
  return sum;
}

/** @param {number} n chain length */
export async function sha512Chain(n) {
  createHash ??= (await import('node:crypto')).createHash;
  let result = '';
  for (let i = 0; i < n; i++) result = createHash('sha512').update(`${i}-${result}`).digest('hex');
  return result;
}

/** The byte a filled buffer ends with: its length's low byte, so a truncated buffer fails the check. */
export const lastByte = (bytes) => bytes & 0xff;

/**
 * Allocate `bytes` and fill them (0xab, the last byte `lastByte(bytes)`): the work the transferable
 * workload moves across the boundary.
 * @param {number} bytes
 */
export function filledBuffer(bytes) {
  const buf = new ArrayBuffer(bytes);
  const u8 = new Uint8Array(buf);
  u8.fill(0xab);
  u8[bytes - 1] = lastByte(bytes);
  return buf;
}

/**
 * Run one task message; returns `{result, transfer}` (the transfer list for an answer that moves
 * a buffer instead of copying it). `die` and `hang` exist for the fault tests.
 * @param {{task: string, args?: any, payload?: any}} m
 * @param {{exit: () => void}} host how this context ends itself (`die`)
 * @returns {Promise<{result: any, transfer: ArrayBuffer[]}>}
 */
export async function runTask(m, host) {
  const a = m.args ?? {};
  switch (m.task) {
    case 'math':
      return { result: mathSlice(a.from, a.to), transfer: [] };
    case 'sha512-chain':
      return { result: await sha512Chain(a.n), transfer: [] };
    case 'alloc': {
      const buf = filledBuffer(a.bytes);
      return { result: buf, transfer: a.transfer ? [buf] : [] };
    }
    case 'echo':
      return { result: m.payload, transfer: a.transfer && m.payload instanceof ArrayBuffer ? [m.payload] : [] };
    case 'import': {
      // cold-start: load and evaluate a generated module, timed by the host's own clock.
      const t0 = performance.now();
      loaded = await import(a.url);
      return { result: { load_ms: performance.now() - t0 }, transfer: [] };
    }
    case 'call-module':
      if (!loaded) throw new Error('call-module before import');
      return { result: loaded.answer(a.x), transfer: [] };
    case 'throw':
      throw new Error(a.message ?? 'task failed on purpose');
    case 'die':
      host.exit();
      return new Promise(() => {});
    case 'hang':
      return new Promise(() => {});
    default:
      throw new Error(
        `Unknown task "${m.task}": valid tasks are math, sha512-chain, alloc, echo, import, call-module, throw, die, hang`,
      );
  }
}
