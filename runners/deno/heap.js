// The start-up suite's heap probe (lib/run/process/heap.js; see runners/node/heap.js): import the
// script, a full GC, then deno's own heap in use, as JSON to the file named second.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [script, out] = Deno.args;
if (!script || !out)
  throw new Error(`usage: deno run --v8-flags=--expose-gc heap.js <script> <out.json>, got ${Deno.args}`);
await import(pathToFileURL(script).href);
if (typeof globalThis.gc !== 'function')
  throw new Error('globalThis.gc is not exposed: run with --v8-flags=--expose-gc');
globalThis.gc();
const doc = {
  heap_used_bytes: Deno.memoryUsage().heapUsed,
  source: 'Deno.memoryUsage().heapUsed after globalThis.gc() (--v8-flags=--expose-gc)',
};
writeFileSync(out, JSON.stringify(doc));
