// Preload for the node+fast-webstreams variant: replace the Web Streams globals with
// experimental-fast-webstreams before the workload module is imported. Any failure throws, so
// the job's row is an error instead of a silent measurement of the native streams.
const NativeReadableStream = globalThis.ReadableStream;
const NativeWritableStream = globalThis.WritableStream;
const NativeTransformStream = globalThis.TransformStream;

let lib;
try {
  lib = await import('experimental-fast-webstreams');
} catch (e) {
  const reason = e instanceof Error ? e.message : String(e);
  throw new Error(`Preload fast-webstreams cannot import experimental-fast-webstreams (run npm ci): ${reason}`);
}
if (typeof lib.patchGlobalWebStreams !== 'function') {
  throw new Error(
    `experimental-fast-webstreams exports no patchGlobalWebStreams function, got ${Object.keys(lib).join(', ')}`,
  );
}
lib.patchGlobalWebStreams();

const replaced = {
  ReadableStream: globalThis.ReadableStream !== NativeReadableStream,
  WritableStream: globalThis.WritableStream !== NativeWritableStream,
  TransformStream: globalThis.TransformStream !== NativeTransformStream,
};
const unchanged = Object.keys(replaced).filter((k) => !replaced[k]);
if (unchanged.length) {
  throw new Error(
    `patchGlobalWebStreams() left the native ${unchanged.join(', ')} in place, expected all three replaced`,
  );
}
