// Expectations are data with reasons, one file per runtime id (conformance/expectations/<id>.json),
// in the shape of Node's test/wpt/status/*.json. Keys are WPT test paths relative to the WPT root
// (globs allowed: * within a path segment, ** across segments) or `check:<suite>` for shared checks.
//   { "streams/x.any.js": { "kind": "not-implemented", "skip": "why" } }
//   { "streams/y.any.js": { "kind": "bug", "issue": "https://…", "fail": { "note": "why", "expected": ["subtest"], "flaky": ["subtest"] } } }
// `fail.kinds` names the kind of a subtest whose reason differs from the entry's ({"subtest": "harness"}).
// Every entry names its kind (EXPECTATION_KINDS), so a reader can filter runtime gaps from
// harness limits; `todo` is what make wpt-update drafts and a run does not accept.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths.js';
import { loadRegistry } from '../runtimes/registry.js';

/** Folder holding one expectations file per runtime id. */
export const EXPECTATIONS_DIR = join(ROOT, 'conformance', 'expectations');

/** Why a runtime is expected to fail, in kinds a reader can filter. */
export const EXPECTATION_KINDS = {
  'not-implemented': 'the runtime does not implement it',
  build: 'a build option of the runtime (ICU data, OpenSSL or BoringSSL version, a math library)',
  bug: 'a bug of the runtime (with its upstream issue where one exists)',
  harness: "a limit of parity's harness or of the WPT copy it runs",
  'outdated-test':
    'the pinned WPT asserts what the standard or upstream WPT has since reversed (the note names the change)',
  todo: 'drafted by make wpt-update from a run, not yet decided: a run fails until it is',
};

/** Subtest name used for file-level outcomes (harness error, crash, no completion). */
export const HARNESS = '(harness)';

/** Path of the expectations file for a runtime id. */
export function expectationsPath(runtimeId, dir = EXPECTATIONS_DIR) {
  return join(dir, `${runtimeId}.json`);
}

/**
 * Check an expectations object: every entry needs a reason, lists must be string arrays.
 * Returns a list of problems (empty when valid).
 */
