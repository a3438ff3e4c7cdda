// Results files: naming, atomic writes and validation against the repo's JSON Schema.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { fingerprint, loadavg } from '../measure/fingerprint.js';
import { displayPath, ROOT } from '../paths.js';
import { BY_FILE_SCHEMA, COMPACT_SCHEMA } from './conformance-form.js';

export const SCHEMA_ID = 'parity.results/1';
export { BY_FILE_SCHEMA, COMPACT_SCHEMA };

/** Every schema id readResults takes. */
const SCHEMAS = [SCHEMA_ID, COMPACT_SCHEMA, BY_FILE_SCHEMA];

const schema = JSON.parse(readFileSync(join(ROOT, 'lib', 'results', 'schema', 'results.schema.json'), 'utf8'));

let validator = null;
/** Compiled once: validation runs after every run and in tests. */
function getValidator() {
  if (!validator) {
    // date-time is checked loosely (strict format plugins are one more dependency for one field).
    const ajv = new Ajv({ allErrors: true, strict: false, formats: { 'date-time': /^\d{4}-\d\d-\d\dT/ } });
    validator = ajv.compile(schema);
  }
  return validator;
}

/**
 * Validate a results document; returns a list of readable errors (empty when valid).
 * @param {any} doc
 */
export function validateResults(doc) {
  const validate = getValidator();
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** results/<UTC stamp>-<host>.json, e.g. results/20261122T061500Z-box.json */
export function resultsPath(date = new Date(), dir = join(ROOT, 'results'), suffix = '') {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const host = hostname().replace(/[^A-Za-z0-9_.-]/g, '_');
  return join(dir, `${stamp}-${host}${suffix}.json`);
}

/**
 * Write JSON atomically: a crash mid-write leaves the previous complete file, never half of one.
 * `indent` 0 writes one line (the compact kept form, lib/results/compact.js).
 */
export function writeJsonAtomic(file, doc, indent = 1) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(doc, null, indent)}\n`);
  renameSync(tmp, file);
}

/**
 * Read and validate a results file; throws a one-line error naming the file and the first problem.
 * @param {string} file
 */
export function readResults(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const e = /** @type {any} */ (err);
    throw new Error(`Cannot read results file ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  if (doc === null || typeof doc !== 'object' || !SCHEMAS.includes(doc.schema)) {
    throw new Error(
      `${file} is not a parity results file: it has no "schema": "${SCHEMA_ID}" (make run and make compare write them under results/)`,
    );
  }
  const errors = validateResults(doc);
  if (errors.length) {
    throw new Error(`Results file ${file} does not match schema ${doc.schema}: ${errors.slice(0, 3).join('; ')}`);
  }
  return doc;
}

/**
 * How a results file describes one runtime of its run: the same shape from perf runs, WPT and checks.
 * @param {any} rt a resolved runtime (registry.js)
 * @param {{version?: string, engine?: string, engine_version?: string, error?: string, compatibility_date?: string}} v its probe
 */
export function runtimeInfo(rt, v) {
  return {
    id: rt.id,
    kind: rt.kind,
    bin: displayPath(rt.bin),
    version: v.version ?? null,
    engine: v.engine ?? null,
    engine_version: v.engine_version ?? null,
    ...(v.compatibility_date ? { compatibility_date: v.compatibility_date } : {}),
    flags: rt.flags,
    env: rt.env,
    preload: rt.preload ? displayPath(rt.preload) : null,
    ...(rt.variant !== undefined ? { variant: rt.variant } : {}),
    error: v.error ?? null,
  };
}

/**
 * A cross-check tool's record (tools/*-crosscheck.js): what it ran and when, its own fields, the
 * machine's fingerprint and the commit, written atomically.
 * @param {string} out
 * @param {Record<string, any>} head  tool, command, started, …
 * @param {Record<string, any>} body  the figures
 * @param {any[]} [runtimes]  resolved runtimes, for their binaries' provenance
 */
export function writeToolRecord(out, head, body, runtimes = []) {
  writeJsonAtomic(out, {
    ...head,
    finished: new Date().toISOString(),
    fingerprint: fingerprint(),
    provenance: provenance(runtimes),
    ...body,
  });
}

/**
 * What a results file came from, so that two files can be told apart before their numbers are:
 * parity's commit and whether the tree had uncommitted changes, the package lock's hash (it pins
 * every runtime and tool), and the versions of packages variants preload.
 * @param {any[]} runtimes resolved runtimes of the run
 * @param {string} [root] parity's checkout (a test points it elsewhere)
 */
