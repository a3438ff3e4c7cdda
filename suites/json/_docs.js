// Deterministic JSON documents for the json suite, with everything verify() needs to know
// about them computed from the generated value, never from the runtime's JSON.parse/stringify.
//
// rsc:  shaped like a React Server Components (Next.js flight) payload: element tuples
//       ["$", type, key, props] nested deep, many short strings ("$", "$L1", "$undefined"),
//       small arrays and props objects. About 9 bytes per value, so a 1 MB document costs
//       well over 100,000 reviver calls, the count the Workers CPU study saw per request.
// flat: one large array of small, uniform records (an API listing).
//
// Text is ASCII only (so bytes = string length) and serialised here by a small serialiser
// of our own; JSON.stringify must produce exactly the same text, which stringify verifies.
import { rng } from '../../lib/measure/stats/prng.js';

export const DOC_SEED = 0x6a504e21;
export const KINDS = ['rsc', 'flat'];

/** A stream of uint32 (same mixer as suites/math/_inputs.js). */

const WORDS = (
  'the of and to in is you that it for was on are as with his they at be this from have or by one had ' +
  'not but what all were when we there can an your which their said if do will each about how up out ' +
  'them then she many some so these would other into has more her two like him see time could no make'
).split(' ');
const TAGS = [
  'div',
  'span',
  'a',
  'li',
  'ul',
  'p',
  'section',
  'button',
  'img',
  'h2',
  'svg',
  'path',
  '$L1',
  '$L2',
  '$L7',
];
const CLASSES = [
  'flex',
  'px-4',
  'py-2',
  'mt-1',
  'grid',
  'gap-2',
  'text-sm',
  'font-medium',
  'rounded',
  'hidden',
  'md:block',
  'w-full',
];
const REFS = ['$', '$undefined', '$@1', '$@2', '$Sreact.suspense', '$L3', '$W4', '$0:props'];
// A few characters JSON must escape, so escaping is part of the work.
const ODD = ['"', '\\', '\n'];

/**
 * Serialise a generated value. Handles exactly what the generators emit: objects with
 * non-index keys, arrays, ASCII strings, finite numbers, booleans and null.
 */
export function serialize(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
    case 'boolean':
      return String(v);
    case 'object':
      if (Array.isArray(v)) return `[${v.map(serialize).join(',')}]`;
      return `{${Object.keys(v)
        .map((k) => `${quote(k)}:${serialize(v[k])}`)
        .join(',')}}`;
    default:
      throw new Error(`Cannot serialise a ${typeof v}; generators emit only JSON values`);
  }
}

function quote(s) {
  let out = '"';
  for (const c of s) out += c === '"' ? '\\"' : c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c;
  return `${out}"`;
}

/** Counts a reviver would see: every value including the root, and the source text of primitives. */
export function countValues(v) {
  let values = 0;
  let sourceChars = 0;
  const walk = (x) => {
    values++;
    if (x !== null && typeof x === 'object') {
      if (Array.isArray(x)) for (const e of x) walk(e);
      else for (const k of Object.keys(x)) walk(x[k]);
    } else sourceChars += serialize(x).length;
  };
  walk(v);
  return { values, sourceChars };
}

/**
 * 32-bit FNV-1a over a canonical walk of a JSON value (types, array lengths, keys in order,
 * string contents, numbers as their shortest decimal): equal hashes mean the same structure.
 */
export function structuralHash(v) {
  let h = 0x811c9dc5;
  const str = (s) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  };
  const walk = (x) => {
    if (x === null) return str('z');
    switch (typeof x) {
      case 'string':
        str('s');
        return str(x);
      case 'number':
        return str(`n${x}`);
      case 'boolean':
        return str(x ? 't' : 'f');
      case 'object':
        if (Array.isArray(x)) {
          str(`[${x.length}`);
          for (const e of x) walk(e);
          return;
        }
        str(`{${Object.keys(x).length}`);
        for (const k of Object.keys(x)) {
          str(k);
          walk(x[k]);
        }
        return;
      default:
        return str(`?${typeof x}`);
    }
  };
  walk(v);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Hash of a string's characters (for comparing stringify output without keeping two copies). */
export function textHash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function maker(next) {
  const pick = (xs) => xs[next() % xs.length];
  const chance = (p) => next() % 1000 < p * 1000;
  const words = (n) => {
    const ws = [];
    for (let i = 0; i < n; i++) ws.push(pick(WORDS));
    let s = ws.join(' ');
    if (chance(0.02)) s += pick(ODD) + pick(WORDS);
    return s;
  };
  return { pick, chance, words, int: (n) => next() % n };
}

function rscElement(m, depth) {
  const props = {};
  if (m.chance(0.7)) props.className = `${m.pick(CLASSES)} ${m.pick(CLASSES)}`;
  if (m.chance(0.1)) props.href = `/${m.pick(WORDS)}/${m.int(1000)}`;
  if (m.chance(0.05)) props.style = { width: m.int(800), opacity: m.int(100) / 100 };
  if (m.chance(0.05)) props.hidden = m.chance(0.5);
  const n = depth > 9 ? 0 : m.int(depth < 3 ? 7 : 5);
  if (n === 0) props.children = m.chance(0.3) ? m.pick(REFS) : m.words(1 + m.int(4));
  else if (n === 1 && m.chance(0.5)) props.children = rscElement(m, depth + 1);
  else {
    const children = [];
    for (let i = 0; i < n; i++) {
      children.push(m.chance(0.2) ? (m.chance(0.5) ? m.pick(REFS) : m.words(1 + m.int(3))) : rscElement(m, depth + 1));
    }
    props.children = children;
  }
  const key = m.chance(0.3) ? `k${m.int(10000)}` : null;
  return ['$', m.pick(TAGS), key, props];
}

