import { builtInMapper } from './prometheus-mapping';
import { PrometheusSink } from './prometheus-sink';
import { parseListenAddress, PrometheusListener } from './prometheus-listener';

function sink(options: { ms?: boolean; extraTags?: [string, string][] } = {}) {
  const warnings: string[] = [];
  const created = new PrometheusSink(
    builtInMapper(options.ms ?? false),
    options.extraTags ?? [],
    (message) => warnings.push(message),
  );
  return { sink: created, warnings };
}

/** The exposition lines without comments, for one metric name prefix. */
async function series(target: PrometheusSink, prefix: string): Promise<string[]> {
  return (await target.registry.metrics()).split('\n').filter((line) => line.startsWith(prefix));
}

describe('PrometheusSink with the built-in mapping', () => {
  it('maps per-rule stats of a two-level key to domain and key1 labels, accumulating deltas', async () => {
    const { sink: target } = sink();
    target.counter('ratelimit.service.rate_limit.mydomain.key1_value1.total_hits', 3);
    target.counter('ratelimit.service.rate_limit.mydomain.key1_value1.total_hits', 2);
    target.counter('ratelimit.service.rate_limit.mydomain.key1_value1.over_limit', 1);
    expect(await series(target, 'ratelimit_service_rate_limit_total_hits')).toEqual([
      'ratelimit_service_rate_limit_total_hits{domain="mydomain",key1="key1_value1"} 5',
    ]);
    expect(await series(target, 'ratelimit_service_rate_limit_over_limit')).toEqual([
      'ratelimit_service_rate_limit_over_limit{domain="mydomain",key1="key1_value1"} 1',
    ]);
  });

  it('keeps key2 for deeper keys and drops the levels below it, adding their counts', async () => {
    const { sink: target } = sink();
    target.counter('ratelimit.service.rate_limit.d.k1_v1.k2_v2.k3_a.near_limit', 1);
    target.counter('ratelimit.service.rate_limit.d.k1_v1.k2_v2.k3_b.near_limit', 2);
    target.counter('ratelimit.service.rate_limit.d.k1_v1.k2_v2.within_limit', 4);
    expect(await series(target, 'ratelimit_service_rate_limit_near_limit')).toEqual([
      'ratelimit_service_rate_limit_near_limit{domain="d",key1="k1_v1",key2="k2_v2"} 3',
    ]);
    expect(await series(target, 'ratelimit_service_rate_limit_within_limit')).toEqual([
      'ratelimit_service_rate_limit_within_limit{domain="d",key1="k1_v1",key2="k2_v2"} 4',
    ]);
  });

  it('maps service errors, gRPC calls and config loads', async () => {
    const { sink: target } = sink();
    target.counter('ratelimit.service.call.should_rate_limit.redis_error', 2);
    target.counter('ratelimit.service.call.should_rate_limit.service_error', 1);
    target.counter('ratelimit_server.ShouldRateLimit.total_requests', 7);
    target.counter('ratelimit.service.config_load_success', 1);
    target.counter('ratelimit.service.config_load_error', 1);
    expect(await series(target, 'ratelimit_service_should_rate_limit_error')).toEqual([
      'ratelimit_service_should_rate_limit_error{err_type="redis_error"} 2',
      'ratelimit_service_should_rate_limit_error{err_type="service_error"} 1',
    ]);
    expect(await series(target, 'ratelimit_service_total_requests')).toEqual([
      'ratelimit_service_total_requests{grpc_method="ShouldRateLimit"} 7',
    ]);
    expect(await series(target, 'ratelimit_service_config_load')).toEqual([
      'ratelimit_service_config_load_success 1',
      'ratelimit_service_config_load_error 1',
    ]);
  });

  it('observes response times as a histogram in seconds', async () => {
    const { sink: target } = sink();
    const observe = target.timerObserver('ratelimit_server.ShouldRateLimit.response_time')!;
    observe(2);
    observe(30);
    const lines = await series(target, 'ratelimit_service_response_time_seconds');
    expect(lines).toContain(
      'ratelimit_service_response_time_seconds_bucket{le="0.005",grpc_method="ShouldRateLimit"} 1',
    );
    expect(lines).toContain(
      'ratelimit_service_response_time_seconds_sum{grpc_method="ShouldRateLimit"} 0.032',
    );
    expect(lines).toContain(
      'ratelimit_service_response_time_seconds_count{grpc_method="ShouldRateLimit"} 2',
    );
  });

  it('keeps milliseconds with PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS', async () => {
    const { sink: target } = sink({ ms: true });
    target.timerObserver('ratelimit_server.Check.response_time')!(2);
    expect(await series(target, 'ratelimit_service_response_time_seconds_sum')).toEqual([
      'ratelimit_service_response_time_seconds_sum{grpc_method="Check"} 2',
    ]);
  });

  it('exports the write-behind flush time in seconds, the other cache statistics escaped', async () => {
    const { sink: target } = sink({});
    target.timerObserver('ratelimit.store.cache.flush_time')!(3);
    target.counter('ratelimit.store.cache.overshoot', 5);
    expect(await series(target, 'ratelimit_store_cache_flush_time_seconds_sum')).toEqual([
      'ratelimit_store_cache_flush_time_seconds_sum 0.003',
    ]);
    expect(await series(target, 'ratelimit_store_cache_overshoot')).toEqual([
      'ratelimit_store_cache_overshoot 5',
    ]);
  });

  it('exports unmapped names escaped, with in-name tags and EXTRA_TAGS as labels', async () => {
    const { sink: target } = sink({ extraTags: [['env', 'prod']] });
    target.gauge('ratelimit.localcache.hitCount', 4);
    target.counter('ratelimit.memcache.multiget.__code=success', 2);
    target.counter('ratelimit.memcache.multiget.__code=error', 1);
    target.counter('ratelimit.service.rate_limit.some-domain.domain_not_found', 1);
    target.counter('ratelimit.service.rate_limit.d.k.total_hits', 1);
    expect(await series(target, 'ratelimit_localcache_hitCount')).toEqual([
      'ratelimit_localcache_hitCount{env="prod"} 4',
    ]);
    expect(await series(target, 'ratelimit_memcache_multiget')).toEqual([
      'ratelimit_memcache_multiget{env="prod",code="success"} 2',
      'ratelimit_memcache_multiget{env="prod",code="error"} 1',
    ]);
    expect(await series(target, 'ratelimit_service_rate_limit_some_domain')).toEqual([
      'ratelimit_service_rate_limit_some_domain_domain_not_found{env="prod"} 1',
    ]);
    expect(await series(target, 'ratelimit_service_rate_limit_total_hits')).toEqual([
      'ratelimit_service_rate_limit_total_hits{domain="d",key1="k",env="prod"} 1',
    ]);
  });

  it('drops a statistic whose escaped name is already a metric of another type', async () => {
    const { sink: target, warnings } = sink();
    target.counter('a.b', 1);
    target.gauge('a-b', 2);
    expect(await series(target, 'a_b')).toEqual(['a_b 1']);
    expect(warnings).toEqual(['a_b is already a counter; a gauge of that name is dropped']);
  });
});

