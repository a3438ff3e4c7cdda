// Word wrap for the text printer: tables and their notes fit WIDTH columns.

/** Wrap words to lines of at most `width` columns, continuation lines indented; a newline in the text stays one. */
/** The width every text table, note and header fits: one constant for every printer. */
export const WIDTH = 120;

export function wrap(text, width = WIDTH, indent = '  ') {
  if (text.includes('\n')) return text.split('\n').flatMap((l) => wrap(l, width, indent));
  if ([...text].length <= width) return [text];
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
