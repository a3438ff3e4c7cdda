// The workload contract: validation, parameter grids and requirement checks.
// Runtime-agnostic: imported by the orchestrator (to plan jobs) and by every runner.

const UNITS = ['bytes', 'ops'];

/**
 * Thrown by a workload's setup when the runtime cannot do what one parameter set needs (a server
 * socket in a runtime that has `node:http` but cannot listen): the job is `unsupported` with the
 * message as its reason, not an error. `requires` is the first choice; this is for what only
 * trying can tell.
 */
export class Unsupported extends Error {
  name = 'Unsupported';
}

/**
 * Throw a one-line error naming what is wrong with a workload module's default export.
 * @param {any} w the default export
 * @param {string} id the workload id (`suite/name`) for the message
 */
export function validateWorkload(w, id) {
  const fail = (what) => {
    throw new Error(`Workload ${id}: ${what}`);
  };
  if (!w || typeof w !== 'object') fail('default export must be a plain object');
  const base = id.split('/').pop();
  if (w.name !== base) fail(`name must be "${base}" (the file name), got ${JSON.stringify(w.name)}`);
  if (shapeOf(w) === 'server') {
    // A server workload: a request to a server the runtime runs, and a check of each response;
    // the server and the load are the orchestrator's job shape, which checks its own parameters.
    if (w.unit !== 'requests') fail(`a server workload's unit must be "requests", got ${JSON.stringify(w.unit)}`);
    if (w.run !== undefined) fail('a server workload has request(params) instead of run');
    if (typeof w.verify !== 'function') fail('verify must be a function (it checks every response)');
    if (w.serverEnv !== undefined && typeof w.serverEnv !== 'function') fail('serverEnv must be a function of params');
    if (typeof w.server !== 'string' || !w.server.startsWith('.'))
      fail(
        `server must name the module the runtime serves, relative to the workload (e.g. './_server.js'), got ${JSON.stringify(w.server)}`,
      );
  } else if (shapeOf(w) === 'process') {
    // A whole-process workload: a script the runtime runs from start to exit, many times per job;
    // the orchestrator times each process from outside (lib/run/shapes/process/).
    if (w.unit !== 'starts') fail(`a process workload's unit must be "starts", got ${JSON.stringify(w.unit)}`);
    if (w.run !== undefined) fail('a process workload has command(params, ctx) instead of run');
    if (typeof w.verify !== 'function') fail("verify must be a function (it checks each process's output)");
    if (w.heap !== undefined && typeof w.heap !== 'boolean')
      fail(
        `heap must be true or false (extra starts that read the heap after a full GC), got ${JSON.stringify(w.heap)}`,
      );
  } else {
    if (!UNITS.includes(w.unit)) fail(`unit must be one of ${UNITS.join(', ')}, got ${JSON.stringify(w.unit)}`);
    for (const fn of ['run', 'verify']) if (typeof w[fn] !== 'function') fail(`${fn} must be a function`);
  }
  if (w.setup !== undefined && typeof w.setup !== 'function') fail('setup must be a function when present');
  validateGrid(w.params ?? {}, `${id} params`);
  if (w.quick !== undefined) {
    validateGrid(w.quick, `${id} quick`);
    for (const [k, vs] of Object.entries(w.quick)) {
      if (!(k in (w.params ?? {}))) fail(`quick.${k} is not a key of params`);
      for (const v of vs)
        if (!w.params[k].includes(v)) fail(`quick.${k} value ${JSON.stringify(v)} is not in params.${k}`);
    }
  }
  for (const fn of ['teardown', 'report', 'metrics', 'checkParams']) {
    if (w[fn] !== undefined && typeof w[fn] !== 'function') fail(`${fn} must be a function when present`);
  }
  if (w.open !== undefined) {
    if (!Array.isArray(w.open) || !w.open.every((k) => typeof k === 'string' && k in (w.params ?? {}))) {
      fail('open must be an array of keys of params (the parameters a user may set to any value)');
    }
    if (typeof w.checkParams !== 'function')
      fail('a workload with open parameters needs checkParams(params) to check them');
  }
  for (const key of ['requires', 'conformance']) {
    if (w[key] !== undefined && !(Array.isArray(w[key]) && w[key].every((r) => typeof r === 'string'))) {
      fail(`${key} must be an array of strings`);
    }
  }
  return w;
}

