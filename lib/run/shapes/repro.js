// The command a user can paste to rerun one job of a shape the orchestrator runs itself (server,
// process): the CLI with the job's runtime, suite, workload and parameters, one round.
import { paramsKey } from '../../measure/workload.js';
import { shellQuote } from '../../runtimes/drivers/process.js';

/** @param {{runtime: {id: string}, workload: {suite: string, name: string}, params: Record<string, string | number>}} job */
export function cliRepro(job) {
  const params = paramsKey(job.params);
  return `node lib/run/cli.js run --runtimes ${shellQuote(job.runtime.id)} --suite ${job.workload.suite} --workload ${job.workload.name}${params ? ` --params ${shellQuote(params)}` : ''} --rounds 1`;
}
