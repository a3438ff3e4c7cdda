// Conformance results files: the shared results shape (lib/results/file.js, parity.results/1) with
// `results: []` and the rows in `conformance`, named results/<stamp>-<host>-conformance.json.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, loadavg } from '../measure/fingerprint.js';
import { ROOT } from '../paths.js';
import { provenance, resultsPath, validateResults, writeJsonAtomic } from '../results/file.js';

/**
 * Validate and write a conformance results file atomically; returns its path.
 * @param {{started: string, command: string, runtimes: any[], conformance: any[], wpt?: any, fingerprint?: any, provenance?: any}} run
 */
export function writeConformanceResults(run, dir = join(ROOT, 'results')) {
  mkdirSync(dir, { recursive: true });
  const doc = {
    schema: 'parity.results/1',
    started: run.started,
    finished: new Date().toISOString(),
    complete: true,
    command: run.command,
    fingerprint: { ...(run.fingerprint ?? fingerprint()), loadavg_end: loadavg() },
    // Conformance files need their provenance as much as perf files: a pass count is of a commit.
    provenance: run.provenance ?? provenance(),
    runtimes: run.runtimes,
    results: [],
    conformance: run.conformance,
    ...(run.wpt ? { wpt: run.wpt } : {}),
  };
  const errors = validateResults(doc);
  if (errors.length)
    throw new Error(`Conformance results do not match parity.results/1: ${errors.slice(0, 3).join('; ')}`);
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
      const fresh = [...new Set((doc.conformance ?? []).map((r) => `${r.source}:${r.runtime}`))].filter(
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
    for (const r of doc.conformance ?? []) {
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
