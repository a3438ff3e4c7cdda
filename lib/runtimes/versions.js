// Release lists: parsing x.y.z, ranges "a..b", thinning a range to one release per major, minor or
// patch, and the nearest releases to a version that does not exist. Pure functions.

/** @typedef {[number, number, number]} Triple */

/**
 * x.y.z of a stable release; null for anything else (canaries, -rc, -alpha): timelines and bisects
 * walk released versions only.
 * @param {string} v
 * @returns {Triple | null}
 */
export function parseVersion(v) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(String(v).trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * major.minor.patch at the start of a version a binary prints: "v24.13.0", "2.4.1 (stable,…)",
 * "1.2.20-alpha.0.0.0" all give the three numbers; suffixes are ignored, as some platform
 * packages' binaries carry one their package version does not.
 * @param {string} text
 */
export function leadingTriple(text) {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(String(text));
  return m ? `${m[1]}.${m[2]}.${m[3]}` : null;
}

/** Compare two x.y.z strings (stable releases). */
export function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) throw new Error(`Not a release version: "${x ? b : a}" (expected x.y.z)`);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The stable releases of a list, ascending. */
export function stableSorted(versions) {
  return versions.filter((v) => parseVersion(v)).sort(compareVersions);
}

/**
 * The releases nearest to `v` (by position in the sorted list), for "unknown version" errors.
 * @param {string[]} versions
 * @param {string} v
 */
export function nearest(versions, v, count = 4) {
  const all = stableSorted(versions);
  if (!parseVersion(v)) return all.slice(-count);
  const at = all.findIndex((x) => compareVersions(x, v) > 0);
  const i = at === -1 ? all.length : at;
  const lo = Math.max(0, Math.min(i - Math.floor(count / 2), all.length - count));
  return all.slice(lo, lo + count);
}

/** Every keeps: one release per major, per minor, or every patch. */
export const EVERY = ['major', 'minor', 'patch'];

/**
 * The releases of a range "a..b" (both ends inclusive; "a" alone is that one release; a
 * space- or comma-separated list names releases one by one), thinned by `every`: the first
 * release of each major or minor, plus the range's last release so a series ends where asked.
 * Every named release must exist.
 * @param {string[]} available every published version of the package
 * @param {string} spec "22.0.0..24.21.0" | "24.9.0 24.21.0" | "24.13.0"
 * @param {'major'|'minor'|'patch'} [every]
 * @returns {string[]}
 */
export function selectVersions(available, spec, every = 'patch') {
  if (!EVERY.includes(every)) throw new Error(`Invalid EVERY "${every}": valid values are ${EVERY.join(', ')}`);
  const all = stableSorted(available);
  const must = (v) => {
    if (!parseVersion(v)) throw new Error(`Invalid version "${v}": expected x.y.z, e.g. 24.13.0`);
    if (!all.includes(v)) {
      throw new Error(`Unknown version "${v}": nearest available are ${nearest(all, v).join(', ')}`);
    }
    return v;
  };
  const text = String(spec ?? '').trim();
  if (!text) throw new Error('No versions given: set VERSIONS to a range "22.0.0..24.21.0" or a list "24.9.0 24.21.0"');
  if (!text.includes('..')) return [...new Set(text.split(/[\s,]+/).map(must))].sort(compareVersions);
  const [from, to, ...rest] = text.split('..').map((s) => s.trim());
  if (rest.length) throw new Error(`Invalid range "${text}": expected from..to, e.g. 22.0.0..24.21.0`);
  must(from);
  must(to);
  if (compareVersions(from, to) > 0) throw new Error(`Invalid range "${text}": ${from} is newer than ${to}`);
  const inRange = all.filter((v) => compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0);
  if (every === 'patch') return inRange;
  const depth = every === 'major' ? 1 : 2;
  const seen = new Set();
  const out = inRange.filter((v) => {
    const key = v.split('.').slice(0, depth).join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!out.includes(to)) out.push(to);
  return out;
}

/**
 * The first and last release of each major in a range, for "first and last of each major" series
 * (docs/timeline.md builds the kept node 20 → 26 series with it).
 * @param {string[]} available
 * @param {string} from
 * @param {string} to
 */
export function majorEnds(available, from, to) {
  const inRange = selectVersions(available, `${from}..${to}`, 'patch');
  const byMajor = Map.groupBy(inRange, (v) => v.split('.')[0]);
  return [...byMajor.values()].flatMap((vs) => [...new Set([vs[0], vs.at(-1)])]);
}
