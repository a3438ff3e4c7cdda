// node:worker_threads side of the workers check: double a number and post it back.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (n) => parentPort.postMessage(n * 2));
