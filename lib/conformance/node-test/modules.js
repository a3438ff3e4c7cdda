// The node:* module a Node test file tests, decided by its name through conformance/node-test/modules.json
// (data, longest prefix wins), and the prefixes of the files no entry claims, so the map can grow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../paths.js';
import { NODE_TEST_OTHER } from '../../results/node-test.js';

/** Where the file → module map lives. */
export const MODULES_FILE = join(ROOT, 'conformance', 'node-test', 'modules.json');

/** The bucket of files no prefix claims. */
export const OTHER = NODE_TEST_OTHER;

/** @returns {{folders: Record<string, string>, prefixes: Record<string, string>}} */
export function loadModuleMap(file = MODULES_FILE) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  return { folders: data.folders ?? {}, prefixes: data.prefixes ?? {} };
}

/**
 * The module of a test file given by its path under test/ ("parallel/test-fs-cp.js" → "fs"):
 * the longest prefix of its name, else its folder's module, else "other".
 * @param {string} file
 * @param {{folders: Record<string, string>, prefixes: Record<string, string>}} map
 */
export function moduleOf(file, map) {
  const name = file.slice(file.lastIndexOf('/') + 1);
  let best = '';
  for (const p of Object.keys(map.prefixes)) if (name.startsWith(p) && p.length > best.length) best = p;
  if (best) return map.prefixes[best];
  for (const [folder, mod] of Object.entries(map.folders)) if (file.startsWith(folder)) return mod;
  return OTHER;
}
