// Each SSR app's page by name, for the workloads that run every app (open-loop.js): the request
// of its first page and its check.
import nextjs from './nextjs.js';
import react from './react.js';
import sveltekit from './sveltekit.js';
import vanilla from './vanilla.js';

/** @type {Record<string, any>} */
export const APPS = Object.fromEntries([vanilla, react, sveltekit, nextjs].map((w) => [w.name, w]));

/** An app's own parameters at their first values (concurrency left out). @param {string} app */
export function firstParams(app) {
  const { concurrency: _, ...own } = APPS[app].params ?? {};
  return Object.fromEntries(Object.entries(own).map(([k, vs]) => [k, vs[0]]));
}
