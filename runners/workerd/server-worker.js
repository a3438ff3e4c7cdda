// workerd's side of a server job: the module the job names, as a module worker's fetch handler.
// lib/runtimes/drivers/workerd.js bundles an entry that imports that module and this file (esbuild,
// as wrangler does) with NODE_ENV defined for the job, and serves it on 127.0.0.1.

/**
 * The module worker for a served module (lib/measure/server-job.js's Served): its fetch handler only.
 * @param {{fetch: (request: Request, env?: unknown, ctx?: any) => Response | Promise<Response>}} served
 */
export const serverWorker = (served) => ({
  /** @param {Request} request @param {unknown} env @param {any} ctx */
  fetch: (request, env, ctx) => served.fetch(request, env, ctx),
});
