import { formatAddress, parseAddressList, resolveSrvAddresses, sameAddresses } from './address';

describe('memcached node lists', () => {
  it('keeps ALTCACHE_HOST_PORT in the given order', () => {
    const list = parseAddressList(['b.local:11211', ' 10.0.0.1:11212', '[::1]:11213']);
    expect(list).toEqual([
      { host: 'b.local', port: 11211 },
      { host: '10.0.0.1', port: 11212 },
      { host: '::1', port: 11213 },
    ]);
    expect(list.map(formatAddress)).toEqual(['b.local:11211', '10.0.0.1:11212', '[::1]:11213']);
  });

  it('refuses entries that are not host:port, and duplicates', () => {
    expect(() => parseAddressList(['cache'])).toThrow(
      'ALTCACHE_HOST_PORT: "cache" is not host:port (a name or IPv4 address, or [IPv6], and a port 1-65535)',
    );
    expect(() => parseAddressList(['cache:0'])).toThrow(/"cache:0" is not host:port/);
    expect(() => parseAddressList(['::1:11211'])).toThrow(/is not host:port/);
    expect(() => parseAddressList(['a:1', 'a:1'])).toThrow(
      'ALTCACHE_HOST_PORT lists a:1 more than once',
    );
  });

  it('sorts SRV answers by name then port and drops duplicates', async () => {
    const records = [
      { name: 'mc-b.svc.', port: 11211, priority: 0, weight: 1 },
      { name: 'mc-a.svc', port: 11212, priority: 5, weight: 9 },
      { name: 'mc-a.svc', port: 11211, priority: 0, weight: 1 },
      { name: 'mc-b.svc', port: 11211, priority: 0, weight: 1 },
    ];
    const list = await resolveSrvAddresses('_memcache._tcp.svc', (name) => {
      expect(name).toBe('_memcache._tcp.svc');
      return Promise.resolve(records);
    });
    expect(list.map(formatAddress)).toEqual(['mc-a.svc:11211', 'mc-a.svc:11212', 'mc-b.svc:11211']);
    await expect(resolveSrvAddresses('x', () => Promise.resolve([]))).rejects.toThrow(
      'SRV x lists no memcached nodes',
    );
  });

  it('compares lists in order', () => {
    const a = parseAddressList(['a:1', 'b:2']);
    expect(sameAddresses(a, parseAddressList(['a:1', 'b:2']))).toBe(true);
    expect(sameAddresses(a, parseAddressList(['b:2', 'a:1']))).toBe(false);
    expect(sameAddresses(a, parseAddressList(['a:1']))).toBe(false);
  });
});