export function validateExpectations(data, label = 'expectations') {
  const problems = [];
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return [`${label}: expected an object keyed by test path`];
  for (const [key, entry] of Object.entries(data)) {
    if (key.startsWith('$')) continue;
    const at = `${label}: "${key}"`;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${at} must be an object with "skip" or "fail", got ${JSON.stringify(entry)}`);
      continue;
    }
    const known = Object.keys(entry).filter((k) => !['skip', 'fail', 'kind', 'issue'].includes(k));
    if (known.length)
      problems.push(`${at} has unknown field(s) ${known.join(', ')}; valid fields are kind, issue, skip, fail`);
    if (!Object.hasOwn(EXPECTATION_KINDS, entry.kind))
      problems.push(
        `${at}: "kind" must be one of ${Object.keys(EXPECTATION_KINDS).join(', ')}, got ${JSON.stringify(entry.kind)}`,
      );
    if ('issue' in entry && !/^https:\/\/\S+$/.test(entry.issue))
      problems.push(`${at}: "issue" must be an https URL, got ${JSON.stringify(entry.issue)}`);
    if (!('skip' in entry) && !('fail' in entry))
      problems.push(`${at} needs "skip" (a reason) or "fail" ({note, expected})`);
    if ('skip' in entry && (typeof entry.skip !== 'string' || !entry.skip.trim())) {
      problems.push(`${at}: "skip" must be a non-empty reason, got ${JSON.stringify(entry.skip)}`);
    }
    if ('fail' in entry) {
      const f = entry.fail;
      if (typeof f?.note !== 'string' || !f.note.trim()) problems.push(`${at}: "fail.note" must be a non-empty reason`);
      for (const list of ['expected', 'flaky']) {
        if (f?.[list] !== undefined && !(Array.isArray(f[list]) && f[list].every((s) => typeof s === 'string'))) {
          problems.push(`${at}: "fail.${list}" must be an array of subtest names`);
        }
      }
      for (const [n, k] of Object.entries(f?.kinds ?? {})) {
        if (!Object.hasOwn(EXPECTATION_KINDS, k))
          problems.push(`${at}: "fail.kinds" of ${JSON.stringify(n)} is not a kind`);
      }
      if (!f?.expected?.length && !f?.flaky?.length)
        problems.push(`${at}: "fail" needs a non-empty "expected" or "flaky" list`);
    }
  }
  return problems;
}

/** Load and validate a runtime's expectations; a missing file means "everything should pass". */
export function loadExpectations(runtimeId, dir = EXPECTATIONS_DIR) {
  return loadValidated(expectationsPath(runtimeId, dir), validateExpectations);
}

/**
 * An expectations file read and validated ({} when there is none); bad JSON or a bad entry is an
 * error naming the file. WPT's and Node's test suite's expectations share it.
 * @param {string} file
 * @param {(data: any, file: string) => string[]} validate one line per problem
 */
export function loadValidated(file, validate) {
  if (!existsSync(file)) return {};
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`Expectations file ${file} is not valid JSON: ${/** @type {any} */ (e).message}`);
  }
  const problems = validate(data, file);
  if (problems.length) throw new Error(problems.join('\n'));
  return data;
}

/** Turn a key with * and ** into a RegExp over '/'-separated paths; every other character is literal. */
export function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

// Only * makes a key a glob: `?` starts a WPT variant (`x.any.js?1-10`), part of a file's id.
const isGlob = (key) => key.includes('*');

/**
 * Everything the expectations say about one test file (or `check:<suite>`): entries from the
 * exact key and every matching glob are merged; `kind` is the kind of each expected subtest.
 * @typedef {{skip: string | null, note: string | null, expected: Set<string>, flaky: Set<string>, keys: string[],
 *            kind: Map<string, string>}} Expectation
 * @returns {Expectation}
 */
export function expectationFor(data, file) {
  /** @type {Expectation} */
  const out = {
    skip: null,
    note: null,
    expected: new Set(),
    flaky: new Set(),
    keys: [],
    kind: new Map(),
  };
  const bare = file.replace(/\?.*$/, '');
  for (const [key, entry] of Object.entries(data)) {
    if (key.startsWith('$')) continue;
    const hit =
      key === file || key === bare || (isGlob(key) && (globToRegExp(key).test(bare) || globToRegExp(key).test(file)));
    if (!hit) continue;
    out.keys.push(key);
    if (entry.skip) out.skip = out.skip ? `${out.skip}; ${entry.skip}` : entry.skip;
    if (entry.fail) {
      out.note = out.note ? `${out.note}; ${entry.fail.note}` : entry.fail.note;
      for (const n of [...(entry.fail.expected ?? []), ...(entry.fail.flaky ?? [])]) {
        const kind = entry.fail.kinds?.[n] ?? entry.kind;
        if (!out.kind.has(n) && kind) out.kind.set(n, kind);
      }
      for (const n of entry.fail.expected ?? []) out.expected.add(n);
      for (const n of entry.fail.flaky ?? []) out.flaky.add(n);
    }
  }
  return out;
}

const NOT_PASSING = new Set(['fail', 'expected-fail', 'timeout', 'error']);

/**
 * Rewrite a runtime's expectations from conformance rows of one run: exact-file `fail` entries
 * are recomputed for every file (or check suite) the run covered, keeping existing notes; skip
 * entries, glob entries and files the run did not cover stay as they were.
 * @param {Record<string, any>} existing
 * @param {Array<Record<string, any>>} rows  rows of this runtime only
 * @param {string} date  YYYY-MM-DD, used in the placeholder reason of new entries
 */
export function updateExpectations(existing, rows, date) {
  const next = structuredClone(existing);
  const failing = new Map();
  for (const row of rows) {
    const key = row.source === 'check' ? `check:${row.suite}` : row.file;
    const subtest = row.source === 'check' ? row.check : row.subtest;
    if (!failing.has(key)) failing.set(key, []);
    if (NOT_PASSING.has(row.status)) failing.get(key).push(subtest);
  }
  const globs = Object.entries(existing).filter(([k]) => isGlob(k) && !k.startsWith('$'));
  const placeholder = `observed failing on ${date}; read the failures, then set kind and note`;
  for (const [key, names] of failing) {
    const entry = next[key];
    if (entry?.skip) continue;
    const coveredByGlob = new Set(
      globs
        .filter(([g]) => globToRegExp(g).test(key))
        .flatMap(([, e]) => [...(e.fail?.expected ?? []), ...(e.fail?.flaky ?? [])]),
    );
    const now = new Set(names);
    // Keep the order of entries that still fail so a rewrite only shows real changes.
    const kept = (entry?.fail?.expected ?? []).filter((n) => now.has(n));
    const expected = [...new Set([...kept, ...names])].filter((n) => !coveredByGlob.has(n));
    if (expected.length === 0) {
      delete next[key];
      continue;
    }
    const fail = { note: entry?.fail?.note ?? placeholder, expected };
    if (entry?.fail?.flaky?.length) fail.flaky = entry.fail.flaky;
    // A subtest's own kind stays while it is still listed.
    const listed = new Set([...expected, ...(fail.flaky ?? [])]);
    const kinds = Object.entries(entry?.fail?.kinds ?? {}).filter(([n]) => listed.has(n));
    if (kinds.length) fail.kinds = Object.fromEntries(kinds);
    next[key] = { kind: entry?.kind ?? 'todo', ...(entry?.issue ? { issue: entry.issue } : {}), fail };
  }
  next.$comment ??=
    'Known WPT and check failures for one runtime id. Keys: WPT test paths relative to the WPT root (globs allowed) or check:<suite>. Every entry carries its reason.';
  const sorted = {};
  for (const key of Object.keys(next).sort((a, b) =>
    a.startsWith('$') ? -1 : b.startsWith('$') ? 1 : a < b ? -1 : a > b ? 1 : 0,
  )) {
    sorted[key] = next[key];
  }
  return sorted;
}

/** Write expectations atomically (tmp file, then rename), two-space JSON with a final newline. */
export function writeExpectations(runtimeId, data, dir = EXPECTATIONS_DIR) {
  const file = expectationsPath(runtimeId, dir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(tmp, file);
  return file;
}

/** Two entries for the same key: a skip wins; failure lists are united and their notes joined. */
function mergeEntry(a, b) {
  if (!a) return b;
  if (b.skip || a.skip) return b.skip ? b : a;
  const union = (x = [], y = []) => [...new Set([...x, ...y])];
  const note = a.fail.note === b.fail.note ? a.fail.note : `${a.fail.note}; ${b.fail.note}`;
  // Each subtest keeps the kind of the entry that listed it (the variant's own entry wins).
  const kinds = {};
  for (const e of [a, b]) {
    for (const n of [...(e.fail.expected ?? []), ...(e.fail.flaky ?? [])]) kinds[n] = e.fail.kinds?.[n] ?? e.kind;
  }
  const fail = { note, expected: union(a.fail.expected, b.fail.expected), kinds };
  if (a.fail.flaky || b.fail.flaky) fail.flaky = union(a.fail.flaky, b.fail.flaky);
  return { kind: b.kind ?? a.kind, fail };
}

/**
 * The expectations a run judges a runtime id by. A variant (runners/runtimes.json) inherits its
 * base runtime's file and any files its `expectations` list names, then adds its own: a node
 * variant fails what node fails, plus what its preload or flags change.
 */
export function effectiveExpectations(runtimeId, registry = loadRegistry(), dir = EXPECTATIONS_DIR) {
  const variant = registry.variants?.[runtimeId];
  const chain = variant ? [variant.base, ...(variant.expectations ?? []), runtimeId] : [runtimeId];
  const merged = {};
  for (const id of chain) {
    for (const [key, entry] of Object.entries(loadExpectations(id, dir))) {
      if (!key.startsWith('$')) merged[key] = mergeEntry(merged[key], entry);
    }
  }
  return merged;
}
