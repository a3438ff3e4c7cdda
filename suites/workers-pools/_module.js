// Generated modules for cold-start: about `kb` KB of plain functions and an `answer(x)` that
// calls every one of them (so the first call compiles them all, as a bundle's start-up would),
// with a nonce so that no runtime's module or transpile cache has seen the text before.

/** @param {number} k @param {number} x what function k returns for x */
const term = (k, x) => ((x * (k + 1)) ^ k) & 1023;

/**
 * The module text and the answer its `answer(x)` must give.
 * @param {number} kb target size in KB (1000 bytes)
 * @param {string} nonce
 * @param {number} x
 */
export function generateModule(kb, nonce, x) {
  const parts = [`// parity cold-start module ${nonce}\nexport const NONCE = ${JSON.stringify(nonce)};\n`];
  const calls = [];
  let size = parts[0].length;
  let expected = 0;
  for (let k = 0; size < kb * 1000 - 40; k++) {
    const fn = `function f${k}(x) {\n  const a = (x * ${k + 1}) ^ ${k};\n  const b = a & 1023;\n  return b + ((a >>> 3) & 7) - ((a >>> 3) & 7);\n}\n`;
    const call = `  s += f${k}(x);\n`;
    parts.push(fn);
    calls.push(call);
    size += fn.length + call.length;
    expected += term(k, x);
  }
  parts.push(`export function answer(x) {\n  let s = 0;\n${calls.join('')}  return s;\n}\n`);
  return { text: parts.join(''), expected };
}
