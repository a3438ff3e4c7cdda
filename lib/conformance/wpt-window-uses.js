// Whether a `.window.js` WPT file can run in a server runtime, decided by what its source uses,
// not by its name: WPT serves such a file in a window only, but many use nothing a worker-like
// scope lacks (the URL IDNA tables, every Web Storage file that only calls localStorage and
// sessionStorage). A file that uses a document, a browsing context or a Window-only interface is
// not applicable, with the use named in its reason. Pure function of the source text.

/**
 * What a window needs that no server runtime has, in the order checked: the first use found
 * names the reason. Each pattern is a use the file's own code makes, as WPT files write it.
 * @type {Array<{kind: string, use: string, re: RegExp}>}
 */
const WINDOW_ONLY_USES = [
  { kind: 'shadowrealm', use: 'a ShadowRealm created in the window', re: /\bShadowRealm\b|shadowrealm/ },
  { kind: 'browser', use: 'XMLHttpRequest', re: /\bXMLHttpRequest\b/ },
  { kind: 'window', use: 'the document (DOM)', re: /\bdocument\b/ },
  { kind: 'window', use: 'an element or iframe', re: /\bcreateElement\b|\biframe\b/ },
  { kind: 'window', use: 'a browsing context (window.open, opener)', re: /\bwindow\.open\b|\bopener\b/ },
  {
    kind: 'window',
    use: 'navigation (location.href, reload, history, RemoteContextHelper)',
    re: /\blocation\.(href|reload|assign|replace)\b|\bhistory\.|\bwindow\.history\b|\bwindow\.stop\b|RemoteContextHelper|remote-context-helper/,
  },
  { kind: 'window', use: 'window.event', re: /\bwindow\.event\b/ },
  {
    kind: 'window',
    use: 'a Window-only interface (Window, Image, HTML elements)',
    re: /\bWindow\.prototype\b|\bImage\b|\bHTML[A-Z]\w*Element\b/,
  },
  // window.postMessage(message, targetOrigin, transfer): a worker's postMessage takes no origin.
  { kind: 'window', use: 'window.postMessage with a target origin', re: /\bpostMessage\([^)]*,\s*['"]/ },
  { kind: 'window', use: 'a new Worker from the window', re: /\bnew (Shared)?Worker\(/ },
];

/**
 * Why a `.window.js` file is not applicable, from what its source uses, or null when it uses
 * nothing a server runtime's worker-like scope lacks (then it runs like an .any.js file).
 * @param {string} source
 * @returns {{kind: string, reason: string} | null}
 */
export function windowOnlyUse(source) {
  const code = source.replace(/^\s*\/\/.*$/gm, '');
  const hit = WINDOW_ONLY_USES.find((u) => u.re.test(code));
  return hit ? { kind: hit.kind, reason: `window-only test (.window.js) that uses ${hit.use}` } : null;
}
