// The node+fast-webstreams variant must really measure experimental-fast-webstreams: after the
// preload the Web Streams globals are the library's, in-process and through the runner.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const preload = new URL('./fast-webstreams.js', import.meta.url).href;

test('preload replaces ReadableStream, WritableStream and TransformStream with the fast ones', async () => {
  const native = [globalThis.ReadableStream, globalThis.WritableStream, globalThis.TransformStream];
  await import(preload);
  const lib = await import('experimental-fast-webstreams');
  assert.notEqual(globalThis.ReadableStream, native[0]);
  assert.notEqual(globalThis.WritableStream, native[1]);
  assert.notEqual(globalThis.TransformStream, native[2]);
  assert.ok(new ReadableStream({ pull() {} }) instanceof lib.FastReadableStream);
  assert.ok(new WritableStream({}) instanceof lib.FastWritableStream);
  assert.ok(new TransformStream({}) instanceof lib.FastTransformStream);
});

test('a runner job with the preload reports the fast constructors in its row', () => {
  const job = {
    id: 'streams/construct-readable',
    workload: new URL('../../suites/streams/construct-readable.js', import.meta.url).href,
    params: {},
    min_ms: 5,
    min_samples: 3,
    preload,
  };
  const line = execFileSync(process.execPath, ['--expose-gc', 'runners/node/bench.js', JSON.stringify(job)], {
    cwd: root,
    encoding: 'utf8',
  });
  const row = JSON.parse(line);
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.report.ReadableStream, '_PatchedReadableStream');
  assert.equal(row.report.WritableStream, 'FastWritableStream');
});
