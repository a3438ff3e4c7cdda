// Conformance results files: the shared results shape (lib/results/file.js) with `results: []`
// and the conformance in `conformance`, named results/<stamp>-<host>-conformance.json. WPT
// subtests are written compact (parity.results/2: a record per runtime and file, passes counted)
// and read back as rows from any form (a kept file's parity.results/3 too).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, loadavg } from '../measure/fingerprint.js';
import { ROOT } from '../paths.js';
import { COMPACT_SCHEMA, compactConformance, conformanceRows } from '../results/conformance-form.js';
import { provenance, resultsPath, validateResults, writeJsonAtomic } from '../results/file.js';

/**
 * Validate and write a conformance results file atomically; returns its path.
 * @param {{started: string, command: string, runtimes: any[], conformance: any[], wpt?: any, node_test?: any, fingerprint?: any, provenance?: any}} run
 */
export function writeConformanceResults(run, dir = join(ROOT, 'results')) {
  mkdirSync(dir, { recursive: true });
  const doc = {
    schema: COMPACT_SCHEMA,
    started: run.started,
    finished: new Date().toISOString(),
    complete: true,
    command: run.command,
    fingerprint: { ...(run.fingerprint ?? fingerprint()), loadavg_end: loadavg() },
    // Conformance files need their provenance as much as perf files: a pass count is of a commit.
    provenance: run.provenance ?? provenance(),
    runtimes: run.runtimes,
    results: [],
    conformance: compactConformance(run.conformance),
    ...(run.wpt ? { wpt: run.wpt } : {}),
    ...(run.node_test ? { node_test: run.node_test } : {}),
  };
  const errors = validateResults(doc);
  if (errors.length)
    throw new Error(`Conformance results do not match ${COMPACT_SCHEMA}: ${errors.slice(0, 3).join('; ')}`);
  const file = resultsPath(new Date(run.started), dir, '-conformance');
  writeJsonAtomic(file, doc);
  return file;
}

/** Conformance rows from results files; with no files given, the newest conformance file per runtime in results/. */
export function readConformanceRows(files, dir = join(ROOT, 'results')) {
  let chosen = files;
  if (!chosen?.length) {
    const all = readdirSync(dir)
      .filter((f) => f.endsWith('-conformance.json'))
      .sort()
      .reverse()
      .map((f) => join(dir, f));
    const seen = new Set();
    chosen = [];
    for (const f of all) {
      const doc = JSON.parse(readFileSync(f, 'utf8'));
      const fresh = [...new Set(conformanceRows(doc).map((r) => `${r.source}:${r.runtime}`))].filter(
        (k) => !seen.has(k),
      );
      if (fresh.length) {
        chosen.push(f);
        for (const k of fresh) seen.add(k);
      }
    }
  }
  const rows = [];
  const taken = new Set();
  for (const f of chosen) {
    const doc = JSON.parse(readFileSync(f, 'utf8'));
    const keys = new Set();
    for (const r of conformanceRows(doc)) {
      // A newer file wins for a (source, runtime) pair; older files only fill gaps.
      const k = `${r.source}:${r.runtime}`;
      if (taken.has(k)) continue;
      keys.add(k);
      rows.push(r);
    }
    for (const k of keys) taken.add(k);
  }
  return { rows, files: chosen };
}
