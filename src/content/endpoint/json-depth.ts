/**
 * How deeply arrays and objects may nest in a JSON body or `variables` parameter: PHP's
 * `json_decode` default, which Craft's request parsing uses. Deeper values would also exhaust the
 * stack of the recursive code they meet later (variable coercion, cache keys).
 */
export const MAX_JSON_DEPTH = 512;

/** Yii's message for JSON nested deeper than its parser allows. */
export const JSON_DEPTH_MESSAGE = 'The maximum stack depth has been exceeded';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]); // [ {
const CLOSING = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether arrays and objects nest more than `max` levels in a JSON text (meant for text that
 * parsed). Reads the text rather than the parsed value: walking an object of a million keys costs
 * far more than scanning its characters, and strings are skipped whole.
 */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code === QUOTE) i = closingQuote(json, i);
    else if (OPENING.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSING.has(code)) depth--;
  }
  return false;
}

/** The index of the quote closing the string opened at `open` (the text's length if none). */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}
