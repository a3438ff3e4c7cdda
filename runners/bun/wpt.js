// Bun WPT host adapter: classic scripts via node:vm, uncaught errors via process events,
// GC from Bun.gc so common/gc.js collects as it does under V8's --expose-gc.
import { runInThisContext } from 'node:vm';
import { runHost } from '../../lib/conformance/wpt-host.js';

await runHost({
  kind: 'bun',
  runScript: (code, filename) => runInThisContext(code, { filename }),
  catchUncaught(onError, onRejection) {
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onRejection);
  },
  gc: () => Bun.gc(true),
  args: process.argv.slice(2),
  exit: (code) => process.exit(code),
});
