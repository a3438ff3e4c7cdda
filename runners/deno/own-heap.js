// Deno's own heap in use after a full GC (see runners/node/own-heap.js): behind the server's
// /__parity/heap and the start-up heap probe. null where gc is not exposed (--v8-flags=--expose-gc).
export function ownHeap() {
  const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
  if (gc) gc();
  return {
    heap_used_bytes: gc ? Deno.memoryUsage().heapUsed : null,
    source: 'Deno.memoryUsage().heapUsed after globalThis.gc() (--v8-flags=--expose-gc)',
  };
}
