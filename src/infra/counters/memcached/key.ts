/** memcached's limit on a key, in bytes (the ASCII protocol's, which clients enforce everywhere). */
export const MEMCACHED_MAX_KEY_BYTES = 250;

/** How much of a rejected key an error message quotes. */
const QUOTED_KEY_CHARACTERS = 80;

/**
 * Whitespace (any Unicode space, as well as the ASCII ones) and control characters (C0, DEL, C1).
 * memcached's text protocol splits on the ASCII ones, and clients such as gomemcache refuse them;
 * refusing the Unicode ones too keeps keys readable in `stats cachedump` and logs.
 */
const FORBIDDEN_CHARACTER = /[\s\p{Cc}]/u;

/** Why memcached cannot hold `key`, or undefined when it can. */
export function memcachedKeyProblem(key: string): string | undefined {
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so keys of up to 83 units cannot be too long and
  // the common short key skips counting bytes.
  if (key.length > MEMCACHED_MAX_KEY_BYTES / 3) {
    const bytes = Buffer.byteLength(key, 'utf8');
    if (bytes > MEMCACHED_MAX_KEY_BYTES) {
      return `it is ${bytes} bytes long and memcached keys are at most ${MEMCACHED_MAX_KEY_BYTES} bytes`;
    }
  }
  const match = FORBIDDEN_CHARACTER.exec(key);
  if (match) {
    return `it contains ${describeCharacter(match[0])} at character ${match.index + 1}, and memcached keys cannot contain whitespace or control characters`;
  }
  return undefined;
}

/** The message of a CounterKeyRejectedError: the problem and the key, quoted and truncated. */
export function keyRejectedMessage(key: string, problem: string): string {
  const shown =
    key.length > QUOTED_KEY_CHARACTERS ? `${key.slice(0, QUOTED_KEY_CHARACTERS)}…` : key;
  // JSON quoting makes control characters visible (\n, \u0001) instead of breaking the message.
  return `counter key ${JSON.stringify(shown)} cannot be stored in memcached: ${problem}`;
}

function describeCharacter(character: string): string {
  if (character === ' ') return 'a space';
  const code = character.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
