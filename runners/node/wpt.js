// Node.js WPT host adapter: classic scripts via node:vm, uncaught errors via process events.
import process from 'node:process';
import { runInThisContext } from 'node:vm';
import { runHost } from '../../lib/conformance/wpt-host.js';

await runHost({
  kind: 'node',
  runScript: (code, filename) => runInThisContext(code, { filename }),
  catchUncaught(onError, onRejection) {
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onRejection);
  },
  gc: typeof globalThis.gc === 'function' ? globalThis.gc : null,
  args: process.argv.slice(2),
  exit: (code) => process.exit(code),
});
