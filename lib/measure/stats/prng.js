// One seeded generator for everything parity draws: deterministic inputs (documents, float sets),
// so that the same seed means the same data in every runtime and every suite, and the resampling
// of the statistics (coverage simulation, test fixtures).

/**
 * A stream of uint32 from a 32-bit splitmix-style mixer.
 * @param {number} seed
 * @returns {() => number}
 */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Uniform draws in [0, 1) from the same generator.
 * @param {number} seed
 * @returns {() => number}
 */
export function uniform(seed) {
  const next = rng(seed);
  return () => next() / 2 ** 32;
}
