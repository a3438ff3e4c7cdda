// Bun's own heap in use after a full GC, JavaScriptCore's (see runners/node/own-heap.js): behind
// the server's /__parity/heap and the start-up heap probe.
// A specifier in a variable: tsc has no types for bun's built-in modules.
const JSC = 'bun:jsc';
const { heapStats } = await import(JSC);

export function ownHeap() {
  Bun.gc(true);
  return { heap_used_bytes: heapStats().heapSize, source: 'bun:jsc heapStats().heapSize after Bun.gc(true)' };
}
