/** A request body as text. */
export interface BodyText {
  readonly text: string;
  /** The bytes were not valid UTF-8; `text` holds U+FFFD where they were. */
  readonly malformedUtf8: boolean;
}

// The byte order mark is kept, as the string decoding this replaced kept it.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes a body, noting whether its bytes were valid UTF-8: a JSON body must be (Craft's JSON
 * parser refuses it otherwise), while a query sent as `application/graphql` or a form just shows
 * the replacement character to the GraphQL lexer.
 */
export function bodyText(bytes: Uint8Array): BodyText {
  try {
    return { text: strict.decode(bytes), malformedUtf8: false };
  } catch {
    return { text: lenient.decode(bytes), malformedUtf8: true };
  }
}
