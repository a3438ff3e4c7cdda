// Web Worker side of the workers check: double a number and post it back.
self.onmessage = (e) => self.postMessage(e.data * 2);
