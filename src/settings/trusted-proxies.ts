import { isIPv4, isIPv6 } from 'node:net';
import { parseList } from './setting-parsers';

/** One trusted proxy address or range, as written (`10.0.0.0/8`, `::1`). */
export interface ProxyNetwork {
  readonly address: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

/**
 * Who may speak for the client in `X-Forwarded-For` (API_RATE_LIMIT_TRUSTED_PROXIES): nobody (the
 * connection's peer is the client), a number of proxy hops in front of the service (Envoy's
 * `xff_num_trusted_hops`), or the proxies' addresses and ranges.
 */
export type TrustedProxies =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'networks'; readonly networks: readonly ProxyNetwork[] };

export const NO_TRUSTED_PROXIES: TrustedProxies = Object.freeze({ kind: 'none' });

const MAX_HOPS = 32;
const ALLOWED =
  'allowed values: empty, a number of proxy hops (0 to 32), or a comma list of proxy addresses and CIDR ranges such as 10.0.0.0/8,::1';

export function parseTrustedProxies(raw: string): TrustedProxies {
  const value = raw.trim();
  if (value === '') return NO_TRUSTED_PROXIES;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(ALLOWED);
    return hops === 0 ? NO_TRUSTED_PROXIES : { kind: 'hops', hops };
  }
  return { kind: 'networks', networks: parseList(value).map(parseNetwork) };
}

function parseNetwork(text: string): ProxyNetwork {
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) throw new Error(`${ALLOWED} ("${text}" is not one)`);
  const bits = family === 'ipv4' ? 32 : 128;
  if (slash < 0) return { address, prefix: bits, family };
  const prefixText = text.slice(slash + 1);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > bits) {
    throw new Error(`${ALLOWED} ("${text}" is not one)`);
  }
  return { address, prefix, family };
}
