// Suites and workloads come from the filesystem: a folder under suites/ is a suite, a .js
// file in it is a workload unless it starts with "_" (private helper) or ends in .test.js.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateWorkload } from '../measure/workload.js';
import { ROOT } from '../paths.js';

export const SUITES_DIR = join(ROOT, 'suites');

/** Suite ids, sorted. */
export function listSuites(dir = SUITES_DIR) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .sort();
}

const isWorkloadFile = (f) => f.endsWith('.js') && !f.startsWith('_') && !f.endsWith('.test.js');

/**
 * Workload files of one suite as {id, suite, name, file}, sorted by name.
 * @param {string} suite
 */
export function listWorkloads(suite, dir = SUITES_DIR) {
  const folder = join(dir, suite);
  return readdirSync(folder)
    .filter(isWorkloadFile)
    .sort()
    .map((f) => {
      const name = f.slice(0, -3);
      return { id: `${suite}/${name}`, suite, name, file: join(folder, f) };
    });
}

/**
 * Import and validate every workload of the given suites (in the orchestrator's node).
 * A module that fails to load or validate is returned with `error` instead of `module`.
 */
export async function loadWorkloads(suites, dir = SUITES_DIR) {
  const out = [];
  for (const suite of suites) {
    for (const entry of listWorkloads(suite, dir)) {
      try {
        const mod = await import(pathToFileURL(entry.file).href);
        out.push({ ...entry, module: validateWorkload(mod.default, entry.id), error: null });
      } catch (e) {
        out.push({ ...entry, module: null, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  return out;
}
