import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allSettingDefinitions, loadSettings } from './settings.loader';
import { SettingsError } from './settings';
import { parseDuration } from './setting-parsers';
import { renderEnvExample, renderSettingsTable } from './settings-docs';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('loadSettings', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const settings = loadSettings({});
    expect(settings.http).toEqual({ host: '0.0.0.0', port: 8080, requestTimeout: 30_000 });
    expect(loadSettings({ HTTP_REQUEST_TIMEOUT: '2s' }).http.requestTimeout).toBe(2_000);
    expect(loadSettings({ HTTP_REQUEST_TIMEOUT: '0' }).http.requestTimeout).toBe(0);
    expect(settings.grpc.port).toBe(8081);
    expect(settings.debug.port).toBe(6070);
    expect(settings.counters.backend).toBe('memory');
    expect(settings.rules).toMatchObject({
      configType: 'FILE',
      runtimeRoot: 'config',
      runtimeSubdirectory: 'ratelimit',
      runtimeAppDirectory: 'config',
      watchRoot: true,
    });
    expect(settings.limiter.nearLimitRatio).toBe(0.8);
    expect(settings.log).toEqual({ level: 'warn', format: 'text' });
    expect(settings.grpc.maxConnectionAge).toBe(24 * 3600 * 1000);
    expect(settings.tracing.serviceInstanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.isFrozen(settings.limiter)).toBe(true);
  });

  it('accepts upstream names as aliases', () => {
    const settings = loadSettings({
      REDIS_URL: 'redis:6379',
      REDIS_TYPE: 'CLUSTER',
      LOCAL_CACHE_SIZE_IN_BYTES: '1024',
      MEMCACHE_MAX_IDLE_CONNS: '7',
    });
    expect(settings.kvstore.url).toBe('redis:6379');
    expect(settings.kvstore.type).toBe('cluster');
    expect(settings.counters.backend).toBe('kvstore');
    expect(settings.kvstore.socketType).toBe('tcp');
    expect(settings.limiter.localCacheSizeInBytes).toBe(1024);
    expect(settings.altcache.maxIdleConns).toBe(7);
  });

  it('lets the product name win over a conflicting alias, with a warning', () => {
    const warnings: string[] = [];
    const settings = loadSettings({ KVSTORE_URL: 'a:1', REDIS_URL: 'b:2' }, (w) =>
      warnings.push(w),
    );
    expect(settings.kvstore.url).toBe('a:1');
    expect(warnings).toEqual([
      'KVSTORE_URL and REDIS_URL are both set with different values; KVSTORE_URL wins',
    ]);
  });

  it('infers the socket type from the URL', () => {
    expect(loadSettings({ KVSTORE_URL: '/var/run/redis.sock' }).kvstore.socketType).toBe('unix');
    expect(loadSettings({ KVSTORE_URL: 'localhost:6379' }).kvstore.socketType).toBe('tcp');
    expect(
      loadSettings({ KVSTORE_URL: 'localhost:6379', KVSTORE_SOCKET_TYPE: 'unix' }).kvstore
        .socketType,
    ).toBe('unix');
  });

  it('selects backends by name and alias', () => {
    expect(loadSettings({ BACKEND_TYPE: 'redis' }).counters.backend).toBe('kvstore');
    expect(
      loadSettings({ BACKEND_TYPE: 'memcache', MEMCACHE_HOST_PORT: 'a:1,b:2' }).counters.backend,
    ).toBe('altcache');
    expect(loadSettings({ ALTCACHE_HOST_PORT: 'a:1' }).altcache.hostPort).toEqual(['a:1']);
  });

  it('parses Go booleans, durations and maps', () => {
    const settings = loadSettings({
      SHADOW_MODE: 'T',
      GRPC_MAX_CONNECTION_AGE: '1h30m',
      EXTRA_TAGS: 'a:b,foo:bar',
      CONFIG_GRPC_XDS_NODE_METADATA: 'x=1,broken,y=2',
    });
    expect(settings.limiter.shadowMode).toBe(true);
    expect(settings.grpc.maxConnectionAge).toBe(5_400_000);
    expect(settings.stats.extraTags).toEqual({ a: 'b', foo: 'bar' });
    expect(settings.xds.nodeMetadata).toEqual({ x: '1', y: '2' });
    expect(parseDuration('150us')).toBeCloseTo(0.15);
    expect(parseDuration('1.5s')).toBe(1500);
  });

  it.each([
    [{ NEAR_LIMIT_RATIO: '2' }, 'NEAR_LIMIT_RATIO="2": allowed values: a number from 0 to 1'],
    [{ PORT: 'eighty' }, 'PORT="eighty": allowed values: an integer from 0 to 65535'],
    [
      { SHADOW_MODE: 'yes' },
      'SHADOW_MODE="yes": allowed values: true, false (also 1, 0, t, f, TRUE, FALSE)',
    ],
    [{ CONFIG_TYPE: 'file' }, 'CONFIG_TYPE="file": allowed values: FILE, GRPC_XDS_SOTW'],
    [
      { BACKEND_TYPE: 'mongo' },
      'BACKEND_TYPE="mongo": allowed values: memory, kvstore (alias redis), altcache (alias memcache)',
    ],
    [{ REDIS_TYPE: 'ring' }, 'REDIS_TYPE="ring": allowed values: single, sentinel, cluster'],
    [
      { GRPC_MAX_CONNECTION_AGE: '10 days' },
      'GRPC_MAX_CONNECTION_AGE="10 days": allowed values: a duration such as 500ms, 10s, 1m30s or 24h (units ns, us, ms, s, m, h)',
    ],
    [
      { REDIS_POOL_ON_EMPTY_BEHAVIOR: 'create' },
      'REDIS_POOL_ON_EMPTY_BEHAVIOR="create": allowed values: WAIT (CREATE and ERROR are not supported)',
    ],
    [
      { TRACING_SAMPLING_RATE: '1.5' },
      'TRACING_SAMPLING_RATE="1.5": allowed values: a number from 0 to 1',
    ],
    [
      { ALTCACHE_HOST_PORT: 'a:1', ALTCACHE_SRV: '_memcache._tcp.example' },
      'ALTCACHE_HOST_PORT and ALTCACHE_SRV are both set: set only one of them',
    ],
    [
      { USE_STATSD: 'true', USE_PROMETHEUS: 'true' },
      'unable to use more than one stats sink at the same time: USE_STATSD, USE_PROMETHEUS are all true',
    ],
    [
      { KVSTORE_URL: 'mymaster', KVSTORE_TYPE: 'sentinel' },
      'KVSTORE_URL="mymaster": a sentinel URL is master-name,host:port[,host:port...]',
    ],
    [
      { GRPC_SERVER_USE_TLS: 'true' },
      'GRPC_SERVER_USE_TLS=true needs GRPC_SERVER_TLS_CERT and GRPC_SERVER_TLS_KEY',
    ],
    [
      { KVSTORE_CACHE_MODE: 'write_behind' },
      'KVSTORE_CACHE_MODE=write_behind caches Redis counters: it needs BACKEND_TYPE=kvstore, not BACKEND_TYPE=memory',
    ],
    [
      { ALTCACHE_HOST_PORT: 'a:1', KVSTORE_FAILURE_MODE: 'allow' },
      'KVSTORE_FAILURE_MODE=allow applies to the Redis store: it needs BACKEND_TYPE=kvstore, not BACKEND_TYPE=altcache',
    ],
    [
      { KVSTORE_URL: 'a:1', KVSTORE_CACHE_MODE: 'write_behind', KVSTORE_CACHE_FLUSH_PERIOD: '0' },
      'KVSTORE_CACHE_FLUSH_PERIOD must be above 0 with KVSTORE_CACHE_MODE=write_behind',
    ],
    [
      { KVSTORE_FAILURE_MODE: 'open' },
      'KVSTORE_FAILURE_MODE="open": allowed values: error, allow, local',
    ],
  ])('rejects %j naming the variable and the allowed values', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('reads the Craft GraphQL dialect: 4 by default, or 5', () => {
    expect(loadSettings({}).content.craftVersion).toBe('4');
    expect(loadSettings({ GRAPHQL_CRAFT_VERSION: '5' }).content.craftVersion).toBe('5');
    expect(problemsOf({ GRAPHQL_CRAFT_VERSION: '6' })).toEqual([
      expect.stringContaining('GRAPHQL_CRAFT_VERSION="6"'),
    ]);
  });

  it('reports every invalid variable at once', () => {
    expect(problemsOf({ PORT: '-1', DEBUG_PORT: '70000' })).toHaveLength(2);
  });

  it('.env.example lists every variable', () => {
    const example = readFileSync(join(__dirname, '..', '..', '.env.example'), 'utf8');
    const listed = new Set(
      [...example.matchAll(/^#?\s*([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]),
    );
    const missing = allSettingDefinitions()
      .map((d) => d.env)
      .filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });
});

describe('MODULES', () => {
  it('runs every domain by default and keeps the listed ones in a fixed order', () => {
    expect(loadSettings({}).modules.enabled).toEqual(['ratelimit', 'content', 'teams']);
    expect(loadSettings({ MODULES: ' Teams, ratelimit ' }).modules.enabled).toEqual([
      'ratelimit',
      'teams',
    ]);
  });

  it('does not read or validate the settings of modules that are off', () => {
    const env = { GRPC_PORT: 'x', GRAPHQL_PATH: 'no', DATA_DIR: '/srv/data' };
    expect(problemsOf({ ...env, MODULES: 'teams' })).toEqual([]);
    const teamsOnly = loadSettings({ ...env, MODULES: 'teams' });
    expect(teamsOnly.grpc.port).toBe(8081);
    expect(teamsOnly.identity.dataDir).toBe('/srv/data');
    expect(problemsOf({ ...env, MODULES: 'ratelimit' })).toEqual([
      'GRPC_PORT="x": allowed values: an integer from 0 to 65535',
    ]);
    expect(problemsOf({ ...env, MODULES: 'content' })).toEqual([
      'GRAPHQL_PATH="no": allowed values: an absolute path such as /graphql, without a trailing slash',
    ]);
  });

  it('refuses unknown and empty module lists', () => {
    expect(problemsOf({ MODULES: 'ratelimit,cms' })).toEqual([
      'MODULES="ratelimit,cms": unknown module "cms"; allowed values: a comma list of ratelimit, content, teams',
    ]);
    expect(problemsOf({ MODULES: ' , ' })).toEqual([
      'MODULES=" , ": allowed values: a comma list of ratelimit, content, teams',
    ]);
  });

  it('refuses the API rate limit without the rate limiter or without an API it protects', () => {
    expect(problemsOf({ MODULES: 'content,teams', API_RATE_LIMIT_DOMAIN: 'api' })).toEqual([
      'API_RATE_LIMIT_DOMAIN is set but MODULES=content,teams leaves out ratelimit, which makes its decisions',
    ]);
    expect(
      problemsOf({
        MODULES: 'ratelimit,content',
        API_RATE_LIMIT_DOMAIN: 'api',
        API_RATE_LIMIT_ROUTES: 'teams',
      }),
    ).toEqual([
      'API_RATE_LIMIT_DOMAIN is set but MODULES=ratelimit,content runs none of the APIs API_RATE_LIMIT_ROUTES=teams protects',
    ]);
    expect(problemsOf({ MODULES: 'ratelimit,teams', API_RATE_LIMIT_DOMAIN: 'api' })).toEqual([]);
  });
});

describe('generated settings documents', () => {
  it('docs/settings.md and .env.example match the schema (run `npm run docs:settings`)', () => {
    const root = join(__dirname, '..', '..');
    expect(readFileSync(join(root, '.env.example'), 'utf8')).toBe(renderEnvExample());
    expect(readFileSync(join(root, 'docs', 'settings.md'), 'utf8')).toBe(renderSettingsTable());
  });
});
