import { compileMogrifiers } from './mogrifier';
import { dogStatsdFormat, plainStatsdFormat, statsdLine } from './statsd-format';

describe('statsd line formats', () => {
  it('writes plain statsd counters, gauges and timers with tags in the name', () => {
    const format = plainStatsdFormat([['env', 'prod.eu']]);
    const parts = format('ratelimit.service.rate_limit.d.k.total_hits');
    expect(statsdLine(parts, 5, 'c')).toBe(
      'ratelimit.service.rate_limit.d.k.total_hits.__env=prod_eu:5|c',
    );
    expect(statsdLine(format('ratelimit.localcache.hitCount'), 3, 'g')).toBe(
      'ratelimit.localcache.hitCount.__env=prod_eu:3|g',
    );
    expect(statsdLine(format('ratelimit_server.Check.response_time'), 2, 'ms')).toBe(
      'ratelimit_server.Check.response_time.__env=prod_eu:2|ms',
    );
  });

  it('never lets a line break from a request value start a new line', () => {
    expect(plainStatsdFormat([])('a.b\nevil:1|c').prefix).toBe('a.b_evil:1|c:');
  });

  it('turns in-name tags and EXTRA_TAGS into DogStatsD tags', () => {
    const format = dogStatsdFormat(
      [
        ['foo', 'bar'],
        ['a', 'b'],
      ],
      [],
    );
    expect(statsdLine(format('ratelimit.memcache.multiget.__code=success'), 1, 'c')).toBe(
      'ratelimit.memcache.multiget:1|c|#a:b,code:success,foo:bar',
    );
    expect(
      statsdLine(dogStatsdFormat([], [])('ratelimit.service.config_load_success'), 1, 'c'),
    ).toBe('ratelimit.service.config_load_success:1|c');
  });

  it('applies the first matching mogrifier and appends its tags after the others', () => {
    const mogrifiers = compileMogrifiers([
      {
        id: 'HASH',
        pattern: String.raw`^ratelimit\.service\.rate_limit\.([^.]+)\.(.*)\.([^.]+)$`,
        metricName: 'ratelimit.service.rate_limit.$3',
        tags: { domain: '$1', descriptor: '$2' },
      },
      { id: 'NEVER', pattern: '^ratelimit', metricName: 'never', tags: {} },
    ]);
    const format = dogStatsdFormat([['env', 'prod']], mogrifiers);
    expect(
      statsdLine(
        format('ratelimit.service.rate_limit.mongo_cps.database_users.total_hits'),
        1,
        'c',
      ),
    ).toBe(
      'ratelimit.service.rate_limit.total_hits:1|c|#env:prod,domain:mongo_cps,descriptor:database_users',
    );
    // Not matched by HASH (no per-rule prefix): the second mogrifier takes it.
    expect(format('ratelimit.service.config_load_success').prefix).toBe('never:');
    expect(format('other.name').prefix).toBe('other.name:');
  });

  it('keeps , | # out of DogStatsD tags', () => {
    const format = dogStatsdFormat([['team', 'a,b|c#d']], []);
    expect(format('x').suffix).toBe('|#team:a_b_c_d');
  });
});
