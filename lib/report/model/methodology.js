// Methodology lint: before any number is printed, say where the sides of a comparison were not
// configured alike, the confounders that started public benchmark fights (React in dev mode
// because NODE_ENV was unset on one side, GC hooks on one side only, undeclared flags, a busy
// machine). Warnings in the table, or an error with STRICT=1.
// Everything is read from the file, so a file warns the same in any checkout.

/**
 * @param {any} doc a results document
 * @returns {string[]} one line per problem, empty when the comparison is configured alike
 */
export function methodologyWarnings(doc) {
  const out = [];
  const rts = doc.runtimes ?? [];
  const envOf = (r) => r.env?.NODE_ENV ?? doc.fingerprint?.node_env ?? '(unset)';
  const envs = new Map(rts.map((r) => [r.id, envOf(r)]));
  if (new Set(envs.values()).size > 1) {
    out.push(
      `NODE_ENV differs between runtimes (${[...envs].map(([id, v]) => `${id}: ${v}`).join(', ')}): libraries such as React run a different build`,
    );
  }
  // Per job (the HTTP suite records the server's NODE_ENV in each row): the sides of one row differ.
  const jobEnvs = new Map();
  for (const r of doc.results ?? []) {
    if (r.status !== 'ok' || r.report?.node_env === undefined) continue;
    const key = `${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
    const byRt = jobEnvs.get(key) ?? new Map();
    byRt.set(r.runtime, r.report.node_env);
    jobEnvs.set(key, byRt);
  }
  const differing = [...jobEnvs].filter(([, byRt]) => new Set(byRt.values()).size > 1);
  if (differing.length) {
    const [key, byRt] = differing[0];
    out.push(
      `NODE_ENV of the server differs between runtimes in ${differing.length} row(s), e.g. ${key}: ${[...byRt].map(([id, v]) => `${id}: ${v}`).join(', ')}`,
    );
  }
  const gcBy = new Map();
  for (const r of doc.results ?? []) if (r.gc) gcBy.set(r.runtime, r.gc === 'none' ? 'none' : 'exposed');
  if (new Set(gcBy.values()).size > 1) {
    const none = [...gcBy].filter(([, g]) => g === 'none').map(([id]) => id);
    out.push(
      `GC is exposed on some runtimes but not on ${none.join(', ')}: the harness collects between samples on one side only`,
    );
  }
  for (const r of rts) {
    // The file says whether the id was a declared variant when it ran (files before that field: no claim).
    if ((r.flags?.length || r.preload) && r.variant === false) {
      out.push(
        `${r.id} ran with ${r.flags?.length ? `flags ${r.flags.join(' ')}` : ''}${r.flags?.length && r.preload ? ' and ' : ''}${r.preload ? `preload ${r.preload}` : ''} but is not a declared variant in runners/runtimes.json`,
      );
    }
  }
  const f = doc.fingerprint ?? {};
  if (f.loadavg_start && f.cores && f.loadavg_start[0] > f.cores * 0.5) {
    out.push(
      `the machine was busy when the run started (load ${f.loadavg_start[0]} on ${f.cores} cores): other work shared the CPU`,
    );
  }
  return out;
}
