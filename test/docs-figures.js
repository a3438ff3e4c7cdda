// The measured figures README.md and docs/*.md quote in prose, and whether each can be traced to a
// kept file (docs quote only what a kept file gives), or an older commit's copy of one
// that the paragraph names as `git show <commit>:<path>` (history). Generated blocks
// (<!-- parity:… --> … <!-- parity:end -->) are checked by make readme-check; this reads the rest.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shallowClone } from '../lib/results/file.js';

/** A number as docs print it: 1,000 · 12 · 0.79 · 45.7M · 12k (not a version such as 24.9.0). */
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?[kM]?|\d+(?:\.\d+)?[kM]?`;
/** Units that make a number a measured figure; × and % stick to the number, the others take a space. */
const UNIT = String.raw`×|%| ?(?:ops/s|req/s|[MG]B/s|MB|GB|KB|kB|ms|µs|ns|s)(?![\w/])`;
/** A figure, or a range of two whose unit follows the second ("12k–108k req/s", "36 to 68 MB/s"). */
const FIGURE = new RegExp(
  String.raw`(?<![\w.,/@=-])([±~≈≥≤<>]?)(${NUM})(?:(${UNIT})|(–| to )(${NUM})(${UNIT}))(?![\w.]\d)(?!\.\d)`,
  'g',
);
const KEPT_PATH = /results\/(?:published|archive)\/[\w.@+/-]*[\w]/g;
/** A kept file as a commit had it (`git show 430a6ad:results/published/x.json`): history, read from git. */
const GIT_SHOW = /git\s+show\s+([0-9a-f]{7,40}):(results\/[\w.@+/-]*\.json)/g;

/** @param {string} s "45.7M" → {value: 45.7e6, half: 0.05e6}: the value and half its last printed digit */
export function parseNumber(s) {
  const scale = s.endsWith('M') ? 1e6 : s.endsWith('k') ? 1e3 : 1;
  const digits = s.replace(/[kM,]/g, '');
  const decimals = digits.split('.')[1]?.length ?? 0;
  return { value: Number(digits) * scale, half: (0.5 * scale) / 10 ** decimals };
}

/**
 * The prose of a markdown page as paragraphs (runs of lines between blank lines), without fenced
 * code, generated blocks, inline code and link targets, each with the text of its first line.
 * @param {string} md
 * @returns {{line: number, text: string}[]}
 */
export function paragraphs(md) {
  const out = [];
  let cur = null;
  let skip = null; // '```' in a fence, 'parity' in a generated block
  md.split('\n').forEach((raw, i) => {
    if (skip === 'parity') {
      if (raw.startsWith('<!-- parity:end')) skip = null;
      return;
    }
    if (raw.trimStart().startsWith('```')) {
      skip = skip ? null : '```';
      cur = null;
      return;
    }
    if (skip) return;
    if (/^<!-- parity:\w+/.test(raw)) {
      skip = 'parity';
      cur = null;
      return;
    }
    // A list item starts its own paragraph (a bullet names its own sources).
    if (!raw.trim() || /^\s*(?:[-*]|\d+\.) /.test(raw)) cur = null;
    if (!raw.trim()) return;
    if (!cur) {
      cur = { line: i + 1, text: '' };
      out.push(cur);
    }
    cur.text += `${raw}\n`;
  });
  return out;
}

/** The text of a page's generated blocks, where the figures of that page's tables are. */
export function generatedText(md) {
  return [...md.matchAll(/<!-- parity:\w+[^>]*-->\n([\s\S]*?)<!-- parity:end -->/g)].map((m) => m[1]).join('\n');
}

/** Every number of a text or a JSON value, sorted (rows' raw samples left out: they would match anything). */
export function numbersOf(x, out = []) {
  if (typeof x === 'string') {
    for (const m of x.matchAll(new RegExp(NUM, 'g'))) out.push(parseNumber(m[0]).value);
  } else if (typeof x === 'number') out.push(x);
  else if (Array.isArray(x)) for (const v of x) numbersOf(v, out);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) if (!/^samples/.test(k)) numbersOf(v, out);
  return out;
}

/** Every .json file a path names (a folder: the files in it). @param {string} p */
function jsonUnder(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return p.endsWith('.json') ? [p] : [];
  return readdirSync(p).flatMap((n) => jsonUnder(join(p, n)));
}

/**
 * The ways a kept number can print as a figure with this unit: ns as ms or s, a share as %, bytes
 * as MB, a ratio either way round.
 */
const VIEWS = {
  '%': [1, 100],
  '×': [1, -1],
  ms: [1, 1e-6, 1e3],
  s: [1, 1e-9, 1e-3],
  µs: [1, 1e-3],
  MB: [1, 1e-6, 2 ** -20],
  GB: [1, 1e-9, 2 ** -30],
  KB: [1, 1e-3],
  kB: [1, 1e-3],
};

