/** C0 controls, DEL and C1 controls, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * One `name: value` line of the debug `/stats` text. Names carry descriptor values (detailed
 * metrics), which a client chooses: control characters are escaped (`\n`, `\r`, `\t`, else
 * `\uXXXX`) and so is the backslash, so that one stat is always one line and a
 * reader can tell an escape from a value holding one.
 */
export function statLine(name: string, value: number | string): string {
  return `${escapeControls(name)}: ${value}\n`;
}

export function escapeControls(text: string): string {
  if (!CONTROL.test(text) && !text.includes('\\')) return text;
  CONTROL.lastIndex = 0;
  return text.replace(/\\/g, '\\\\').replace(CONTROL, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
