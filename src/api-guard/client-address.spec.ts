import { ClientAddressResolver, normalizeAddress } from './client-address';
import { parseTrustedProxies } from '../settings/trusted-proxies';

const resolver = (setting: string) => new ClientAddressResolver(parseTrustedProxies(setting));

describe('ClientAddressResolver', () => {
  it('without trusted proxies the peer is the client and X-Forwarded-For is ignored', () => {
    expect(resolver('').resolve('192.0.2.5', '203.0.113.9')).toBe('192.0.2.5');
    expect(resolver('').resolve('::ffff:192.0.2.5', undefined)).toBe('192.0.2.5');
    expect(resolver('').resolve(undefined, '203.0.113.9')).toBeUndefined();
  });

  it('with N hops takes the Nth address from the right (Envoy xff_num_trusted_hops)', () => {
    const xff = '198.51.100.7, 203.0.113.10, 192.0.2.1';
    expect(resolver('1').resolve('192.0.2.5', xff)).toBe('192.0.2.1');
    expect(resolver('2').resolve('192.0.2.5', xff)).toBe('203.0.113.10');
    expect(resolver('3').resolve('192.0.2.5', xff)).toBe('198.51.100.7');
    // More hops than entries: the leftmost one.
    expect(resolver('5').resolve('192.0.2.5', xff)).toBe('198.51.100.7');
    // No header: the peer.
    expect(resolver('1').resolve('192.0.2.5', undefined)).toBe('192.0.2.5');
  });

  it('with networks walks left while the address reached is a trusted proxy', () => {
    const trusted = resolver('10.0.0.0/8, 127.0.0.1');
    expect(trusted.resolve('127.0.0.1', 'spoofed, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    expect(trusted.resolve('::ffff:127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // An untrusted peer's header says nothing.
    expect(trusted.resolve('198.51.100.9', '10.1.1.1')).toBe('198.51.100.9');
    // Only proxies all the way: the leftmost.
    expect(trusted.resolve('127.0.0.1', '10.0.0.2, 10.0.0.3')).toBe('10.0.0.2');
    // Repeated headers, as Node hands them over.
    expect(trusted.resolve('127.0.0.1', ['198.51.100.1', '10.0.0.3'])).toBe('198.51.100.1');
  });

  it('stops at an entry that is not an address, keeping the last trusted one', () => {
    expect(resolver('127.0.0.1').resolve('127.0.0.1', '198.51.100.7, unknown')).toBe('127.0.0.1');
    expect(resolver('2').resolve('192.0.2.5', 'garbage, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('matches IPv6 proxies and clients', () => {
    const trusted = resolver('fd00::/8');
    expect(trusted.resolve('fd00::1', '2001:DB8::5')).toBe('2001:db8::5');
    expect(trusted.resolve('fe80::1', '2001:db8::5')).toBe('fe80::1');
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1:8080 ', '192.0.2.1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:DB8::1]', '2001:db8::1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['::1', '::1'],
  ])('%j → %j', (text, address) => expect(normalizeAddress(text)).toBe(address));

  it.each(['', 'unknown', '_hidden', '300.1.1.1', '1.2.3'])('%j is not an address', (text) =>
    expect(normalizeAddress(text)).toBeUndefined(),
  );
});
