// The start-up suite's heap probe (lib/run/shapes/process/heap.js; see runners/node/heap.js): import the
// script, a full GC, then deno's own heap in use, as JSON to the file named second.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ownHeap } from './own-heap.js';

const [script, out] = Deno.args;
if (!script || !out)
  throw new Error(`usage: deno run --v8-flags=--expose-gc heap.js <script> <out.json>, got ${Deno.args}`);
await import(pathToFileURL(script).href);
const doc = ownHeap();
if (doc.heap_used_bytes === null) throw new Error('globalThis.gc is not exposed: run with --v8-flags=--expose-gc');
writeFileSync(out, JSON.stringify(doc));
