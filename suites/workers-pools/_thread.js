// A worker_threads pool host.
import { parentPort } from 'node:worker_threads';
import { answer } from './_host.js';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (m) => answer(m, (reply, transfer) => port.postMessage(reply, transfer)));
port.postMessage({ ready: true });
