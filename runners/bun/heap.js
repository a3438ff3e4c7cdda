// The start-up suite's heap probe (lib/run/shapes/process/heap.js; see runners/node/heap.js): import the
// script, a full GC, then bun's own heap in use (JavaScriptCore's), as JSON to the file named second.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ownHeap } from './own-heap.js';

const [script, out] = process.argv.slice(2);
if (!script || !out) throw new Error(`usage: bun heap.js <script> <out.json>, got ${process.argv.slice(2)}`);
await import(pathToFileURL(script).href);
writeFileSync(out, JSON.stringify(ownHeap()));
