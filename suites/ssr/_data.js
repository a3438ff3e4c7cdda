// The page data every SSR app renders: a deterministic catalogue from a fixed seed, so the four
// apps (vanilla, React, SvelteKit, Next.js) on every runtime render the same items, and the checks
// know what each page must hold. Pure ESM with no imports: the framework builds bundle it as is.

/** Items on the page; each is nine elements, so the page has a few hundred. */
export const ITEMS = 50;

/** A name that holds markup, to check that every app escapes what it renders. */
export const UNSAFE_NAME = 'Widget <i>&</i> "quoted"';

const WORDS = ['amber', 'basalt', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper'];
const TAGS = ['new', 'sale', 'eco', 'R&D', 'bulk', 'gift', 'rare', 'local'];

/** mulberry32: a small seeded generator, the same sequence on every engine. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @typedef {{id: number, name: string, description: string, price_cents: number, price: string,
 *   rating: string, stock: number, tags: string[]}} Item
 */

/** The catalogue: ITEMS items, the same on every call and every runtime. @returns {Item[]} */
export function catalogue() {
  const next = random(42);
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  /** @type {Item[]} */
  const items = [];
  for (let id = 1; id <= ITEMS; id++) {
    const price_cents = 100 + Math.floor(next() * 99_900);
    items.push({
      id,
      name: id === 7 ? UNSAFE_NAME : `${pick(WORDS)} ${pick(WORDS)} ${id}`,
      description: `A ${pick(WORDS)} item made of ${pick(WORDS)} and ${pick(WORDS)}, shipped from ${pick(WORDS)}.`,
      price_cents,
      price: `$${(price_cents / 100).toFixed(2)}`,
      rating: (1 + next() * 4).toFixed(1),
      stock: Math.floor(next() * 500),
      tags: [pick(TAGS), pick(TAGS), pick(TAGS)],
    });
  }
  return items;
}

/** The sum of the catalogue's prices in cents, which each page states in its data-total. */
export const totalCents = (items = catalogue()) => items.reduce((s, it) => s + it.price_cents, 0);

/** The CPU-bound part of the vanilla app's `primes` page, as in the original benchmark: primes below n by trial division. */
export function countPrimes(n) {
  let count = 0;
  for (let k = 2; k < n; k++) {
    let prime = true;
    for (let d = 2; d * d <= k; d++) {
      if (k % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) count++;
  }
  return count;
}

/** The bound of the primes page; there are 2,262 primes below 20,000. */
export const PRIMES_BELOW = 20_000;
