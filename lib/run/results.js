// Results files: naming, atomic writes and validation against the repo's JSON Schema.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { fingerprint, loadavg } from '../measure/fingerprint.js';
import { displayPath, ROOT } from './registry.js';

export const SCHEMA_ID = 'parity.results/1';
const schema = JSON.parse(readFileSync(join(ROOT, 'lib', 'run', 'schema', 'results.schema.json'), 'utf8'));

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

/** Write JSON atomically: a crash mid-write leaves the previous complete file, never half of one. */
export function writeJsonAtomic(file, doc) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(doc, null, 1)}\n`);
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
  const errors = validateResults(doc);
  if (errors.length) {
    throw new Error(`Results file ${file} does not match schema ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);
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
    error: v.error ?? null,
  };
}

/**
 * A new results document, assembled in one place for perf runs and conformance runs alike.
 * @param {{command: string, options?: any, runtimes: any[], fingerprint?: any, started?: string}} run
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
