// The compact kept form of a results file. A run writes, per job, more than any printer reads: the
// job's process tree sampled every 20 ms, the command that reruns it, the runtime's own CPU
// reading kept beside the OS's. A kept file (results/published/) is only ever printed, and the
// largest ones were 3–8 MB written with indentation, over the 2 MB a committed file may take.
// `compact` drops those fields from the rows that ran (ok) or could not run (unsupported), keeps
// failed rows whole, and writes the file on one line, atomically. The file says what it lacks
// (`compacted`), so an absent field reads as dropped, not as never measured. A conformance file's
// WPT records are regrouped by file (parity.results/3, conformance-form.js), nothing dropped, and
// so are its Node test rows: the rows of one test file on every runtime become one record, each
// runtime keeping its ms and naming its note (what else its row said), each distinct note written
// once in `node_test_notes`; nothing is dropped (a detail is cut where the run cuts it), and the
// kept node-compat run (21,225 rows) is 1.6 MB so, 6.9 MB as written. Provenance, fingerprint and
// runtimes are kept as they are. test/compact.test.js shows that every printer prints the same
// before and after.
import { statSync } from 'node:fs';
import { BY_FILE_SCHEMA, byFile, COMPACT_SCHEMA, nodeTestByFile } from './conformance-form.js';
import { readResults, validateResults, writeJsonAtomic } from './file.js';

/**
 * The row fields compaction drops, each with why no reader misses it (every printer of
 * lib/report, the conformance reports, the BMF export, tools/ and the README blocks were read for
 * them). `a.b` is field b of a row's object a.
 */
export const DROPPED = {
  tree: 'the process tree sampled from /proc: the figures tables print from it were copied into the row’s metrics when the job ran (lib/runtimes/proctree.js)',
  repro:
    'the command that reruns a job: printed beside failed jobs only (lib/report/model/notes.js), and failed rows are kept whole',
  inproc: 'the runtime’s own CPU and memory reading, recorded beside the OS’s as not trusted; nothing prints it',
  phase: 'where a job failed: null on a row that ran',
  exit_code: 'how a job’s process ended: a row that ran says so by its status',
  signal: 'how a job’s process ended: a row that ran says so by its status',
  engine_version: 'a copy of runtimes[].engine_version (dropped only where the two are equal)',
  'cpu_window.wait_ms': 'run-queue wait inside the CPU window: no table, chart or export reads it',
  'cpu_window.main_thread_ms': 'the workload thread’s share of the CPU window: no table, chart or export reads it',
};

/** Statuses whose rows are thinned; a failed job's row (error, timeout, crash, oom) is kept whole. */
const THINNED = new Set(['ok', 'unsupported']);

const NOTE =
  'kept form (node lib/run/cli.js compact): one line, and these row fields dropped from rows with status ok or unsupported, since no printer reads them (lib/results/compact.js); failed rows are whole; WPT records, if any, one per file with every runtime’s (parity.results/3), nothing dropped';

/** What NOTE adds for a file with Node test rows (files without them keep NOTE as it was). */
const NODE_TEST_NOTE =
  '; Node test rows, one record per test file with every runtime’s, each distinct rest of a row once in node_test_notes, nothing dropped';

/**
 * A row without the fields DROPPED names; `engineVersion` is its runtime's, from runtimes[].
 * @param {Record<string, any>} row
 * @param {string | null | undefined} engineVersion
 * @param {Set<string>} dropped the DROPPED keys a row lost (filled in)
 */
function thinRow(row, engineVersion, dropped) {
  if (!THINNED.has(row.status)) return row;
  const out = { ...row };
  for (const key of Object.keys(DROPPED)) {
    const [field, sub] = key.split('.');
    if (sub) {
      if (out[field] && typeof out[field] === 'object' && sub in out[field]) {
        const { [sub]: _, ...rest } = out[field];
        out[field] = rest;
        dropped.add(key);
      }
    } else if (field in out && (field !== 'engine_version' || out[field] === engineVersion)) {
      delete out[field];
      dropped.add(key);
    }
  }
  return out;
}

/**
 * What a parity.results/2 document's conformance becomes in parity.results/3: WPT records and Node
 * test rows of one file on every runtime become one record each (nothing dropped: the rows read
 * back the same); nothing for a document in another form (/1 keeps its rows as rows; /3 is this
 * form already).
 * @param {any} doc
 */
function byFileForm(doc) {
  if (doc.schema !== COMPACT_SCHEMA) return {};
  const { conformance, notes } = nodeTestByFile(byFile(doc.conformance));
  return { schema: BY_FILE_SCHEMA, conformance, ...(notes.length ? { node_test_notes: notes } : {}) };
}

/**
 * The compact form of a results document (a new object; `doc` is not changed). Compacting a
 * compacted document changes nothing.
 * @param {any} doc a valid results document
 */
export function compactResults(doc) {
  const engine = new Map((doc.runtimes ?? []).map((r) => [r.id, r.engine_version]));
  /** @type {Set<string>} */
  const dropped = new Set(doc.compacted?.fields ?? []);
  const results = (doc.results ?? []).map((r) => thinRow(r, engine.get(r.runtime), dropped));
  const fields = Object.keys(DROPPED).filter((k) => dropped.has(k));
  const out = { ...doc, ...byFileForm(doc), results };
  return { ...out, compacted: { fields, note: out.node_test_notes ? NOTE + NODE_TEST_NOTE : NOTE } };
}

/**
 * Rewrite a results file in the compact form, atomically (a crash leaves the old file), after
 * checking the result against the schema. Returns the sizes before and after, in bytes.
 * @param {string} file
 */
export function compactFile(file) {
  const before = statSync(file).size;
  const doc = compactResults(readResults(file));
  const errors = validateResults(doc);
  if (errors.length) throw new Error(`Compacted ${file} would not match the schema: ${errors.slice(0, 3).join('; ')}`);
  writeJsonAtomic(file, doc, 0);
  return { before, after: statSync(file).size, fields: doc.compacted.fields };
}
