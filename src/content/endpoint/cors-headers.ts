/** Sent on every answer of the endpoint (Craft 4's list; X-Craft-Token is Craft's preview token). */
export const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Craft-Authorization, X-Craft-Token';

/**
 * The CORS headers of an endpoint answer (Craft 4, `allowedGraphqlOrigins`): credentials and the
 * allowed request headers always; `Access-Control-Allow-Origin` is `*` when no list is set
 * (null), the request's origin when it is listed (the `Origin` header is split on commas and the
 * first listed entry wins), and never when the setting is false.
 */
export function corsHeaders(
  allowedOrigins: readonly string[] | null | false,
  origin: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': ALLOWED_HEADERS,
  };
  if (allowedOrigins === null) headers['access-control-allow-origin'] = '*';
  else if (allowedOrigins !== false) {
    // The answer depends on Origin: shared caches must keep one copy per origin.
    headers.vary = 'Origin';
    const listed = (origin ?? '')
      .split(',')
      .map((part) => part.trim())
      .find((part) => part !== '' && allowedOrigins.includes(part));
    if (listed !== undefined) headers['access-control-allow-origin'] = listed;
  }
  return headers;
}
