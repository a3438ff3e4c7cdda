// What a workload's setup is told beyond its parameters, and the run's generated inputs made
// once and read back by later jobs. Used by the in-process harness (lib/measure/harness.js).

/**
 * What a workload's setup is told about the job beyond its parameters: `self`, the command that
 * starts this same runtime with the same flags (a pool of child processes runs `self.bin
 * ...self.args script`), null where the driver starts no process of the kind (workerd); `cores`,
 * the machine's logical CPUs as the orchestrator counted them; `cached(key, make)`, an input
 * generated once per run (cachedInput).
 * @param {any} job
 * @returns {{self: {bin: string, args: string[]} | null, cores: number, cached: (key: string, make: () => any) => Promise<any>}}
 */
export function setupContext(job) {
  return {
    self: job.self ?? null,
    cores: job.cores ?? 1,
    cached: (/** @type {string} */ key, /** @type {() => any} */ make) => cachedInput(job.inputs_dir, key, make),
  };
}

/**
 * A generated input, made by the first job of a run that needs it and read back by the others
 * (`dir` is the run's own folder, removed when the run ends): the json documents took 100–370 ms
 * of every job to generate in a cold process, a third of a QUICK job. The value must be plain
 * JSON; a workload still verifies every output against it, so a bad file is an error, not a
 * result. Without a folder (workerd, a job run by hand) it is made in the job.
 * @param {string | undefined} dir
 * @param {string} key
 * @param {() => any} make
 */
async function cachedInput(dir, key, make) {
  if (!dir) return make();
  const fs = await import('node:fs');
  const file = `${dir}/${key.replace(/[^\w.-]/g, '_')}.json`;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // not made yet (or unreadable): make it
  }
  const value = await make();
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
  return value;
}
