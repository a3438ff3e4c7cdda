// The runtime's own heap in use after a full GC, for the start-up workloads that ask for it
// (`heap: true`): extra starts after the timed ones, each running the kind's heap probe
// (runners/<kind>/heap.js, named in its kind.json) with the bench runner's args (node --expose-gc,
// deno --v8-flags=--expose-gc, bun needs none). The probe imports the script as its start runs it,
// collects, and writes the runtime's figure to a file. A GC is slow and the probe is one more
// module, so these starts are never timed: the timed starts run the bare script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../../../measure/stats/stats.js';
import { commandLine } from '../../../runtimes/registry.js';

/** Extra starts that read the heap; the figure is their median. */
export const HEAP_STARTS = 3;

/**
 * argv of one heap start: the kind's probe on `script`, writing to `out`; null where the kind has none.
 * @param {import('../../../runtimes/registry.js').Runtime} rt
 * @param {string} script
 * @param {string} out
 * @returns {[string, string[]] | null}
 */
export function heapArgv(rt, script, out) {
  return rt.heap.file ? [rt.bin, commandLine(rt, rt.heap.file, [script, out])] : null;
}

/**
 * What a probe wrote: its heap in use (bytes) and where the runtime got it; null when it wrote
 * nothing a figure can come from.
 * @param {string} file
 * @returns {{heap_used_bytes: number, source: string} | null}
 */
export function readHeap(file) {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const ok = Number.isFinite(doc?.heap_used_bytes) && doc.heap_used_bytes > 0 && typeof doc.source === 'string';
    return ok ? { heap_used_bytes: doc.heap_used_bytes, source: doc.source } : null;
  } catch {
    return null;
  }
}

/**
 * The heap figure of a process job: the median of HEAP_STARTS probe starts. `start` runs one argv
 * and says whether that start ran as it should (null: the job was interrupted). Absent and named
 * in `unmeasured` (with the reason in `why`) where the kind has no probe or a probe start failed.
 * @param {import('../../../runtimes/registry.js').Runtime} rt
 * @param {string} script
 * @param {string} dir where the probe writes
 * @param {(argv: [string, string[]] | null, which: string) => Promise<boolean | null>} start
 * @returns {Promise<{metrics: Record<string, any>, unmeasured: string[], why: string | null} | null>}
 */
export async function heapMetrics(rt, script, dir, start) {
  const none = (/** @type {string} */ why) => ({ metrics: {}, unmeasured: ['heap_after_gc_bytes'], why });
  if (!rt.heap.file) return none(`unsupported: ${rt.heap.unsupported}`);
  const got = [];
  for (let i = 1; i <= HEAP_STARTS; i++) {
    const out = join(dir, `.parity-heap-${i}.json`);
    const which = `heap start ${i} of ${HEAP_STARTS}`;
    const ok = await start(heapArgv(rt, script, out), which);
    if (ok === null) return null;
    const h = ok ? readHeap(out) : null;
    if (!h) return none(`${which} (${rt.heap.file}) ${ok ? 'wrote no heap figure' : 'failed'}`);
    got.push(h);
  }
  return {
    metrics: heapMetric(got, `${HEAP_STARTS} extra starts in the first round, not timed`),
    unmeasured: [],
    why: null,
  };
}

/**
 * The heap metric of a job from its readings: their median, under one label for every runtime (a
 * table's title comes from its first row's); each row's source is the metric's `source`, and the
 * memory table's legend names all of them.
 * @param {{heap_used_bytes: number, source: string}[]} got
 * @param {string} of which starts the readings came from
 */
export function heapMetric(got, of) {
  const label = `heap after GC, the runtime's own figure (each engine counts its heap its own way); median of ${of}`;
  const value = median(got.map((h) => h.heap_used_bytes));
  return { heap_after_gc_bytes: { value, unit: 'bytes', better: 'lower', label, source: got[0].source } };
}