function flatRecord(m, id) {
  return {
    id,
    sku: `SKU-${m.int(1000000)}`,
    name: m.words(2 + m.int(3)),
    price: m.int(100000) / 100,
    qty: m.int(500),
    active: m.chance(0.8),
    tags: [m.pick(WORDS), m.pick(WORDS)],
    rating: m.chance(0.1) ? null : m.int(50) / 10,
  };
}

/**
 * Build a document of about `mb` decimal megabytes.
 * @param {'rsc'|'flat'} kind
 * @param {number} mb
 * @returns {{value: any, text: string, bytes: number, values: number, sourceChars: number, hash: string, textHash: string}}
 */
export function makeDoc(kind, mb, seed = DOC_SEED) {
  if (!KINDS.includes(kind)) throw new Error(`Unknown doc ${JSON.stringify(kind)}; valid: ${KINDS.join(', ')}`);
  if (!(mb > 0)) throw new Error(`Document size must be a positive number of MB, got ${mb}`);
  const target = mb * 1e6;
  const m = maker(rng(seed + KINDS.indexOf(kind)));
  const items = [];
  let size = 2;
  while (size < target) {
    const item = kind === 'rsc' ? rscElement(m, 1) : flatRecord(m, items.length + 1);
    items.push(item);
    size += serialize(item).length + 1;
  }
  const value =
    kind === 'rsc' ? ['$', 'html', null, { lang: 'en', children: ['$', 'body', null, { children: items }] }] : items;
  const text = serialize(value);
  return {
    value,
    text,
    bytes: text.length,
    ...countValues(value),
    hash: structuralHash(value),
    textHash: textHash(text),
  };
}

/**
 * Parameter grid shared by the json workloads: both shapes at 1, 4 and 16 MB. QUICK runs take the
 * first values, the RSC document at 1 MB (the case the mission names; `flat` is its contrast):
 * with both shapes QUICK math+json on three runtimes took 72 s here, against a target of 60 s, and
 * a smaller document changes the per-byte figures (docs/adaptive.md "Time, here").
 */
export const PARAMS = { doc: KINDS, mb: [1, 4, 16] };

/**
 * Setup shared by the json workloads: the document made once per run (the harness's `cached`)
 * and parsed back here, or made in the job where there is no run folder.
 * @param {{doc: any, mb: number}} params
 * @param {{cached?: (key: string, make: () => any) => Promise<any>}} [ctx]
 */
export async function docState({ doc, mb }, ctx) {
  if (!ctx?.cached) return { ...makeDoc(doc, mb), out: null };
  const made = await ctx.cached(`json-doc-${doc}-${mb}-${DOC_SEED}`, () => {
    const { value: _value, ...rest } = makeDoc(doc, mb);
    return rest;
  });
  return { ...made, value: JSON.parse(made.text), out: null };
}

/** Throw unless state.out is a fresh parse of the document; clears it so a skipped run fails next time. */
export function checkParsed(state, units) {
  if (units !== state.bytes) throw new Error(`run() returned ${units}, expected ${state.bytes} bytes`);
  if (state.out === null) throw new Error('run() left no parsed value in state.out');
  const h = structuralHash(state.out);
  if (h !== state.hash) throw new Error(`Parsed value hashes to ${h}, the generated document to ${state.hash}`);
  state.out = null;
}

/** Throw unless state.out is exactly the document's text; clears it so a skipped run fails next time. */
export function checkStringified(state, units) {
  if (units !== state.bytes) throw new Error(`run() returned ${units}, expected ${state.bytes} bytes`);
  const out = state.out;
  if (typeof out !== 'string') throw new Error(`run() left ${typeof out} in state.out, expected the JSON text`);
  if (out.length !== state.text.length || textHash(out) !== state.textHash) {
    let i = 0;
    while (i < out.length && out[i] === state.text[i]) i++;
    throw new Error(
      `Output (${out.length} chars) differs from the expected text (${state.text.length} chars) at offset ${i}: ${JSON.stringify(out.slice(i, i + 40))}`,
    );
  }
  state.out = null;
}

/** Figures every json workload reports: which document, so tables can show all runtimes saw the same bytes. */
export const docReport = (state) => ({ doc_bytes: state.bytes, doc_hash: state.textHash, doc_values: state.values });

/**
 * Check, once and untimed, that a reviver or replacer is called once per value of the document:
 * otherwise the comparison with plain parse or stringify would be unfair.
 * @param {{values: number}} state from docState()
 * @param {string} what 'Reviver' or 'Replacer', for the message
 * @param {(callback: (key: string, value: unknown) => unknown) => unknown} callWith runs JSON.parse or JSON.stringify with the callback
 */
export function checkCalledPerValue(state, what, callWith) {
  let calls = 0;
  callWith((_k, v) => {
    calls++;
    return v;
  });
  if (calls !== state.values)
    throw new Error(`${what} was called ${calls} times, the document has ${state.values} values`);
}