describe('parseListenAddress', () => {
  it('reads Go listen addresses', () => {
    expect(parseListenAddress(':9090')).toEqual({ host: undefined, port: 9090 });
    expect(parseListenAddress('127.0.0.1:9091')).toEqual({ host: '127.0.0.1', port: 9091 });
    expect(parseListenAddress('[::1]:9092')).toEqual({ host: '::1', port: 9092 });
    expect(() => parseListenAddress('9090')).toThrow(/PROMETHEUS_ADDR="9090"/);
  });
});

describe('PrometheusListener', () => {
  it('serves the registry at its path only, and names PROMETHEUS_ADDR when it cannot listen', async () => {
    const { sink: target } = sink();
    target.counter('ratelimit.service.config_load_success', 1);
    let scrapes = 0;
    const listener = new PrometheusListener(target.registry, '/metrics', () => scrapes++);
    const url = await listener.listen('127.0.0.1:0');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(url);
    expect(await response.text()).toContain('ratelimit_service_config_load_success 1');
    expect(scrapes).toBe(1);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
    const port = new URL(url).port;
    const second = new PrometheusListener(target.registry, '/metrics', () => {});
    await expect(second.listen(`127.0.0.1:${port}`)).rejects.toThrow(
      `PROMETHEUS_ADDR="127.0.0.1:${port}": listen EADDRINUSE`,
    );
    await listener.close();
    await second.close();
  });
});
