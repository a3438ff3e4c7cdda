// workerd's shared-checks collector: a module worker that runs the checks of the suites embedded
// in its config (conformance/checks/<suite>.js, imported by the generated entry) when the driver
// POSTs, and streams one JSON line per check back, the same lines lib/conformance/checks-collect.js
// appends on the process runtimes, judged by the same runCheck.
import { runCheck } from '../../lib/conformance/check-run.js';

/**
 * @param {Record<string, Array<{id: string, fn: () => unknown}>>} suites  checks by suite
 */
export function checksWorker(suites) {
  return {
    async fetch() {
      const { readable, writable } = new TransformStream();
      const writer = writable.getWriter();
      const encoder = new TextEncoder();
      (async () => {
        for (const [suite, checks] of Object.entries(suites)) {
          for (const c of checks) {
            const started = performance.now();
            const { ok, error } = await runCheck({ ...c, name: `${suite}/${c.id}` });
            const ms = Math.round(performance.now() - started);
            await writer.write(encoder.encode(`${JSON.stringify({ suite, id: c.id, ok, error, ms })}\n`));
          }
        }
        await writer.close();
      })();
      return new Response(readable, { headers: { 'content-type': 'application/x-ndjson' } });
    },
  };
}
