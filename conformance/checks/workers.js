// Concurrency and processes: web Worker, node:worker_threads and node:child_process are usable.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import process from 'node:process';
import { Worker as ThreadWorker } from 'node:worker_threads';

const within = (promise, ms, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref?.(),
    ),
  ]);

export default [
  {
    id: 'web-worker',
    async fn() {
      assert.equal(typeof globalThis.Worker, 'function', 'a global Worker constructor exists');
      const worker = new globalThis.Worker(new URL('./_worker.js', import.meta.url), { type: 'module' });
      try {
        const answer = new Promise((resolve, reject) => {
          worker.onmessage = (e) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
        });
        worker.postMessage(21);
        assert.equal(await within(answer, 5000, 'Worker'), 42);
      } finally {
        worker.terminate();
      }
    },
  },
  {
    id: 'worker-threads',
    async fn() {
      const worker = new ThreadWorker(new URL('./_worker-threads.js', import.meta.url));
      try {
        const answer = new Promise((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        worker.postMessage(21);
        assert.equal(await within(answer, 5000, 'worker_threads Worker'), 42);
      } finally {
        await worker.terminate();
      }
    },
  },
  {
    id: 'child-process',
    async fn() {
      // Every runtime answers --version, so the child is the runtime itself with no script.
      const out = await new Promise((resolve, reject) => {
        execFile(process.execPath, ['--version'], { timeout: 10_000 }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        );
      });
      assert.match(out, /\d+\.\d+\.\d+/);
    },
  },
];
