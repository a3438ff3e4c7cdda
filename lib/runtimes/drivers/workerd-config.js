// The pieces of a workerd job's config that every workerd job shares (the bench job, the HTTP
// server and the WPT host): which modules a file needs, the capnp config on 127.0.0.1 with an
// outbound network that allows loopback, and the port workerd reports on its control fd.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../../paths.js';

/** Static relative imports of a module's source (`import … from './x.js'`, `export … from`). */
function relativeImports(source) {
  return [
    ...source.matchAll(
      /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2]);
}

/** Every module a file needs, itself first, as paths relative to the project root. */
export function moduleClosure(file) {
  const seen = new Set();
  const queue = [resolve(file)];
  while (queue.length) {
    const f = /** @type {string} */ (queue.shift());
    if (seen.has(f)) continue;
    seen.add(f);
    for (const spec of relativeImports(readFileSync(f, 'utf8'))) queue.push(resolve(dirname(f), spec));
  }
  return [...seen].map((f) => relative(ROOT, f));
}

/**
 * The capnp config of one job: an entry module that hands the workload to serve-job.js, every
 * module by its project-relative name (so relative imports resolve unchanged), on 127.0.0.1:0.
 */
export function workerdConfig(rt, workloadFile, id, dir) {
  const entry = `import w from './${relative(ROOT, workloadFile)}';\nimport { serveJob } from './runners/workerd/serve-job.js';\nexport default serveJob(w, ${JSON.stringify(id)});\n`;
  writeFileSync(join(dir, 'entry.js'), entry);
  const modules = [
    ...new Set([...moduleClosure(workloadFile), ...moduleClosure(join(ROOT, 'runners', 'workerd', 'serve-job.js'))]),
  ];
  // The modules are copied beside the config under their project paths: the job's folder is
  // self-contained and the files run unchanged (import attributes load from date 2026-11-17).
  const lines = [`(name = "entry.js", esModule = embed "entry.js")`];
  for (const m of modules) {
    mkdirSync(dirname(join(dir, m)), { recursive: true });
    copyFileSync(join(ROOT, m), join(dir, m));
    // JSON modules (import … with { type: 'json' }) are workerd's `json` module type.
    lines.push(
      `(name = ${JSON.stringify(m)}, ${m.endsWith('.json') ? 'json' : 'esModule'} = embed ${JSON.stringify(m)})`,
    );
  }
  return capnpConfig(rt, lines);
}

/**
 * A capnp config serving one worker of the given module lines on 127.0.0.1 and a port the OS
 * picks (reported on --control-fd), with optional binding lines.
 * @param {any} rt
 * @param {string[]} lines
 * @param {string[]} [bindings]
 */
export function capnpConfig(rt, lines, bindings = []) {
  const c = rt.compat ?? {};
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .job),
    # workerd's default outbound network allows public addresses only; a workload that fetches
    # a server it started on 127.0.0.1 (streams/fetch-3-transforms) needs loopback.
    (name = "internet", network = (allow = ["public", "local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const job :Workerd.Worker = (
  modules = [
    ${lines.join(',\n    ')}
  ],
  bindings = [${bindings.join(', ')}],
  compatibilityDate = ${JSON.stringify(c.date ?? '2025-09-01')},
  compatibilityFlags = ${JSON.stringify(c.flags ?? [])},
  globalOutbound = "internet",
);
`;
}

/** The port workerd reports on its control fd once it listens. */
export function listenPort(control, timeoutMs) {
  return new Promise((res, rej) => {
    let text = '';
    const timer = setTimeout(() => rej(new Error(`workerd did not listen within ${timeoutMs} ms`)), timeoutMs);
    control.on('data', (d) => {
      text += d;
      for (const line of text.split('\n')) {
        try {
          const m = JSON.parse(line);
          if (m.event === 'listen') {
            clearTimeout(timer);
            res(m.port);
          }
        } catch {}
      }
    });
    control.on('close', () => rej(new Error('workerd exited before it listened')));
  });
}
