// Deno WPT host adapter: classic scripts via node:vm (Deno has no other way to evaluate a
// script in the global lexical scope), uncaught errors via the global's own events.
import { runInThisContext } from 'node:vm';
import { runHost } from '../../lib/conformance/wpt-host.js';

await runHost({
  kind: 'deno',
  runScript: (code, filename) => runInThisContext(code, { filename }),
  catchUncaught(onError, onRejection) {
    globalThis.addEventListener('error', (e) => {
      e.preventDefault();
      onError(e.error);
    });
    globalThis.addEventListener('unhandledrejection', (e) => {
      e.preventDefault();
      onRejection(e.reason);
    });
  },
  gc: typeof globalThis.gc === 'function' ? globalThis.gc : null,
  args: Deno.args,
  exit: (code) => Deno.exit(code),
});
