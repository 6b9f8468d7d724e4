import { NO_SECRET, Secret } from '../secret';
import { setting } from '../setting-definition';
import { parseList } from '../setting-parsers';
import { DEFAULT_ALLOWED_FILE_EXTENSIONS, parseFileExtensions } from './file-extensions';
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
    pgliteWorker: bool(
      'PGLITE_WORKER',
      'run the embedded database (PGlite) in a worker thread, off the event loop that answers requests; false: on the main thread',
      true,
    ),
    pgliteInitdbInChild: bool(
      'PGLITE_INITDB_IN_CHILD',
      "make a new embedded database (PGlite's initdb, ~850 MB for some seconds) in a short-lived child process, then open it: the process itself never holds that memory, the machine still needs it; costs a few seconds of the first start. content-import sets it",
    ),
    pgliteSharedBuffersMb: int(
      'PGLITE_SHARED_BUFFERS_MB',
      "PostgreSQL's shared_buffers of the embedded database (PGlite), in MB, for this process; 0: the data directory's own (128 MB). PGlite holds them in its WASM heap, which never shrinks; content-import uses 16",
      0,
      0,
      65536,
    ),
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
    disableBruteForceLoginProtection: bool(
      'DISABLE_BRUTE_FORCE_LOGIN_PROTECTION',
      'turn off the lock of logins and client addresses after repeated failed Basic auth attempts (Grafana disable_brute_force_login_protection)',
    ),
    bruteForceLoginProtectionMaxAttempts: int(
      'BRUTE_FORCE_LOGIN_PROTECTION_MAX_ATTEMPTS',
      'failed attempts within LOGIN_ATTEMPTS_WINDOW that lock a login (or a client address) until the oldest leaves the window',
      5,
      1,
      1000,
    ),
    loginAttemptsWindow: duration(
      'LOGIN_ATTEMPTS_WINDOW',
      'how far back failed login attempts count; also how long a lock lasts (fixed at 5m in Grafana)',
      '5m',
    ),
    disableUsernameLoginProtection: bool(
      'DISABLE_USERNAME_LOGIN_PROTECTION',
      'do not count failed attempts per login (Grafana disable_username_login_protection)',
    ),
    disableIpAddressLoginProtection: bool(
      'DISABLE_IP_ADDRESS_LOGIN_PROTECTION',
      'do not count failed attempts per client address (Grafana disable_ip_address_login_protection; on by default there too)',
      true,
    ),
    passwordHashConcurrency: int(
      'PASSWORD_HASH_CONCURRENCY',
      'password checks (scrypt, on the shared libuv thread pool) running at once per instance',
      2,
      1,
      64,
    ),
    passwordHashQueue: int(
      'PASSWORD_HASH_QUEUE',
      'password checks waiting for a slot at most; beyond it a Basic auth request is answered 503 at once',
      32,
      0,
      100_000,
    ),
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
    craftVersion: choice(
      'GRAPHQL_CRAFT_VERSION',
      'the Craft GraphQL dialect served: 4 (entry types <section>_<type>_Entry) or 5 (<type>_Entry, notRelatedTo, relatedViaField/relatedViaSite); same store and model either way',
      ['4', '5'] as const,
      '4',
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
    publicMaxComplexity: int(
      'GRAPHQL_PUBLIC_MAX_COMPLEXITY',
      'complexity cap for the public schema (anonymous requests), on top of GRAPHQL_MAX_COMPLEXITY; 0 = off',
      10_000,
    ),
    publicMaxDepth: int(
      'GRAPHQL_PUBLIC_MAX_DEPTH',
      'depth cap for the public schema (anonymous requests), on top of GRAPHQL_MAX_DEPTH; 0 = off',
      20,
    ),
    adhocTransforms: choice(
      'GRAPHQL_ADHOC_TRANSFORMS',
      'who may ask for ad-hoc image transforms (width, height, format... and srcset sizes): any, tokens (not the public schema) or named (nobody: only the named transforms of the model)',
      ['any', 'tokens', 'named'] as const,
      'tokens',
      { caseInsensitive: true },
    ),
    transformMaxPixels: int(
      'GRAPHQL_TRANSFORM_MAX_PIXELS',
      'largest output of one image transform in pixels (width x height; 4096x4096 by default); larger: a GraphQL error',
      4096 * 4096,
      1,
      8192 * 8192,
    ),
    transformMaxFilesPerAsset: int(
      'CONTENT_TRANSFORM_MAX_FILES_PER_ASSET',
      'generated transform files kept per source image; beyond it the oldest of that image are removed; 0 = off',
      32,
    ),
    transformMaxPerRequest: int(
      'CONTENT_TRANSFORM_MAX_PER_REQUEST',
      'new image transform files one GraphQL request may generate (files already generated are free); beyond it the field is a GraphQL error; 0 = off',
      100,
    ),
    transformMaxBytesPerRequest: int(
      'CONTENT_TRANSFORM_MAX_BYTES_PER_REQUEST',
      'bytes of new image transform files one GraphQL request may generate; beyond it the field is a GraphQL error; 0 = off',
      64 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    transformDiskBudgetBytes: int(
      'CONTENT_TRANSFORM_DISK_BUDGET_BYTES',
      'total size of generated transform files per instance; beyond it the oldest are removed; 0 = off',
      2 * 1024 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    allowedFileExtensions: setting<readonly string[]>(
      'CONTENT_ALLOWED_FILE_EXTENSIONS',
      "extensions asset files may have (uploads, renames, imports), comma-separated (Craft allowedFileExtensions); a volume's allowedFileExtensions wins; default: Craft's list without js",
      { default: DEFAULT_ALLOWED_FILE_EXTENSIONS, parse: parseFileExtensions },
    ),
    maxBatchSize: int(
      'GRAPHQL_MAX_BATCH_SIZE',
      'most operations in one batch request (Craft maxGraphqlBatchSize); 0 = off',
      0,
    ),
    publicMaxBatchSize: int(
      'GRAPHQL_PUBLIC_MAX_BATCH_SIZE',
      'most operations in one batch request of an anonymous client (no token), on top of GRAPHQL_MAX_BATCH_SIZE; 0 = off',
      20,
    ),
    maxQueryBytes: int(
      'GRAPHQL_MAX_QUERY_BYTES',
      'largest query text of one operation (UTF-8 bytes, comments and whitespace included), refused before it is hashed, parsed or cached; 0 = off',
      1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    publicMaxQueryBytes: int(
      'GRAPHQL_PUBLIC_MAX_QUERY_BYTES',
      'the same for anonymous requests (no token), on top of GRAPHQL_MAX_QUERY_BYTES; 0 = off',
      16 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
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
    publicMaxBodyBytes: int(
      'GRAPHQL_PUBLIC_MAX_BODY_BYTES',
      'largest request body of an anonymous request (no token, no X-Craft-Gql-Schema), checked before it is read; larger: 413',
      256 * 1024,
      1024,
      Number.MAX_SAFE_INTEGER,
    ),
    datesInSystemTimeZone: bool(
      'GRAPHQL_DATES_IN_SYSTEM_TIME_ZONE',
      'present dates in TZ instead of UTC (Craft setGraphqlDatesToSystemTimeZone)',
    ),
    httpCacheMaxAge: int(
      'GRAPHQL_HTTP_CACHE_MAX_AGE',
      'seconds CDNs and browsers may keep a public GET answer (Cache-Control: public, max-age); 0 = no Cache-Control (answers keep their ETag)',
      0,
      0,
      31_536_000,
    ),
    httpCacheStaleWhileRevalidate: int(
      'GRAPHQL_HTTP_CACHE_STALE_WHILE_REVALIDATE',
      'seconds past max-age a cache may answer while it revalidates (stale-while-revalidate); 0 = not sent; only with GRAPHQL_HTTP_CACHE_MAX_AGE',
      0,
      0,
      31_536_000,
    ),
    persistedQueries: choice(
      'GRAPHQL_PERSISTED_QUERIES',
      'Automatic Persisted Queries (extensions.persistedQuery, as Apollo clients send them): off, auto (a query is registered by its sha256 on first use, in the shared cache) or only',
      ['off', 'auto', 'only'] as const,
      'auto',
      { caseInsensitive: true },
    ),
    persistedQueriesDir: str(
      'GRAPHQL_PERSISTED_QUERIES_DIR',
      'with GRAPHQL_PERSISTED_QUERIES=only: directory of the allow-list (.graphql files, hashed as their exact text, and Apollo persisted query manifests, *.json); reloaded on change',
    ),
    invalidationWebhook: setting<Secret>(
      'GRAPHQL_INVALIDATION_WEBHOOK',
      'URL POSTed {"tags":[...]} after each content write, for purging a CDN by cache tag; empty = off',
      { default: NO_SECRET, defaultText: '', parse: parseWebhookUrl },
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
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error('allowed values: a postgres:// or postgresql:// URL');
  }
  return value;
}

/**
 * An http(s) URL without user:password (fetch refuses those: a credential goes in the path or the
 * query), or empty; kept as a Secret since it may carry one.
 */
function parseWebhookUrl(raw: string): Secret {
  const value = raw.trim();
  if (value === '') return NO_SECRET;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('allowed values: empty, or an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('allowed values: empty, or an http:// or https:// URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('the URL may not hold user:password; put a credential in its path or query');
  }
  return new Secret(value);
}

/** An absolute URL path without a trailing slash. */
function parsePath(raw: string): string {
  const value = raw.trim();
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || (value.length > 1 && value.endsWith('/'))) {
    throw new Error('allowed values: an absolute path such as /graphql, without a trailing slash');
  }
  return value;
}

/** Craft's allowedGraphqlOrigins: null (every origin, `*`), a list, or false (never sent). */
function parseOrigins(raw: string): string[] | null | false {
  const value = raw.trim();
  if (value === '') return null;
  if (value.toLowerCase() === 'none') return false;
  return parseList(value);
}
