// Text from a results file reaches a terminal, markdown and HTML. WPT subtest names hold NUL,
// ESC, CR and form feed (url and encoding tests name their inputs); printed raw, an ESC sequence
// in a test name can move the cursor or rewrite the screen, and a CR or tab breaks a table row.
// Every printer shows such characters as text instead, the way JSON or a C string would.

const NAMED = { '\0': '\\0', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r' };

/**
 * C0 and C1 control characters, DEL, and the bidirectional overrides and isolates (which reorder
 * what follows them on screen) as escapes: "\x1b[2J" → "\\x1b[2J". Everything else unchanged.
 * @param {unknown} s
 */
export function printable(s) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them to escape them is the point
  return String(s).replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = /** @type {number} */ (c.codePointAt(0));
    if (Object.hasOwn(NAMED, c)) return NAMED[/** @type {keyof typeof NAMED} */ (c)];
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
