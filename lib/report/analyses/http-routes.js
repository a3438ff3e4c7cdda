// How the HTTP suite's tables name a route: workload and params without concurrency.
import { paramsKey } from '../../measure/workload.js';

/** The route label of a row: workload and params without concurrency. */
export const routeOf = (r) => {
  const { concurrency, ...rest } = r.params ?? {};
  const k = paramsKey(rest);
  return k ? `${r.workload} ${k}` : r.workload;
};
