// A server job's start, shared by the HTTP jobs and the start-up suite's http-first-200: which
// module the server serves, and the first 200 from its /healthz.
import { dirname, join } from 'node:path';

/**
 * The path of the module a server job serves: the workload's `server`, relative to its file, as a
 * bench job's workload is named by its path.
 * @param {{server: string}} w
 * @param {string} file the workload's path
 */
export const servedModule = (w, file) => join(dirname(file), w.server);

/** Poll GET /healthz every 5 ms until it answers 200; resolves with the time it did (performance.now). Also the start-up suite's http-first-200. */
export async function firstOk(port, untilMs, gone) {
  for (;;) {
    if (gone.ended) throw new Error('the server exited before it answered /healthz');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      await r.arrayBuffer();
      if (r.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > untilMs) throw new Error('the server did not answer /healthz with 200 within 30 s');
    await new Promise((res) => setTimeout(res, 5));
  }
}
