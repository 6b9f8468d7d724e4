/** PHP trim()'s default set: space, tab, newline, carriage return, NUL, vertical tab. */
const PHP_TRIM = new Set([' ', '\t', '\n', '\r', '\0', '\v']);

/**
 * @trim, as Craft applies PHP's trim(): leading and trailing ASCII whitespace and NUL go; other
 * spaces (a no-break space, say) are content and stay.
 */
export function trimValue(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PHP_TRIM.has(text[start])) start++;
  while (end > start && PHP_TRIM.has(text[end - 1])) end--;
  return text.slice(start, end);
}
