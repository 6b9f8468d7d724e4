import { promises as dns, SrvRecord } from 'node:dns';

/** One memcached node. */
export interface MemcachedAddress {
  readonly host: string;
  readonly port: number;
}

/** Looks an SRV name up (injectable so tests need no DNS server). */
export type SrvResolver = (name: string) => Promise<SrvRecord[]>;

/** `host:port` or `[v6]:port`, as written in ALTCACHE_HOST_PORT and in logs. */
export function formatAddress({ host, port }: MemcachedAddress): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * ALTCACHE_HOST_PORT in the given order: memjs places a key on `hash(key) % nodes`, so every
 * instance must list the same nodes in the same order to find the same counters. A node listed
 * twice would silently take twice the keys, so it is refused.
 */
export function parseAddressList(entries: readonly string[]): MemcachedAddress[] {
  const addresses = entries.map(parseAddress);
  const seen = new Set<string>();
  for (const address of addresses) {
    const text = formatAddress(address);
    if (seen.has(text)) throw new Error(`ALTCACHE_HOST_PORT lists ${text} more than once`);
    seen.add(text);
  }
  return addresses;
}

function parseAddress(entry: string): MemcachedAddress {
  const text = entry.trim();
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[3]) : 0;
  if (!match || port < 1 || port > 65535) {
    throw new Error(
      `ALTCACHE_HOST_PORT: "${text}" is not host:port (a name or IPv4 address, or [IPv6], and a port 1-65535)`,
    );
  }
  return { host: match[1] ?? match[2], port };
}

/**
 * The nodes an SRV name lists, sorted by target name then port (duplicates dropped): DNS answers
 * come in any order, and every instance must derive the same list to place keys the same way.
 */
export async function resolveSrvAddresses(
  name: string,
  resolve: SrvResolver,
): Promise<MemcachedAddress[]> {
  const records = await resolve(name);
  const unique = new Map<string, MemcachedAddress>();
  for (const { name: target, port } of records) {
    const host = target.endsWith('.') ? target.slice(0, -1) : target;
    const address = { host, port };
    unique.set(formatAddress(address), address);
  }
  const sorted = [...unique.values()].sort((a, b) =>
    a.host < b.host ? -1 : a.host > b.host ? 1 : a.port - b.port,
  );
  if (sorted.length === 0) throw new Error(`SRV ${name} lists no memcached nodes`);
  return sorted;
}

/** DNS with short timeouts, so a dead resolver delays neither the boot nor a refresh for long. */
export function systemSrvResolver(): SrvResolver {
  const resolver = new dns.Resolver({ timeout: 2000, tries: 2 });
  return (name) => resolver.resolveSrv(name);
}

export function sameAddresses(
  a: readonly MemcachedAddress[],
  b: readonly MemcachedAddress[],
): boolean {
  return (
    a.length === b.length && a.every((address, i) => formatAddress(address) === formatAddress(b[i]))
  );
}
