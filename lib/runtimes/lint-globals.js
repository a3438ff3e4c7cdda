// biome.json cannot read the registry, so its rule against runtime globals in suites/** is written
// from it: every kind's kind.json names the globals only its runtime has (`globals`), and this file
// computes the rule's list and, run with --write, puts it into biome.json. lint-globals.test.js
// fails when biome.json and the kinds disagree.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../paths.js';
import { kindIds, loadRegistry, REGISTRY_FILE } from './registry.js';

export const BIOME_FILE = join(ROOT, 'biome.json');

/**
 * The denied globals of suites/** from the kinds' `globals`: {name: message}.
 * @returns {Record<string, string>}
 */
export function deniedGlobals(registry = loadRegistry(REGISTRY_FILE)) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const kind of kindIds(registry)) {
    for (const [name, instead] of Object.entries(registry.kinds[kind].globals ?? {})) {
      if (name !== '$comment') out[name] = `Runtime-specific (${kind}): suites/ must be runtime-agnostic; ${instead}`;
    }
  }
  return out;
}

/** The rule's options object inside a parsed biome.json (the override for suites/**). */
export function biomeRule(doc) {
  const o = doc.overrides?.find((x) => x.includes?.includes('suites/**'));
  return o?.linter?.rules?.style?.noRestrictedGlobals?.options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--write')) {
  const text = readFileSync(BIOME_FILE, 'utf8');
  if (!biomeRule(JSON.parse(text))) throw new Error(`${BIOME_FILE} has no noRestrictedGlobals rule for suites/**`);
  // Only the list is rewritten (the object holds no braces), so the rest keeps its layout.
  const out = text.replace(/"deniedGlobals":\s*\{[^}]*\}/, `"deniedGlobals": ${JSON.stringify(deniedGlobals())}`);
  writeFileSync(BIOME_FILE, out);
  execFileSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', BIOME_FILE], { stdio: 'inherit' });
}
