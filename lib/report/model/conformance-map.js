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

/**
 * "WPT commits (pinned per directory) and dates: dom/abort dc928169ee38 YYYY-MM-DD, …" from the
 * results file's wpt.commits and wpt.commit_dates, or null. A commit the copy gave no date for
 * (Node's versions.json names commits only) is counted at the end, so its absence is visible.
 * @param {Record<string, string> | undefined} commits  folder → commit
 * @param {Record<string, string> | undefined} [dates]  commit → YYYY-MM-DD
 */
export function commitsLine(commits, dates = {}) {
  const entries = Object.entries(commits ?? {});
  if (!entries.length) return null;
  const one = ([d, c]) => `${d} ${String(c).slice(0, 12)}${dates[c] ? ` ${dates[c]}` : ''}`;
  const undated = new Set(entries.map(([, c]) => c).filter((c) => !dates[c])).size;
  const why = undated
    ? `; no date for ${undated === new Set(entries.map(([, c]) => c)).size ? 'any' : undated} of these commits (the copy records commits only; a make wpt-fetch copy gives each its date)`
    : '';
  return `WPT commits (pinned per directory) and dates: ${entries.map(one).join(', ')}${why}`;
}
