// The steps every bench job takes around its timing, whoever times it: the in-process harness
// (lib/measure/harness.js, mitata) and workerd's job server (runners/workerd/serve-job.js, timed
// from outside). Runtime-agnostic and free of timing code and node: imports, so workerd's bundle
// can hold it. `at` is the job's phase, kept current so that an error names where it happened.
import { checkUnits, missingRequirements, validateWorkload, verifyLastCall } from './workload.js';

/** @typedef {{phase: string}} At */

/** One line for an error a job hit. @param {unknown} e */
export const errorText = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}`);

/**
 * Validate, check requirements, set up, make the first call and verify it.
 * @param {any} mod the workload module's default export
 * @param {string} id `suite/name`
 * @param {any} params
 * @param {any} ctx what setup is told beyond its parameters (context.js setupContext)
 * @param {At} at
 * @param {() => number} [now] a clock in ns, to time the first call
 * @returns {Promise<{unsupported: string, w: any} | {unsupported: null, w: any, state: any, units: number, async: boolean, firstNs: number}>}
 */
export async function prepare(mod, id, params, ctx, at, now = () => 0) {
  at.phase = 'load';
  const w = validateWorkload(mod, id);
  at.phase = 'requires';
  const missing = await missingRequirements(w.requires);
  if (missing.length) return { unsupported: `missing ${missing.join(', ')}`, w };
  at.phase = 'setup';
  const state = w.setup ? await w.setup(params ?? {}, ctx) : {};
  at.phase = 'verify';
  const t0 = now();
  const first = w.run(state);
  const async = first instanceof Promise;
  const units = checkUnits(await first);
  const firstNs = now() - t0;
  await w.verify(state, units);
  return { unsupported: null, w, state, units, async, firstNs };
}

/**
 * Verify the last call (a workload that only works on its first call is wrong, not fast), then
 * the workload's own report and metrics. `lastOut`: what the last timed call returned, when the
 * timer kept it; without it one more call is made and verified (workload.js verifyLastCall).
 * @param {any} w
 * @param {any} state
 * @param {number} units
 * @param {At} at
 * @param {unknown} [lastOut]
 */
export async function finish(w, state, units, at, lastOut) {
  at.phase = 'verify-after';
  await verifyLastCall(w, state, units, lastOut);
  at.phase = 'report';
  const report = w.report ? await w.report(state) : undefined;
  const metrics = w.metrics ? await w.metrics(state) : undefined;
  return { ...(report === undefined ? {} : { report }), ...(metrics === undefined ? {} : { metrics }) };
}

/**
 * What a job that threw becomes: `unsupported` when setup said the runtime cannot (an Unsupported
 * error), an error naming the phase otherwise.
 * @param {unknown} e
 * @param {At} at
 */
export function failure(e, at) {
  if (e instanceof Error && e.name === 'Unsupported' && at.phase === 'setup') {
    return { status: 'unsupported', error: e.message, phase: at.phase };
  }
  return { status: 'error', error: errorText(e), phase: at.phase };
}

/** Run a workload's teardown; a failing one must not hide the job's own status. */
export async function teardown(w, state) {
  if (!w?.teardown || state === undefined) return;
  try {
    await w.teardown(state);
  } catch {
    // the job's status stands
  }
}
