import { parseTrustedProxies } from './trusted-proxies';

describe('parseTrustedProxies', () => {
  it('empty and 0 trust nobody', () => {
    expect(parseTrustedProxies('')).toEqual({ kind: 'none' });
    expect(parseTrustedProxies(' 0 ')).toEqual({ kind: 'none' });
  });

  it('a number trusts that many hops, at most 32', () => {
    expect(parseTrustedProxies('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustedProxies('32')).toEqual({ kind: 'hops', hops: 32 });
    expect(() => parseTrustedProxies('33')).toThrow('allowed values');
  });

  it('a list holds addresses and CIDR ranges of both families', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 127.0.0.1,::1, fd00::/8')).toEqual({
      kind: 'networks',
      networks: [
        { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
        { address: '::1', prefix: 128, family: 'ipv6' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
      ],
    });
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/x', 'proxy', '10.0.0.256'])(
    'rejects %j',
    (text) => {
      expect(() => parseTrustedProxies(text)).toThrow(/is not one/);
    },
  );
});
