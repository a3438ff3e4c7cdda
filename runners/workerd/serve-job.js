// workerd's side of a job: a module worker whose fetch handler sets the workload up, runs it K
// times per request and verifies it, on the driver's command. Timing is the driver's: inside
// workerd, code generation from strings is blocked (mitata's loop builder cannot run) and
// performance.now() is coarse, so the driver times requests of K calls from outside.
import { failure, finish, prepare, teardown } from '../../lib/measure/steps.js';
import { learnOrigin, routed } from './loopback.js';

/** @param {any} _state */
const noop = (_state) => 0;

/**
 * The fetch handler for one workload module: the harness's own steps (lib/measure/steps.js), each
 * on the driver's command, with the driver's timing between them.
 * @param {any} mod the workload's default export
 * @param {string} id `suite/name`
 */
export function serveJob(mod, id) {
  /** @type {any} */
  let w = null;
  /** @type {any} */
  let state;
  let units = 0;
  let async = false;
  const at = { phase: 'load' };
  const steps = {
    async setup(body) {
      const ready = await prepare(mod, id, body.params, { self: null, cores: body.cores ?? 1 }, at);
      w = ready.w;
      if (ready.unsupported !== null)
        return { status: 'unsupported', error: ready.unsupported, phase: at.phase, unit: w.unit };
      ({ state, units, async } = ready);
      return { status: 'ok', unit: w.unit, units, async };
    },
    async run(body) {
      at.phase = 'measure';
      const calls = body.calls ?? 1;
      // The same loop around a function that does nothing: the driver's no-op floor for `suspect`.
      if (body.noop) for (let i = 0; i < calls; i++) noop(state);
      else if (async) for (let i = 0; i < calls; i++) await w.run(state);
      else for (let i = 0; i < calls; i++) w.run(state);
      return { status: 'ok', calls };
    },
    async verify() {
      return { status: 'ok', ...(await finish(w, state, units, at)) };
    },
    async teardown() {
      await teardown(w, state);
      return { status: 'ok' };
    },
    info() {
      return { status: 'ok', user_agent: navigator.userAgent };
    },
  };
  return {
    /** @param {Request} request */
    async fetch(request) {
      const loop = routed(request);
      if (loop) return loop;
      learnOrigin(new URL(request.url).origin);
      const step = new URL(request.url).pathname.slice(1);
      const fn = steps[step];
      if (!fn)
        return Response.json(
          { status: 'error', error: `Unknown step "${step}": valid are ${Object.keys(steps).join(', ')}` },
          { status: 404 },
        );
      const body = request.method === 'POST' ? await request.json() : {};
      try {
        return Response.json(await fn(body));
      } catch (e) {
        return Response.json(failure(e, at));
      }
    },
  };
}
