// workerd's side of a job: a module worker whose fetch handler sets the workload up, runs it K
// times per request and verifies it, on the driver's command. Timing is the driver's: inside
// workerd, code generation from strings is blocked (mitata's loop builder cannot run) and
// performance.now() is coarse, so the driver times requests of K calls from outside.
import { checkUnits, missingRequirements, validateWorkload, verifyLastCall } from '../../lib/measure/workload.js';
import { learnOrigin, routed } from './loopback.js';

/** @param {any} _state */
const noop = (_state) => 0;

const errorText = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}`);

/**
 * The fetch handler for one workload module.
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
  let phase = 'load';
  const steps = {
    async setup(body) {
      phase = 'load';
      w = validateWorkload(mod, id);
      phase = 'requires';
      const missing = await missingRequirements(w.requires);
      if (missing.length) return { status: 'unsupported', error: `missing ${missing.join(', ')}`, phase, unit: w.unit };
      phase = 'setup';
      state = w.setup ? await w.setup(body.params ?? {}, { self: null, cores: body.cores ?? 1 }) : {};
      phase = 'verify';
      const first = w.run(state);
      async = first instanceof Promise;
      units = checkUnits(await first);
      await w.verify(state, units);
      return { status: 'ok', unit: w.unit, units_per_call: units, async };
    },
    async run(body) {
      phase = 'measure';
      const calls = body.calls ?? 1;
      // The same loop around a function that does nothing: the driver's no-op floor for `suspect`.
      if (body.noop) for (let i = 0; i < calls; i++) noop(state);
      else if (async) for (let i = 0; i < calls; i++) await w.run(state);
      else for (let i = 0; i < calls; i++) w.run(state);
      return { status: 'ok', calls };
    },
    async verify() {
      phase = 'verify-after';
      await verifyLastCall(w, state, units);
      phase = 'report';
      const report = w.report ? await w.report(state) : undefined;
      const metrics = w.metrics ? await w.metrics(state) : undefined;
      return {
        status: 'ok',
        ...(report === undefined ? {} : { report }),
        ...(metrics === undefined ? {} : { metrics }),
      };
    },
    async teardown() {
      if (w?.teardown && state !== undefined) await w.teardown(state);
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
        if (e instanceof Error && e.name === 'Unsupported' && phase === 'setup') {
          return Response.json({ status: 'unsupported', error: e.message, phase });
        }
        return Response.json({ status: 'error', error: errorText(e), phase });
      }
    },
  };
}
