// `runtimes`: every runtime id with its version, engine and binary, and the setup check that
// each pinned runtime is a native binary (a JS shim would be measured instead of the runtime).
import { readFileSync } from 'node:fs';
import { probeRuntime } from './drivers/index.js';
import { displayPath, loadRegistry, resolveRuntime, runtimeIds } from './registry.js';

/** A pinned runtime whose binary is a JS shim would be measured as the shim: refuse it. */
function isNativeBinary(path) {
  try {
    return readFileSync(path).subarray(0, 4).toString('latin1') === '\x7fELF';
  } catch {
    return false;
  }
}

/** `runtimes`: every id with version, engine and binary, or how to install it. */
export function listRuntimes({ check = false } = {}) {
  const registry = loadRegistry();
  const ids = runtimeIds(registry);
  if (check) {
    const bad = ids
      .map((id) => resolveRuntime(id, registry))
      .filter((rt) => rt.package && rt.id === rt.base && !isNativeBinary(rt.bin));
    for (const rt of bad) {
      process.stderr.write(
        `setup: ${displayPath(rt.bin)} is not a native binary (a JS shim or missing): rerun make setup\n`,
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
  return 0;
}
