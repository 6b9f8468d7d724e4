import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { TrustedProxies } from '../settings/trusted-proxies';

/**
 * The client address of a request, the `remote_address` descriptor value. The connection's peer
 * is the client unless it is a trusted proxy; then `X-Forwarded-For` is read from the right (the
 * entry the trusted proxy appended) leftwards while the address reached is trusted too, as Envoy
 * with `xff_num_trusted_hops` and proxy-addr do. Entries left of the first untrusted address are
 * whatever the client sent and are never used.
 */
export class ClientAddressResolver {
  private readonly trusted: ((address: string, hop: number) => boolean) | undefined;

  constructor(proxies: TrustedProxies) {
    if (proxies.kind === 'hops') this.trusted = (_address, hop) => hop < proxies.hops;
    else if (proxies.kind === 'networks') {
      const list = new BlockList();
      for (const { address, prefix, family } of proxies.networks) {
        list.addSubnet(address, prefix, family);
      }
      this.trusted = (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
    }
  }

  /** `peer`: the socket's remote address; `forwardedFor`: the header (Node joins repeats with `,`). */
  resolve(
    peer: string | undefined,
    forwardedFor: string | string[] | undefined,
  ): string | undefined {
    if (peer === undefined) return undefined;
    let client = normalizeAddress(peer) ?? peer;
    if (this.trusted === undefined || forwardedFor === undefined) return client;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
    for (let i = hops.length - 1, hop = 0; i >= 0 && this.trusted(client, hop); i--, hop++) {
      const next = normalizeAddress(hops[i]);
      // A trusted proxy wrote something that is not an address: keep the last one known.
      if (next === undefined) break;
      client = next;
    }
    return client;
  }
}

/**
 * One textual form per address, so a client has one counter: IPv4-mapped IPv6 as IPv4, IPv6 in
 * lower case, ports and brackets (`1.2.3.4:80`, `[::1]:443`) dropped. Undefined for non-addresses.
 */
export function normalizeAddress(text: string): string | undefined {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(':'));
  if (isIPv4(value)) return value;
  if (!isIPv6(value)) return undefined;
  const mapped = /^::ffff:([\d.]+)$/i.exec(value);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  return value.toLowerCase();
}
