// `runtimes`: every runtime id with its version, engine and binary, and the setup check that
// each pinned runtime is a native binary (a JS shim would be measured instead of the runtime).

import { displayPath } from '../paths.js';
import { identifyFile, nativeProblem } from './binfmt.js';
import { cacheLines } from './cache.js';
import { probeRuntime } from './drivers/index.js';
import { loadRegistry, resolveRuntime, runtimeIds } from './registry.js';

/** `runtimes`: every id with version, engine and binary, or how to install it. */
export function listRuntimes({ check = false } = {}) {
  const registry = loadRegistry();
  const ids = runtimeIds(registry);
  if (check) {
    // A runtime with no build for this platform is not a failed setup: it is listed and skipped.
    const pinned = ids.map((id) => resolveRuntime(id, registry)).filter((rt) => rt.package && rt.id === rt.base);
    for (const rt of pinned.filter((r) => r.unavailable)) {
      process.stdout.write(`setup: ${rt.id} is unavailable here: ${rt.unavailable}\n`);
    }
    const bad = pinned
      .filter((rt) => !rt.unavailable)
      .map((rt) => ({ rt, why: nativeProblem(identifyFile(rt.bin)) }))
      .filter((b) => b.why);
    for (const { rt, why } of bad) {
      process.stderr.write(
        `setup: ${displayPath(rt.bin)} is not a native binary for this machine (${why}): rerun make setup\n`,
      );
    }
    if (!bad.length) process.stdout.write('setup: runtimes are native binaries; see make runtimes\n');
    return bad.length ? 1 : 0;
  }
  const rows = ids.map((id) => {
    const rt = resolveRuntime(id, registry);
    const v = probeRuntime(rt);
    const engine = v.engine ? `${v.engine} ${v.engine_version}` : '';
    const extra = v.compatibility_date ? `compatibility date ${v.compatibility_date}` : '';
    return [
      id,
      v.version ?? 'not installed',
      engine,
      v.error ? v.error : displayPath(rt.bin),
      [rt.note, extra].filter(Boolean).join('; '),
    ];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) {
    const line = r.map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c)).join('  ');
    process.stdout.write(`${line.trimEnd()}\n`);
  }
  process.stdout.write(`${cacheLines().join('\n')}\n`);
  return 0;
}
