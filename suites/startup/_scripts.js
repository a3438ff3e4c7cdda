// The start-up suite's fixed scripts (in _scripts/), and the check of what each prints.
import { fileURLToPath } from 'node:url';

/**
 * A command that runs one of _scripts/ as it is.
 * @param {string} file
 */
export const scriptCommand = (file) => () => ({
  script: fileURLToPath(new URL(`./_scripts/${file}`, import.meta.url)),
});

/**
 * A verify that wants exactly `line` on stdout (an empty string: nothing at all).
 * @param {string} line
 */
export const printsExactly = (line) => (/** @type {string} */ stdout) => {
  if (stdout.trim() !== line)
    throw new Error(`expected ${JSON.stringify(line)}, got ${JSON.stringify(stdout.slice(0, 80))}`);
};
