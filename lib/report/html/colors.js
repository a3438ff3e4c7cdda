// One fixed colour per runtime id, the same in every report whatever the column order: a reader
// who learnt "bun is pink" in one report must not find bun blue in the next. Known bases have a
// colour of their own; a variant (`node+fast-webstreams`, `node:production`, `node/aa`) is its
// base's hue shifted by a hash of the suffix; any other id takes a palette colour by hash.

/** Base runtime → colour (node greens by major, the vendors' hues elsewhere). */
const BASE = {
  node: '#2f7d32',
  'node@26': '#2f7d32',
  'node@24': '#66a84a',
  'node@22': '#9ccc65',
  'node@system': '#558b6e',
  deno: '#1565c0',
  bun: '#d81b60',
  workerd: '#ef6c00',
};

const PALETTE = ['#6a1b9a', '#00838f', '#8d6e63', '#5d4037', '#c0ca33', '#3949ab', '#00897b', '#f9a825'];

/** FNV-1a of a string: small, stable across runs and machines. */
function hash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** @param {string} hex @param {number} amount -1..1: toward black or white */
function shade(hex, amount) {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [n >> 16, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount),
  );
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour of a runtime id, as `#rrggbb`.
 * @param {string} id
 */
export function runtimeColor(id) {
  if (BASE[id]) return BASE[id];
  const m = /^([^+:/]+)([+:/].+)$/.exec(id);
  if (m && BASE[m[1]]) {
    // Variants of one base stay recognisably its hue: darker or lighter by the suffix's hash.
    const steps = [-0.45, 0.35, -0.25, 0.5, -0.6];
    return shade(BASE[m[1]], steps[hash(m[2]) % steps.length]);
  }
  return PALETTE[hash(id) % PALETTE.length];
}
