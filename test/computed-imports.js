// The computed import() calls of the project, read by test/layers.test.js: a computed import
// could reach any layer, so each one is here with why no literal could do.

/**
 * The computed `import()` calls the project means to have, each with why no literal could do:
 * `[file, argument as written, reason]`. A computed import not listed fails (even in a listed
 * file), and so does an entry that no longer matches, so the list stays what the code does.
 */
export const COMPUTED = [
  [
    'lib/run/shapes/server/apps/opennext-node.js',
    'pathToFileURL(worker).href',
    "the OpenNext worker of the SSR suite's Next.js build, in the build cache (results/.cache/ssr/): node serves that file",
  ],
  [
    'tools/ssr-crosscheck.js',
    'pathToFileURL(file).href',
    'the workload of each row of the run being cross-checked, a file of suites/ssr/, loaded for its request path',
  ],
  [
    'lib/measure/harness.js',
    'job.workload',
    'the job names its workload file: the bench harness loads it in the runtime',
  ],
  [
    'tools/slow-state-probe.js',
    'url',
    'the workload the probe is asked for (--workload suite/name), a file of suites/, loaded for its parameters',
  ],
  [
    'tools/slow-state/child.js',
    'job.workload',
    'the workload file the probe names, loaded in the runtime under test beside the calibration',
  ],
  [
    'lib/measure/preload.js',
    'url',
    "a variant's preload, named by the registry: the one road every job shape takes (applyPreload)",
  ],
  ['lib/measure/server-job.js', 'job.server', 'the server module a server job names (a workload names it)'],
  [
    'lib/measure/workload.js',
    'specifier',
    "a workload's `requires` names a built-in module (node:stream#Readable.toWeb): probing it is the point",
  ],
  [
    'lib/results/discover.js',
    'pathToFileURL(entry.file).href',
    'a workload is a file of suites/ (the path is the identity): each one found is loaded to validate it',
  ],
  [
    'lib/run/workflows/base-tree.js',
    'pathToFileURL(file).href',
    "the base tree's own lib/measure/protocol.js (make gate): another checkout's file, by its path",
  ],
  [
    'lib/run/shapes/server/load-client.js',
    'spec.workload',
    "the server job's workload file, for its request() and verify()",
  ],
  [
    'lib/conformance/node-test/run.js',
    'u',
    "a kind's Node-test adapter (workerd's), named by its runners/<kind>/node-test.json and absent until written: a missing module makes that column unsupported",
  ],
  [
    'lib/conformance/checks-load.js',
    'new URL(file, HERE).href',
    'the shared checks are the files of conformance/checks/, found by listing it',
  ],
  [
    'runners/bun/own-heap.js',
    'JSC',
    "bun:jsc through a constant, so that node's type check does not resolve a Bun-only module",
  ],
  ['runners/bun/heap.js', 'pathToFileURL(script).href', 'the start-up script the heap probe runs, named by the job'],
  ['runners/deno/heap.js', 'pathToFileURL(script).href', 'the start-up script the heap probe runs, named by the job'],
  ['runners/node/heap.js', 'pathToFileURL(script).href', 'the start-up script the heap probe runs, named by the job'],
  [
    'runners/workerd/loopback.js',
    'name',
    'cloudflare:node through a constant: only workerd has it, and the bundler must leave it to the runtime',
  ],
  ['runners/preload/fast-webstreams.test.js', 'preload', 'the preload by the URL the harness would import'],
  [
    'suites/workers-pools/_tasks.js',
    'a.url',
    'cold-start measures importing a freshly generated module: a new URL for every start',
  ],
  [
    'suites/workers-pools/pools.test.js',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template import, on purpose
    '`data:text/javascript,${encodeURIComponent(text)}`',
    'a generated module as a data: URL, to check what the generator wrote',
  ],
  ['suites/streams/streams.test.js', 'new URL(file, dir).href', 'every workload of the suite, found by listing it'],
  ['suites/streams/streams.test.js', "new URL('read-loop.js', dir).href", 'a workload by the URL the listing uses'],
  ['test/record.test.js', 'pathToFileURL(join(root, HOME)).href', 'the record module of a temporary copy of the repo'],
  [
    'test/record.test.js',
    "pathToFileURL(join(root, 'lib/runtimes/rows.js')).href",
    'the row mapping of a temporary copy of the repo',
  ],
  ['test/record.test.js', 'pathToFileURL(join(ROOT, HOME)).href', 'the same module of this checkout, to compare'],
];
