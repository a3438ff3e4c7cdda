// Web Worker side of the workers check: double a number and post it back.
const scope = /** @type {any} */ (globalThis);
scope.onmessage = (/** @type {MessageEvent} */ e) => scope.postMessage(e.data * 2);
