// Node's own heap in use after a full GC, as node reports it: the one reading behind the server's
// /__parity/heap (server.js, HTTP memory figures) and the start-up heap probe (heap.js).
// heap_used_bytes is null where gc is not exposed (started without --expose-gc).
export function ownHeap() {
  const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
  if (gc) gc();
  return {
    heap_used_bytes: gc ? process.memoryUsage().heapUsed : null,
    source: 'process.memoryUsage().heapUsed after globalThis.gc() (--expose-gc)',
  };
}
