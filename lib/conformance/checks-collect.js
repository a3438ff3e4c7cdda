// Runs every shared check once inside the runtime that executes this file and appends one JSON
// line per check to the file named by the first argument; an optional second argument is a
// variant's preload module (its URL, lib/measure/preload.js), imported first. Runtime-neutral: the orchestrator
// (the checks command in lib/run/commands/checks.js, lib/conformance/run.js) judges the results against expectations.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { applyPreload } from '../measure/preload.js';
import { loadChecks, runCheck } from './checks-load.js';

const [out, preload] = process.argv.slice(2);
if (!out) throw new Error('Expected an output file path as the first argument');
await applyPreload(preload);
for (const check of await loadChecks()) {
  const started = performance.now();
  const { ok, error } = await runCheck(check);
  appendFileSync(
    out,
    `${JSON.stringify({ suite: check.suite, id: check.id, ok, error, ms: Math.round(performance.now() - started) })}\n`,
  );
}
// Workers or ports a failing check left behind must not keep the process alive.
process.exit(0);
