// Start a worker thread and wait for its first message (node:worker_threads: one API on node, deno and bun).
import { Worker } from 'node:worker_threads';

const worker = new Worker(new URL('./worker-child.mjs', import.meta.url));
worker.once('message', (m) => {
  console.log(`worker said ${m}`);
  worker.terminate();
});
worker.once('error', (e) => {
  throw e;
});
