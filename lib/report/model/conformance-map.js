// The ECMA-429 map behind the per-interface WPT table: which interfaces are rows (every one the
// run lists, with results or not), which fall under the "outside ECMA-429" heading, which WPT
// files are tentative (counted apart from the stable headline), and the line naming each
// directory's pinned WPT commit. Pure functions over what a results file records.

/**
 * An interface as a run records it (conformance/wpt.json's `interfaces`, copied into the
 * results file's wpt.interfaces): `dirs` empty when no WPT directory is pinned for it.
 * @typedef {{name: string, dirs: string[], ecma429?: boolean, upstream?: string}} MappedInterface
 */

/** A tentative WPT file: `.tentative.` in its name or a `tentative/` folder in its path. */
export const isTentative = (file) => /(^|[./])tentative([./]|$)/.test(String(file ?? '').replace(/[?#].*$/, ''));

/**
 * Interface names in table order: ECMA-429 ones first (as listed, then any the rows name that
 * the list lacks), then those outside ECMA-429. Without a list, every name is one section.
 * @param {string[]} seen  names the rows carry
 * @param {MappedInterface[] | undefined} interfaces
 * @param {string[]} order  names in print order when there is no list
 * @returns {{ecma: string[], outside: string[]}}
 */
export function interfaceSections(seen, interfaces, order = []) {
  if (!interfaces?.length) {
    const rank = (n) => (order.includes(n) ? order.indexOf(n) : order.length);
    return { ecma: [...seen].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)), outside: [] };
  }
  const listed = interfaces.map((i) => i.name);
  const extra = seen.filter((n) => !listed.includes(n)).sort();
  return {
    ecma: [...interfaces.filter((i) => i.ecma429 !== false).map((i) => i.name), ...extra],
    outside: interfaces.filter((i) => i.ecma429 === false).map((i) => i.name),
  };
}

/** The summary line of an interface no WPT file of the run tests. */
export function noWptLine(name, interfaces) {
  const i = interfaces?.find((x) => x.name === name);
  const where = i?.dirs?.length
    ? `${i.dirs.join(', ')} not in the WPT copy run`
    : (i?.upstream ?? 'no directory pinned');
  return `${name}: no WPT in this copy (${where})`;
}

/** "WPT commits: dom/abort dc928169ee38, …" from the results file's wpt.commits, or null. */
export function commitsLine(commits) {
  const entries = Object.entries(commits ?? {});
  if (!entries.length) return null;
  return `WPT commits (pinned per directory): ${entries.map(([d, c]) => `${d} ${String(c).slice(0, 12)}`).join(', ')}`;
}
