const BEARER = /^Bearer\s+(.+)$/i;

/**
 * The token of the first `Bearer <token>` among authorization header values, Craft 4's way:
 * every value is split on commas (proxies join repeated headers that way) and each trimmed part
 * is tested; parts of other schemes (Basic, ...) are skipped. Undefined when none is Bearer.
 */
export function findBearerToken(values: readonly string[]): string | undefined {
  for (const value of values) {
    for (const part of value.split(',')) {
      const match = BEARER.exec(part.trim());
      if (match) return match[1];
    }
  }
  return undefined;
}
