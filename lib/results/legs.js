// CI legs as results: the matrix list (.github/legs.json) and one leg's artifact folder (leg.json,
// its results file and its A/A file), read by make ci-merge and by the merge's tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, UsageError } from '../paths.js';
import { readResults } from './file.js';

/** The file that lists the legs; bench.yml's matrix is read from it. */
export const LEGS_FILE = join(ROOT, '.github', 'legs.json');

/** @returns {{leg: string, runner: string}[]} */
export function loadLegs(file = LEGS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8')).legs;
}

/**
 * Read one leg's artifact folder (leg.json and the files it names).
 * @param {string} dir
 */
export function readLeg(dir) {
  const file = join(dir, 'leg.json');
  if (!existsSync(file))
    throw new UsageError(`${dir} is not a leg artifact: it has no leg.json (make ci-leg writes one)`);
  const meta = JSON.parse(readFileSync(file, 'utf8'));
  if (meta.schema !== 'parity.ci-leg/1')
    throw new UsageError(`${file}: schema "${meta.schema}", expected parity.ci-leg/1`);
  const aaFile = join(dir, meta.files.aa);
  return { meta, doc: readResults(join(dir, meta.files.results)), aa: existsSync(aaFile) ? readResults(aaFile) : null };
}

/** A platform's label from a fingerprint: OS family and architecture, e.g. "linux x64". */
export function platformOf(fp) {
  const family = fp.platform ?? (/darwin|mac/i.test(fp.os) ? 'darwin' : /windows/i.test(fp.os) ? 'win32' : 'linux');
  return `${family} ${fp.arch}`;
}

/** The leg key of a results file, "linux-x64" (the key of .github/legs.json). */
export const legOf = (doc) => platformOf(doc.fingerprint).replace(' ', '-');

/** Thrown for a comparison the method cannot support; the CLI prints it and exits 2. */
export class CrossLegError extends Error {}