export function provenance(runtimes = [], root = ROOT) {
  const git = (...args) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  /** @type {Record<string, any>} */
  const out = { commit: null, dirty: null, lock_sha256: null, preloads: {} };
  try {
    out.commit = git('rev-parse', 'HEAD');
    // results/ is where runs write; its files do not make a tree dirty.
    out.dirty = git('status', '--porcelain', '--', '.', ':(exclude)results').length > 0;
  } catch {
    out.git_error = 'not a git checkout, or git is not installed';
  }
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock)) out.lock_sha256 = createHash('sha256').update(readFileSync(lock)).digest('hex');
  else out.lock_error = 'no package-lock.json';
  for (const rt of runtimes) {
    if (!rt.preload) continue;
    // A preload names its package in its imports; record every bare package it imports.
    const src = readFileSync(rt.preload, 'utf8');
    for (const [, name] of src.matchAll(/import\(?\s*['"]([^.'"/][^'"]*)['"]/g)) {
      const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      const file = join(ROOT, 'node_modules', pkg, 'package.json');
      if (!pkg.startsWith('node:') && existsSync(file))
        out.preloads[pkg] = JSON.parse(readFileSync(file, 'utf8')).version;
    }
  }
  return out;
}

/**
 * One line per way two files' provenance differs (commit, uncommitted changes, lock), for a
 * warning before their numbers are compared.
 * @param {any[]} docs
 * @returns {string[]}
 */
const inHistory = new Map();

/**
 * Whether a results file's commit is in this checkout's history (an ancestor of HEAD): true,
 * false (made from work that never landed here), or null (no git to ask).
 * @param {string | null | undefined} commit
 * @param {string} [root]
 */
export function commitInHistory(commit, root = ROOT) {
  if (!commit) return null;
  if (!inHistory.has(commit)) {
    try {
      execFileSync('git', ['-C', root, 'merge-base', '--is-ancestor', commit, 'HEAD'], { stdio: 'ignore' });
      inHistory.set(commit, true);
    } catch (e) {
      // Exit 1: not an ancestor (or unknown to this repository); anything else: no git to ask.
      inHistory.set(
        commit,
        /** @type {any} */ (e).status === 1 || /** @type {any} */ (e).status === 128 ? false : null,
      );
    }
  }
  return inHistory.get(commit);
}

/**
 * Whether the checkout at `root` is a shallow clone (CI's checkouts may hold no history, so a
 * commit's ancestry or an older copy of a file cannot be read there). False where git cannot say.
 * @param {string} [root]
 */
export function shallowClone(root = ROOT) {
  try {
    const out = execFileSync('git', ['-C', root, 'rev-parse', '--is-shallow-repository'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim() === 'true';
  } catch {
    return false;
  }
}

export function provenanceWarnings(docs) {
  const p = docs.map((d) => d.provenance ?? {});
  const warnings = [];
  const distinct = (f) => new Set(p.map(f)).size > 1;
  if (p.some((x) => !x.commit)) warnings.push('a file does not record the parity commit it came from');
  else if (distinct((x) => x.commit))
    warnings.push(
      `files come from different parity commits: ${[...new Set(p.map((x) => x.commit.slice(0, 12)))].join(', ')}`,
    );
  if (p.some((x) => x.dirty)) warnings.push('a file was made from a tree with uncommitted changes');
  if (distinct((x) => x.lock_sha256))
    warnings.push('files come from different package-lock.json (runtime or tool versions may differ)');
  const preloads = new Set(p.flatMap((x) => Object.keys(x.preloads ?? {})));
  for (const pkg of preloads) {
    const versions = new Set(p.map((x) => x.preloads?.[pkg]).filter(Boolean));
    if (versions.size > 1) warnings.push(`files preload different ${pkg} versions: ${[...versions].join(', ')}`);
  }
  return warnings;
}

/**
 * A new results document, assembled in one place for perf runs and conformance runs alike.
 * @param {{command: string, options?: any, runtimes: any[], fingerprint?: any, provenance?: any, started?: string}} run
 */
export function newResultsDoc(run) {
  return {
    schema: SCHEMA_ID,
    started: run.started ?? new Date().toISOString(),
    finished: null,
    complete: false,
    command: run.command,
    ...(run.options ? { options: run.options } : {}),
    fingerprint: run.fingerprint ?? fingerprint(),
    provenance: run.provenance ?? provenance(),
    runtimes: run.runtimes,
    results: [],
    conformance: [],
  };
}

/** Close a document: finish time, end load, completeness. */
export function finishResultsDoc(doc, { interrupted = false } = {}) {
  doc.finished = new Date().toISOString();
  doc.complete = !interrupted;
  if (interrupted) doc.interrupted = true;
  doc.fingerprint.loadavg_end = loadavg();
  return doc;
}
