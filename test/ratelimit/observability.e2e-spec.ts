import Redis from 'ioredis';
import { HealthState } from '../../src/infra/health/health-state';
import { RedisCounterStore } from '../../src/infra/counters/redis/redis-counter-store';
import { RedisPoolStats } from '../../src/infra/counters/redis/redis-pool-stats';
import { StatsRegistry } from '../../src/infra/stats/registry';
import { loadSettings } from '../../src/settings/settings.loader';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { healthClient, rateLimitClient, unary } from '../support/grpc-clients';
import { RedisServer, startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { runServiceToExit, ServiceProcess, startService } from '../support/service-process';
import { StatsdCollector } from '../support/statsd-collector';
import { withinOneWindow } from '../support/window';

/*
 * What the built service sends to a real statsd (UDP, TCP, DogStatsD), serves to Prometheus and
 * exports over OTLP, after a known sequence of decisions. Day-unit rules: one window holds the run.
 */

import { ALICE, Decision, FAST_FLUSH, postJson, ROUTE, RULES, WEB } from './observability.fixtures';

async function debugStats(service: ServiceProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  return new Map(
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const at = line.lastIndexOf(': ');
        return [line.slice(0, at), Number(line.slice(at + 2))] as const;
      }),
  );
}

/**
 * The known sequence: 5 gRPC decisions for user alice (limit 3), 1 gRPC decision on a nested rule,
 * 2 `/json` decisions for client web, 1 gRPC health Check. Spec §4.7 with L=3, N=floor(3×0.8)=2:
 * hits 1-2 within; hit 3 within and near (a=3 > N, b=2 ≥ N: +1); hits 4-5 over.
 */
async function knownSequence(service: ServiceProcess): Promise<void> {
  await withinOneWindow(86_400, 30);
  const client = rateLimitClient(service.grpcAddress);
  const health = healthClient(service.grpcAddress);
  try {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await unary<Decision>(client, 'ShouldRateLimit', ALICE)).overallCode);
    }
    expect(codes).toEqual(['OK', 'OK', 'OK', 'OVER_LIMIT', 'OVER_LIMIT']);
    await unary<Decision>(client, 'ShouldRateLimit', ROUTE);
    for (let i = 0; i < 2; i++) expect((await postJson(service, WEB)).status).toBe(200);
    await unary(health, 'Check', { service: '' });
  } finally {
    client.close();
    health.close();
  }
}

/** Per-rule counters after knownSequence, by stats key. */
const RULE_COUNTS: Record<string, Record<string, number>> = {
  'obs.user': { total_hits: 5, within_limit: 3, near_limit: 1, over_limit: 2 },
  'obs.client': { total_hits: 2, within_limit: 2 },
  'obs.route_api.method': { total_hits: 1, within_limit: 1 },
};
const SERVER_COUNTS: Record<string, number> = {
  'ratelimit_server.ShouldRateLimit.total_requests': 6,
  'ratelimit_server.Check.total_requests': 1,
  'ratelimit.service.config_load_success': 1,
};

/** Expected counter values by statsd name (per-rule stats under their upstream prefix). */
function expectedCounters(): Record<string, number> {
  const expected: Record<string, number> = { ...SERVER_COUNTS };
  for (const [key, stats] of Object.entries(RULE_COUNTS)) {
    for (const [stat, value] of Object.entries(stats)) {
      expected[`ratelimit.service.rate_limit.${key}.${stat}`] = value;
    }
  }
  return expected;
}

/** Waits (bounded) until `actual()` equals `expected`, then asserts it, showing the difference. */
async function settlesTo<T>(
  what: string,
  actual: () => Promise<T> | T,
  expected: T,
): Promise<void> {
  await eventually(
    what,
    async () => (JSON.stringify(await actual()) === JSON.stringify(expected) ? true : undefined),
    10_000,
    50,
  ).catch(() => undefined);
  expect(await actual()).toEqual(expected);
}

