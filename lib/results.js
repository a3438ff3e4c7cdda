// Results files: naming, atomic writes and validation against the repo's JSON Schema.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ROOT } from './registry.js';

export const SCHEMA_ID = 'parity.results/1';
const schema = JSON.parse(readFileSync(join(ROOT, 'lib', 'schema', 'results.schema.json'), 'utf8'));

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
  } catch (e) {
    throw new Error(`Cannot read results file ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  const errors = validateResults(doc);
  if (errors.length) {
    throw new Error(`Results file ${file} does not match schema ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);
  }
  return doc;
}
