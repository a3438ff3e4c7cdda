// Inputs a user types, checked before anything runs or prints: an unknown name is a one-line
// usage error naming what would be valid (exit 2), never a silently empty or different table.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, splitList, UsageError } from '../paths.js';
import { methodologyWarnings } from '../report/model/methodology.js';

/** What --show may name; anything else is a usage error, not a silently empty table. */
export const SHOW_VALUES = ['spread', 'cpu', 'rss', 'metrics', 'conformance', 'chart'];

/**
 * --show as a list, every entry checked.
 * @param {string | undefined} s
 */
export function showList(s) {
  const list = splitList(s);
  const bad = list.find((x) => !SHOW_VALUES.includes(x));
  if (bad !== undefined)
    throw new UsageError(`Unknown SHOW value "${bad}": valid values are ${SHOW_VALUES.join(', ')}`);
  return list;
}

/**
 * A table's filters and baseline checked against the file: a name that matches nothing is an
 * error, so a typo never prints an empty or differently based table. Returns the predicate on
 * result rows that SUITE= and WORKLOAD= keep (the correction for many comparisons still runs
 * over the whole file, so a filtered table makes the same claims as the full one).
 * @param {any} doc
 * @param {{baseline?: string, suite?: string, workload?: string, only?: string}} o
 * @returns {(r: any) => boolean}
 */
export function tableFilter(doc, o) {
  const ids = doc.runtimes.map((r) => r.id);
  if (o.baseline !== undefined && !ids.includes(o.baseline)) {
    throw new UsageError(`Unknown BASELINE "${o.baseline}": the runtimes of this file are ${ids.join(', ')}`);
  }
  if (o.only !== undefined && !['main', 'analyses'].includes(o.only)) {
    throw new UsageError(`Unknown ONLY "${o.only}": valid values are main, analyses`);
  }
  /** @type {((r: any) => boolean)[]} */
  const tests = [];
  for (const key of /** @type {const} */ (['suite', 'workload'])) {
    const want = splitList(o[key]);
    if (!want.length) continue;
    const have = [...new Set(doc.results.map((r) => r[key]))];
    const bad = want.find((w) => !have.includes(w));
    if (bad !== undefined) {
      throw new UsageError(`Unknown ${key.toUpperCase()} "${bad}" in this file: valid values are ${have.join(', ')}`);
    }
    tests.push((r) => want.includes(r[key]));
  }
  return (r) => tests.every((t) => t(r));
}

/** The newest results file in results/ (by its UTC-stamped name). */
export function newestResults() {
  const dir = join(ROOT, 'results');
  const files = readdirSync(dir)
    .filter((f) => /^\d{8}T\d{6}Z-.*\.json$/.test(f))
    .sort();
  if (!files.length) throw new UsageError('No results file in results/: run make compare first, or set FILE=…');
  return join(dir, /** @type {string} */ (files.at(-1)));
}

/** With --strict, a comparison configured unequally is an error before any number is printed. */
export function refuseUnequal(doc) {
  const w = methodologyWarnings(doc);
  if (w.length) throw new UsageError(`STRICT: ${w.join('; ')}`);
}
