/** What an `Authorization` header carries. */
export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'basic'; readonly login: string; readonly password: string }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'malformed-basic' }
  | { readonly kind: 'unsupported' };

/**
 * Basic (`login:password`, base64; Grafana also takes a token as the password of the user
 * `api_key`) or Bearer. Scheme names are case-insensitive (RFC 7235).
 */
export function parseAuthorization(header: string | undefined): Credentials {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return { kind: 'unsupported' };
  const [, scheme, value] = match;
  if (scheme.toLowerCase() === 'bearer') return { kind: 'bearer', token: value };
  if (scheme.toLowerCase() !== 'basic') return { kind: 'unsupported' };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return { kind: 'malformed-basic' };
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { kind: 'malformed-basic' };
  const login = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (login === 'api_key') return { kind: 'bearer', token: password };
  return { kind: 'basic', login, password };
}

/**
 * `X-Grafana-Org-Id`: absent, empty or 0 means "the default org". Anything but a positive
 * integer is rejected (Grafana silently ignores it, which could act in the wrong org).
 */
export function parseOrgHeader(
  header: string | string[] | undefined,
): number | undefined | 'invalid' {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim())) return 'invalid';
  const id = Number(value.trim());
  if (!Number.isSafeInteger(id)) return 'invalid';
  return id === 0 ? undefined : id;
}