/** @param {number[]} sorted @param {number} lo @param {number} hi */
function anyWithin(sorted, lo, hi) {
  let [a, b] = [0, sorted.length];
  while (a < b) {
    const m = (a + b) >> 1;
    if (sorted[m] < lo) a = m + 1;
    else b = m;
  }
  return a < sorted.length && sorted[a] <= hi;
}

/**
 * Whether a figure printed as `num` with `unit` rounds from one of `numbers` (sorted).
 * @param {string} num @param {string} unit @param {number[]} numbers
 */
export function traceable(num, unit, numbers) {
  const { value, half } = parseNumber(num);
  return (VIEWS[/** @type {keyof typeof VIEWS} */ (unit.trim())] ?? [1]).some((k) => {
    // k = -1: the ratio the other way round (a file's 0.5× printed as 2×).
    const [lo, hi] = k === -1 ? [1 / (value + half), 1 / (value - half)] : [(value - half) / k, (value + half) / k];
    return anyWithin(numbers, Math.min(lo, hi), Math.max(lo, hi));
  });
}

const cache = new Map();
/**
 * The sorted numbers of a kept file, read once per key.
 * @param {string} key a path, or the name of another source
 * @param {() => string} [read] the source's JSON text (a path is read from disk)
 */
export function keptNumbers(key, read = () => readFileSync(key, 'utf8')) {
  if (!cache.has(key)) cache.set(key, Float64Array.from(numbersOf(JSON.parse(read()))).sort());
  return cache.get(key);
}

/**
 * The history a paragraph names (`git show <commit>:<kept file>`), each as a source that reads
 * that commit's copy, and whether one could not be read because this clone is shallow (CI's
 * checkouts may hold no history: there such figures pass unchecked, as test/kept-files skips).
 * A commit a full clone does not hold reads as no numbers, so its figures stay untraced.
 * @param {string} root @param {string} text
 */
function historyNamed(root, text) {
  const sources = [];
  let unreadable = false;
  for (const [, commit, path] of text.matchAll(GIT_SHOW)) {
    const key = `git show ${commit}:${path} in ${root}`;
    const read = () =>
      execFileSync('git', ['-C', root, 'show', `${commit}:${path}`], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    try {
      keptNumbers(key, read);
      sources.push(key); // read now, so the figures below find it cached
    } catch {
      unreadable ||= shallowClone(root);
    }
  }
  return { sources, unreadable };
}

/**
 * Every figure of a page's prose with where it can be traced, if anywhere.
 * @param {string} root repository (or a copy of it)
 * @param {string} page path under root
 * @returns {{page: string, line: number, figure: string, paragraph: string, traced: string | null}[]}
 */
export function scanPage(root, page) {
  const md = readFileSync(join(root, page), 'utf8');
  const blockNumbers = Float64Array.from(numbersOf(generatedText(md))).sort();
  const out = [];
  for (const p of paragraphs(md)) {
    // A path inside `git show <commit>:<path>` names that commit's copy, not today's file.
    const today = p.text.replace(GIT_SHOW, (m) => m.replace(/[^\n]/g, ' '));
    const text = today.replace(/`[^`\n]*`/g, (m) => (m.includes('results/') ? m.replace(/[^/\w.@+-]/g, ' ') : ' '));
    const prose = text.replace(/\]\([^)]*\)/g, ']');
    const history = historyNamed(root, p.text);
    const files = [...[...text.matchAll(KEPT_PATH)].flatMap((m) => jsonUnder(join(root, m[0]))), ...history.sources];
    for (const m of prose.matchAll(FIGURE)) {
      const [whole, sign, a, unitA, dash, b, unitB] = m;
      const line = p.line + prose.slice(0, m.index).split('\n').length - 1;
      const figures = [a + (unitA ?? '')];
      for (const [num, unit] of dash
        ? [
            [a, unitB],
            [b, unitB],
          ]
        : [[a, unitA]]) {
        const traced =
          (traceable(num, unit, /** @type {any} */ (blockNumbers)) && 'a generated block of this page') ||
          files.find((f) => traceable(num, unit, keptNumbers(f))) ||
          (history.unreadable && 'history a shallow clone does not hold') ||
          null;
        const figure = (dash ? whole : sign + figures[0]).replace(/\s+/g, ' ');
        out.push({ page, line, figure, paragraph: p.text, traced });
      }
    }
  }
  return out;
}

/** The pages the check reads: README.md and docs/*.md. @param {string} root */
export function pages(root) {
  const docs = readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md'));
  return ['README.md', ...docs.map((n) => `docs/${n}`)];
}
