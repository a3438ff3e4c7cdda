// Start a worker thread and get its first message (node:worker_threads on every runtime).
import { printsExactly, scriptCommand } from './_scripts.js';

export default {
  name: 'worker',
  unit: 'starts',
  command: scriptCommand('worker.mjs'),
  verify: printsExactly('worker said ready'),
};