/**
 * The job shape a workload declares by what it exports: `run` is measured in-process by the
 * harness (`bench`); `request(params)` is answered by a server the runtime runs under an external
 * load (`server`); `command(params, ctx)` names a script the runtime runs as a whole process, many
 * times per job (`process`). The orchestrator picks the shape's job runner from this.
 * @param {any} w
 * @returns {'bench' | 'server' | 'process'}
 */
export const shapeOf = (w) =>
  typeof w?.request === 'function' ? 'server' : typeof w?.command === 'function' ? 'process' : 'bench';

/** Parameter values are non-empty arrays of numbers or of strings, never both (as in Node's benchmark/common.js). */
function validateGrid(grid, where) {
  if (!grid || typeof grid !== 'object' || Array.isArray(grid))
    throw new Error(`${where}: must be an object of arrays`);
  for (const [k, vs] of Object.entries(grid)) {
    if (!Array.isArray(vs) || vs.length === 0) throw new Error(`${where}.${k}: must be a non-empty array`);
    const types = new Set(vs.map((v) => typeof v));
    if (types.size !== 1 || !(types.has('number') || types.has('string'))) {
      throw new Error(`${where}.${k}: values must be all numbers or all strings, got ${JSON.stringify(vs)}`);
    }
  }
}

/**
 * Every combination of the grid, in declaration order.
 * @param {Record<string, (string|number)[]>} grid
 * @returns {Record<string, string|number>[]}
 */
export function expandGrid(grid) {
  let combos = [{}];
  for (const [k, vs] of Object.entries(grid)) {
    combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  }
  return combos;
}

/**
 * The parameter sets to run: the full grid, or in quick mode the quick subset
 * (keys missing from `quick` take the first value of `params`).
 */
export function paramSets(w, quick = false) {
  const params = w.params ?? {};
  if (!quick) return expandGrid(params);
  const grid = Object.fromEntries(Object.entries(params).map(([k, vs]) => [k, w.quick?.[k] ?? [vs[0]]]));
  return expandGrid(grid);
}

/** Stable text form of a parameter set: `chunk=1024 doc=rsc` ('' when there are none). */
export function paramsKey(params) {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** Follow a dotted path (`JSON.rawJSON`) from `root`; undefined when any step is missing. */
function lookup(root, path) {
  /** @type {any} */
  let v = root;
  for (const part of path.split('.')) v = v?.[part];
  return v;
}

/**
 * Check a workload's `requires` list in the current runtime. Entries are global paths
 * (`ReadableStream`, `JSON.rawJSON`), module specifiers (`node:stream`), or a path into a
 * module's exports after `#` (`node:stream#Readable.toWeb`).
 * @returns {Promise<string[]>} the requirements that are missing
 */
export async function missingRequirements(requires = []) {
  const missing = [];
  for (const r of requires) {
    if (!r.includes(':')) {
      if (lookup(globalThis, r) === undefined) missing.push(r);
      continue;
    }
    const [specifier, path] = r.split('#');
    try {
      const mod = await import(specifier);
      if (path && lookup(mod, path) === undefined && lookup(mod.default, path) === undefined) missing.push(r);
    } catch {
      missing.push(r);
    }
  }
  return missing;
}

/**
 * The units a run() call returned, or a one-line error when it is not a positive number.
 * @param {unknown} out
 */
export function checkUnits(out) {
  if (typeof out !== 'number' || !Number.isFinite(out) || out <= 0) {
    throw new Error(`run() must return the number of units done (a positive number), got ${String(out)}`);
  }
  return out;
}

/**
 * Verify again after measuring: a workload that only works on its first call is wrong, not fast,
 * and throughput (units per call over time per call) needs the same work every call. `lastOut` is
 * what the last timed call returned, when the timer kept it (the harness does: its timed function
 * stores every return, at the cost of the store mitata's do_not_optimize makes anyway); without
 * it one more call is made and verified.
 * @param {any} w the workload
 * @param {any} state
 * @param {number} units what the first call returned
 * @param {unknown} [lastOut]
 */
export async function verifyLastCall(w, state, units, lastOut) {
  const last = checkUnits(lastOut === undefined ? await w.run(state) : lastOut);
  await w.verify(state, last);
  if (last !== units) {
    throw new Error(
      `run() returned ${units} units on the first call and ${last} on the last; expected the same every call`,
    );
  }
}
