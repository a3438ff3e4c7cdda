// The HTTP suite's routes by name, for the workloads that run another workload's route: the
// plain handlers (plain.js) and the open-loop curve (open-loop.js). A route with parameters of
// its own (react-ssr) is run with their first values.
import echo from './echo.js';
import jsonReviver from './json-reviver.js';
import jsonSmall from './json-small.js';
import reactSsr from './react-ssr.js';
import renderBuffered from './render-buffered.js';
import renderStream from './render-stream.js';

/** @type {Record<string, any>} */
export const ROUTES = Object.fromEntries(
  [jsonSmall, renderStream, renderBuffered, jsonReviver, echo, reactSsr].map((w) => [w.name, w]),
);

/** The route's own parameters at their first values (concurrency left out: the caller sets it). */
export function routeParams(name) {
  const { concurrency: _, ...own } = ROUTES[name].params ?? {};
  return Object.fromEntries(Object.entries(own).map(([k, vs]) => [k, vs[0]]));
}
