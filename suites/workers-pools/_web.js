// A web Worker pool host (the global Worker, module type).
import { answer } from './_host.js';

const scope = /** @type {any} */ (globalThis);
scope.onmessage = (/** @type {MessageEvent} */ e) =>
  answer(e.data, (reply, transfer) => scope.postMessage(reply, transfer));
scope.postMessage({ ready: true });