describe('statistics and tracing of the built service', () => {
  let collector: StatsdCollector;
  let service: ServiceProcess | undefined;
  const rules = ruleDirectory({ 'obs.yaml': RULES });

  beforeAll(async () => {
    collector = await StatsdCollector.start();
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    collector.clear();
  });
  afterAll(async () => {
    await collector.stop();
  });

  it('sends statsd lines over UDP with EXTRA_TAGS, counters as deltas matching /stats', async () => {
    service = await startService({
      ...rules,
      ...FAST_FLUSH,
      USE_STATSD: 'true',
      STATSD_PROTOCOL: 'udp',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(collector.udpPort),
      EXTRA_TAGS: 'env:e2e.1,app:rl',
    });
    await knownSequence(service);
    const tagged = (name: string) => `${name}.__app=rl.__env=e2e_1`;
    const expected = expectedCounters();
    const sums = () =>
      Object.fromEntries(
        Object.keys(expected).map((name) => [name, collector.counterSum(tagged(name))]),
      );
    await settlesTo('statsd counters', sums, expected);

    const lines = collector.lines();
    const timers = lines.filter((line) => line.type === 'ms');
    expect(
      timers.filter(
        (line) => line.name === tagged('ratelimit_server.ShouldRateLimit.response_time'),
      ),
    ).toHaveLength(6);
    expect(
      timers.filter((line) => line.name === tagged('ratelimit_server.Check.response_time')),
    ).toHaveLength(1);
    expect(timers.every((line) => Number.isInteger(line.value) && line.value >= 0)).toBe(true);
    // `/json` is not a gRPC method: no ratelimit_server statistics for it.
    expect(
      new Set(
        lines
          .filter((l) => l.name.startsWith('ratelimit_server.'))
          .map((l) => l.name.split('.')[1]),
      ),
    ).toEqual(new Set(['ShouldRateLimit', 'Check']));
    expect(
      lines.some((line) => line.type === 'g' && line.name === tagged('ratelimit.node.heapUsed')),
    ).toBe(true);
    // A counter that never moved is never sent.
    expect(lines.some((line) => line.name.includes('global_shadow_mode'))).toBe(false);
    expect(Math.max(...collector.datagrams.map((d) => Buffer.byteLength(d)))).toBeLessThanOrEqual(
      1432,
    );

    const stats = await debugStats(service);
    for (const [name, value] of Object.entries(expected)) {
      expect([name, stats.get(name)]).toEqual([name, value]);
    }
    expect(stats.get('ratelimit_server.ShouldRateLimit.response_time.count')).toBe(6);
    expect(stats.get('ratelimit_server.Check.response_time.count')).toBe(1);
    expect(stats.get('ratelimit.node.rss')).toBeGreaterThan(0);
  });

  it('sends statsd over TCP by default and reconnects after the statsd server restarts', async () => {
    service = await startService({
      ...rules,
      ...FAST_FLUSH,
      USE_STATSD: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(collector.tcpPort),
    });
    await withinOneWindow(86_400, 30);
    const client = rateLimitClient(service.grpcAddress);
    const name = (stat: string) => `ratelimit.service.rate_limit.obs.user.${stat}`;
    const counts = () => ({
      total_hits: collector.counterSum(name('total_hits')),
      within_limit: collector.counterSum(name('within_limit')),
      near_limit: collector.counterSum(name('near_limit')),
      over_limit: collector.counterSum(name('over_limit')),
    });
    try {
      for (let i = 0; i < 2; i++) await unary(client, 'ShouldRateLimit', ALICE);
      await settlesTo('counters before the restart', counts, {
        total_hits: 2,
        within_limit: 2,
        near_limit: 0,
        over_limit: 0,
      });

      await collector.stopTcp();
      collector.clear();
      await collector.startTcp();
      await eventually(
        'the service reconnecting',
        () => collector.tcpConnections > 0 || undefined,
        10_000,
      );
      for (let i = 0; i < 3; i++) await unary(client, 'ShouldRateLimit', ALICE);
      // Only what happened after the restart: hits 3 (within, near) then 4 and 5 (over).
      await settlesTo('counters after the restart', counts, {
        total_hits: 3,
        within_limit: 1,
        near_limit: 1,
        over_limit: 2,
      });
    } finally {
      client.close();
    }
    expect(service.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('sends DogStatsD tags and applies mogrifiers', async () => {
    service = await startService({
      ...rules,
      ...FAST_FLUSH,
      USE_DOG_STATSD: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(collector.udpPort),
      EXTRA_TAGS: 'env:e2e',
      USE_DOG_STATSD_MOGRIFIERS: 'RULE',
      DOG_STATSD_MOGRIFIER_RULE_PATTERN: String.raw`^ratelimit\.service\.rate_limit\.([^.]+)\.(.*)\.([^.]+)$`,
      DOG_STATSD_MOGRIFIER_RULE_NAME: 'ratelimit.service.rate_limit.$3',
      DOG_STATSD_MOGRIFIER_RULE_TAGS: 'domain:$1,descriptor:$2',
    });
    await knownSequence(service);
    const sum = (name: string, tags: string[]) =>
      collector
        .lines()
        .filter(
          (line) =>
            line.type === 'c' && line.name === name && line.tags.join(',') === tags.join(','),
        )
        .reduce((total, line) => total + line.value, 0);
    const userTags = ['env:e2e', 'domain:obs', 'descriptor:user'];
    await settlesTo(
      'mogrified counters',
      () => ({
        total: sum('ratelimit.service.rate_limit.total_hits', userTags),
        over: sum('ratelimit.service.rate_limit.over_limit', userTags),
        calls: sum('ratelimit_server.ShouldRateLimit.total_requests', ['env:e2e']),
      }),
      { total: 5, over: 2, calls: 6 },
    );
    // The health Check comes last: its timer may travel in a later flush than the counters above.
    await settlesTo(
      'the Check timer, tagged',
      () =>
        collector
          .lines()
          .filter(
            (line) => line.type === 'ms' && line.name === 'ratelimit_server.Check.response_time',
          )
          .map((line) => line.tags),
      [['env:e2e']],
    );
  });

  it('refuses to boot with a mogrifier variable missing or a custom Prometheus mapping', async () => {
    const mogrifier = await runServiceToExit({
      ...rules,
      USE_DOG_STATSD: 'true',
      USE_DOG_STATSD_MOGRIFIERS: 'HASH',
      DOG_STATSD_MOGRIFIER_HASH_NAME: 'x',
    });
    expect(mogrifier.code).toBe(1);
    expect(mogrifier.output).toContain('DOG_STATSD_MOGRIFIER_HASH_PATTERN is not set');
    const mapper = await runServiceToExit({
      ...rules,
      USE_PROMETHEUS: 'true',
      PROMETHEUS_ADDR: `127.0.0.1:${await freePort()}`,
      PROMETHEUS_MAPPER_YAML: '/etc/mapper.yaml',
    });
    expect(mapper.code).toBe(1);
    expect(mapper.output).toContain(
      'PROMETHEUS_MAPPER_YAML="/etc/mapper.yaml": custom statsd_exporter',
    );
  });

  it('serves the built-in Prometheus mapping on its own listener, agreeing with /stats', async () => {
    const port = await freePort();
    service = await startService({
      ...rules,
      ...FAST_FLUSH,
      USE_PROMETHEUS: 'true',
      PROMETHEUS_ADDR: `127.0.0.1:${port}`,
      PROMETHEUS_PATH: '/prom',
    });
    await knownSequence(service);
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/prom`);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      return new Map(
        (await response.text())
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('#'))
          .map((line) => {
            const at = line.lastIndexOf(' ');
            return [line.slice(0, at), Number(line.slice(at + 1))] as const;
          }),
      );
    };
    const rule = (stat: string, labels: string) =>
      `ratelimit_service_rate_limit_${stat}{${labels}}`;
    const user = 'domain="obs",key1="user"';
    const expected: Record<string, number> = {
      [rule('total_hits', user)]: 5,
      [rule('within_limit', user)]: 3,
      [rule('near_limit', user)]: 1,
      [rule('over_limit', user)]: 2,
      [rule('total_hits', 'domain="obs",key1="client"')]: 2,
      [rule('total_hits', 'domain="obs",key1="route_api",key2="method"')]: 1,
      'ratelimit_service_total_requests{grpc_method="ShouldRateLimit"}': 6,
      'ratelimit_service_total_requests{grpc_method="Check"}': 1,
      'ratelimit_service_response_time_seconds_count{grpc_method="ShouldRateLimit"}': 6,
      'ratelimit_service_response_time_seconds_count{grpc_method="Check"}': 1,
      ratelimit_service_config_load_success: 1,
    };
    const values = async () => {
      const metrics = await scrape();
      return Object.fromEntries(Object.keys(expected).map((name) => [name, metrics.get(name)]));
    };
    await settlesTo('Prometheus series', values, expected);
    const metrics = await scrape();
    // Seconds: six sub-second decisions.
    expect(
      metrics.get('ratelimit_service_response_time_seconds_sum{grpc_method="ShouldRateLimit"}'),
    ).toBeLessThan(6);
    expect(metrics.get('ratelimit_node_heapUsed')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    const stats = await debugStats(service);
    for (const [name, value] of Object.entries(expectedCounters())) {
      expect([name, stats.get(name)]).toEqual([name, value]);
    }
  });

  it('counts Redis connections (ratelimit.redis_pool.*), also across a reconnect', async () => {
    const redis = await startRedis();
    try {
      service = await startService({ ...rules, KVSTORE_URL: redis.url, KVSTORE_POOL_SIZE: '2' });
      const pool = async () => {
        const stats = await debugStats(service!);
        return ['cx_active', 'cx_total', 'cx_local_close'].map((name) =>
          stats.get(`ratelimit.redis_pool.${name}`),
        );
      };
      await settlesTo('two connections', pool, [2, 2, 0]);
      const admin = new Redis({ host: redis.host, port: redis.port, lazyConnect: true });
      try {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      } finally {
        admin.disconnect();
      }
      // Closed by the server (not locally), then reopened.
      await settlesTo('reconnected', pool, [2, 4, 0]);
    } finally {
      await service?.stop();
      service = undefined;
      await redis.stop();
    }
  });
});

describe('Redis connection events (in process)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('counts a close we asked for as cx_local_close', async () => {
    const registry = new StatsRegistry();
    const store = new RedisCounterStore(
      loadSettings({ KVSTORE_URL: redis.url, KVSTORE_POOL_SIZE: '2' }),
      new HealthState(),
    );
    new RedisPoolStats(store, registry);
    const pool = () =>
      ['cx_active', 'cx_total', 'cx_local_close'].map(
        (name) =>
          registry.snapshot().find(([stat]) => stat === `ratelimit.redis_pool.${name}`)?.[1],
      );
    await store.onModuleInit();
    await settlesTo('open', pool, [2, 2, 0]);
    await store.onApplicationShutdown();
    await settlesTo('closed locally', pool, [0, 2, 2]);
  });
});
