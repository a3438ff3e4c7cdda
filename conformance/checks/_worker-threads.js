// node:worker_threads side of the workers check: double a number and post it back.
import { parentPort } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (n) => port.postMessage(n * 2));
