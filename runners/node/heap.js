// The start-up suite's heap probe (lib/run/shapes/process/heap.js): import the script as its start would
// run it, then a full GC, then node's own heap in use, written as JSON to the file named second.
// Started with the kind's args (--expose-gc); an extra start after the timed ones, never timed.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ownHeap } from './own-heap.js';

const [script, out] = process.argv.slice(2);
if (!script || !out)
  throw new Error(`usage: node --expose-gc heap.js <script> <out.json>, got ${process.argv.slice(2)}`);
await import(pathToFileURL(script).href);
const doc = ownHeap();
if (doc.heap_used_bytes === null) throw new Error('globalThis.gc is not exposed: run with --expose-gc');
writeFileSync(out, JSON.stringify(doc));
