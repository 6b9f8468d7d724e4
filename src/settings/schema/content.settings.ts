import { setting } from '../setting-definition';
import { parseList } from '../setting-parsers';
import { bool, choice, duration, int, list, secret, str } from './setting-builders';

/** The identity store and the content API. */
export const CONTENT_SETTINGS = {
  identity: {
    dataDir: str(
      'DATA_DIR',
      'local data directory; the embedded database (PGlite) lives in DATA_DIR/pglite',
      './data',
    ),
    databaseUrl: setting('DATABASE_URL', 'PostgreSQL URL (postgres://...); empty uses PGlite', {
      default: '',
      parse: parseDatabaseUrl,
    }),
    databasePoolSize: int('DATABASE_POOL_SIZE', 'PostgreSQL connections per instance', 10, 1, 1000),
    adminUser: str('ADMIN_USER', 'login of the admin user created on first start', 'admin'),
    adminPassword: secret(
      'ADMIN_PASSWORD',
      'password of that admin; empty: a random one is generated and logged once; read once, then forgotten',
    ),
    adminEmail: str('ADMIN_EMAIL', 'email of that admin', 'admin@localhost'),
    editorsCanAdmin: bool(
      'EDITORS_CAN_ADMIN',
      'Editors may create teams (and administer the teams they create)',
    ),
    hiddenUsers: list(
      'HIDDEN_USERS',
      'logins left out of team member lists and counts, except for Grafana admins and themselves',
    ),
    disableGravatar: bool(
      'DISABLE_GRAVATAR',
      'avatar URLs point to a local placeholder image instead of /avatar/<md5>',
    ),
    appSubUrl: str('APP_SUB_URL', 'path prefix of avatar URLs (Grafana app_sub_url)'),
  },
  content: {
    enabled: bool('GRAPHQL_ENABLED', 'serve the content GraphQL API (Craft enableGql)', true),
    path: setting('GRAPHQL_PATH', 'path of the GraphQL endpoint; /api is served as well', {
      default: '/graphql',
      parse: parsePath,
    }),
    projectDir: str(
      'CONTENT_PROJECT_DIR',
      'directory of the content model YAML (sites, fields, sections, volumes, GraphQL schemas); re-applied on change',
      'config/content/project',
    ),
    seedDir: setting(
      'CONTENT_SEED_DIR',
      'content loaded at boot while the store holds no entries, assets, categories or tags (the demo content); `none`: nothing',
      {
        default: 'config/content/seed',
        parse: (raw) => (raw.trim().toLowerCase() === 'none' ? '' : raw.trim()),
      },
    ),
    volumesDir: str(
      'CONTENT_VOLUMES_DIR',
      'where volumes without a path keep their files (DATA_DIR/volumes when empty)',
    ),
    devMode: bool(
      'GRAPHQL_DEV_MODE',
      'Craft devMode: real error messages and the FieldsOnCorrectType/KnownTypeNames validation rules',
    ),
    allowedOrigins: setting<string[] | null | false>(
      'GRAPHQL_ALLOWED_ORIGINS',
      'CORS origins (Craft allowedGraphqlOrigins): empty = *, a comma list, or "none"',
      { default: null, defaultText: '', parse: parseOrigins },
    ),
    maxResults: int('GRAPHQL_MAX_RESULTS', 'caps the limit of every element query; 0 = off', 0),
    maxComplexity: int(
      'GRAPHQL_MAX_COMPLEXITY',
      'largest complexity score of an operation (Craft maxGraphqlComplexity); 0 = off',
      0,
    ),
    maxDepth: int(
      'GRAPHQL_MAX_DEPTH',
      'deepest nesting of fields of an operation (Craft maxGraphqlDepth); 0 = off',
      0,
    ),
    maxBatchSize: int(
      'GRAPHQL_MAX_BATCH_SIZE',
      'most operations in one batch request (Craft maxGraphqlBatchSize); 0 = off',
      0,
    ),
    maxTokens: int(
      'GRAPHQL_MAX_TOKENS',
      'most tokens (names, values, punctuation) in a query document; parsing stops beyond it with a syntax error; 0 = off',
      50_000,
    ),
    introspection: bool(
      'GRAPHQL_INTROSPECTION',
      'allow introspection with the public schema and tokens (admins with X-Craft-Gql-Schema always may)',
      true,
    ),
    cache: bool('GRAPHQL_CACHE', 'cache query results (Craft enableGraphqlCaching)', true),
    cacheTtl: duration(
      'GRAPHQL_CACHE_TTL',
      'longest life of a cached result (content changes invalidate sooner)',
      '1h',
    ),
    cacheBackend: choice(
      'GRAPHQL_CACHE_BACKEND',
      'where results are cached: auto (kvstore when BACKEND_TYPE is kvstore, else memory), memory or kvstore (the KVSTORE_* store)',
      ['auto', 'memory', 'kvstore'] as const,
      'auto',
      { caseInsensitive: true },
    ),
    cacheMemoryMaxBytes: int(
      'GRAPHQL_CACHE_MEMORY_MAX_BYTES',
      'memory backend: total size of cached results; least recently used evicted beyond it',
      64 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    cacheMaxEntryBytes: int(
      'GRAPHQL_CACHE_MAX_ENTRY_BYTES',
      'results larger than this (JSON bytes) are not cached',
      2 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    maxBodyBytes: int(
      'GRAPHQL_MAX_BODY_BYTES',
      'largest request body of the GraphQL endpoint (asset uploads travel in it as base64); larger: 413',
      16 * 1024 * 1024,
      1024,
      Number.MAX_SAFE_INTEGER,
    ),
    datesInSystemTimeZone: bool(
      'GRAPHQL_DATES_IN_SYSTEM_TIME_ZONE',
      'present dates in TZ instead of UTC (Craft setGraphqlDatesToSystemTimeZone)',
    ),
  },
} as const;

/** A PostgreSQL connection URL (postgres: or postgresql:), or empty for the embedded PGlite. */
function parseDatabaseUrl(raw: string): string {
  const value = raw.trim();
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('allowed values: empty, or a URL postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error('allowed values: a postgres:// or postgresql:// URL');
  return value;
}

/** An absolute URL path without a trailing slash. */
function parsePath(raw: string): string {
  const value = raw.trim();
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || (value.length > 1 && value.endsWith('/')))
    throw new Error('allowed values: an absolute path such as /graphql, without a trailing slash');
  return value;
}

/** Craft's allowedGraphqlOrigins: null (every origin, `*`), a list, or false (never sent). */
function parseOrigins(raw: string): string[] | null | false {
  const value = raw.trim();
  if (value === '') return null;
  if (value.toLowerCase() === 'none') return false;
  return parseList(value);
}
