import { mergeTags, sanitizeTagValue, splitTags, statsdWireName } from './stat-name';

describe('stat names and tags', () => {
  it('appends EXTRA_TAGS as .__k=v sorted by key (docs/observability.md#statsd-use_statsdtrue example)', () => {
    const extra = Object.entries({ foo: 'bar', a: 'b' });
    expect(statsdWireName('ratelimit.service.rate_limit.basic.key1.total_hits', extra)).toBe(
      'ratelimit.service.rate_limit.basic.key1.total_hits.__a=b.__foo=bar',
    );
  });

  it('sorts in-name tags together with the extra ones', () => {
    expect(statsdWireName('ratelimit.memcache.multiget.__code=success', [['a', 'b']])).toBe(
      'ratelimit.memcache.multiget.__a=b.__code=success',
    );
    expect(statsdWireName('ratelimit.memcache.multiget.__code=success', [['z', 'y']])).toBe(
      'ratelimit.memcache.multiget.__code=success.__z=y',
    );
  });

  it('replaces . : | in tag values with _', () => {
    expect(sanitizeTagValue('a.b:c|d')).toBe('a_b_c_d');
    expect(statsdWireName('x.y', [['host', '10.0.0.1:80|x']])).toBe('x.y.__host=10_0_0_1_80_x');
  });

  it('leaves a name without tags untouched', () => {
    expect(statsdWireName('ratelimit.service.config_load_success', [])).toBe(
      'ratelimit.service.config_load_success',
    );
  });

  it('splits in-name tags from the name', () => {
    expect(splitTags('ratelimit.memcache.add.__code=not_stored')).toEqual({
      base: 'ratelimit.memcache.add',
      tags: [['code', 'not_stored']],
    });
    // A segment that merely contains = is part of the name (rule values may hold one).
    expect(splitTags('a.key_x=y.total_hits').tags).toEqual([]);
  });

  it('lets a name tag win over an extra tag of the same key', () => {
    expect(mergeTags([['code', 'error']], [['code', 'x']])).toEqual([['code', 'error']]);
  });
});
