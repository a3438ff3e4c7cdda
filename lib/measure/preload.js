// A variant's preload (`preload` in runners/runtimes.json, e.g. runners/preload/fast-webstreams.js):
// one module imported in the runtime before anything else of a job. One road for every job that
// runs inside a runtime (bench, server, shared checks, WPT): the orchestrator passes
// `preloadUrl(rt)` in the job, and the runtime side calls `applyPreload` with it first.
import { pathToFileURL } from 'node:url';

/**
 * Orchestrator side: what a job carries for a runtime's preload, its file URL, or null.
 * @param {{preload?: string | null} | null | undefined} rt a resolved runtime (lib/runtimes/registry.js)
 * @returns {string | null}
 */
export const preloadUrl = (rt) => (rt?.preload ? pathToFileURL(rt.preload).href : null);

/**
 * Runtime side: import the preload a job names (preloadUrl's value), before the job's own modules.
 * @param {string | null | undefined} url
 */
export async function applyPreload(url) {
  if (url) await import(url);
}
