import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildClientSchema,
  getIntrospectionQuery,
  GraphQLSchema,
  IntrospectionQuery,
  parse,
  validate,
} from 'graphql';
import { GrafanaApi } from './grafana-api';
import { GraphqlClient } from './graphql-client';
import { createPostgresDatabase, PostgresDatabase } from './postgres-database';
import { PROJECT_ROOT, ServiceProcess, startService } from './service-process';

/** The two databases the service runs on; content query suites run once on each. */
export const DATABASE_KINDS = ['PGlite', 'PostgreSQL'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const CONTENT_QUERIES_ADMIN_PASSWORD = 'content-queries-secret';
const ADMIN_PASSWORD = CONTENT_QUERIES_ADMIN_PASSWORD;
const DEMO_SEED = join(PROJECT_ROOT, 'config', 'content', 'seed');

export interface ContentQueriesOptions {
  /** Files added to a copy of the demo seed directory (name → content); none: the demo itself. */
  readonly extraSeedFiles?: Readonly<Record<string, string>>;
  /** How long the boot (migrations, the seed) may take; default 90 s. */
  readonly readyTimeoutMs?: number;
  /** More settings for the service (e.g. GRAPHQL_CRAFT_VERSION). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * For `beforeAll`: a boot on a busy 2-core machine (other suites running) can take most of a
 * minute, longer with a large seed.
 */
export const CONTENT_BOOT_TIMEOUT_MS = 120_000;

/** A GraphQL answer that went well: its data. */
export type QueryData = Record<string, unknown>;

export interface ContentQueriesWorld {
  readonly kind: DatabaseKind;
  readonly service: ServiceProcess;
  /** No token: the demo's public schema. */
  readonly publicClient: GraphqlClient;
  /** A token of the demo's `editorial` schema (users, non-live elements). */
  readonly editorial: GraphqlClient;
  /**
   * Runs an operation that must succeed: the document must pass graphql-js's full validation
   * against the schema the client's token is served (introspected over HTTP, so a test cannot
   * lean on the production-only leniency by accident), and the answer must be HTTP 200 with
   * `data` and no `errors`.
   */
  data<T = QueryData>(
    client: GraphqlClient,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T>;
  /** The element ids of the demo content by `<kind>:<slug>` (`entry:about-us`, `asset:<filename>`, `user:<username>`). */
  id(key: string): number;
  /** `content.store.queries` from the debug listener's /stats: every store query so far. */
  storeQueries(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * One service with the demo content model and content (config/content) on a fresh database of
 * `kind`: PGlite in a temporary DATA_DIR, or a new PostgreSQL database (its volumes in a
 * temporary DATA_DIR as well).
 */
export async function startContentQueries(
  kind: DatabaseKind,
  options: ContentQueriesOptions = {},
): Promise<ContentQueriesWorld> {
  const root = mkdtempSync(join(tmpdir(), 'content-queries-'));
  let seedDir = DEMO_SEED;
  if (options.extraSeedFiles !== undefined) {
    seedDir = join(root, 'seed');
    cpSync(DEMO_SEED, seedDir, { recursive: true });
    for (const [name, text] of Object.entries(options.extraSeedFiles)) {
      writeFileSync(join(seedDir, name), text);
    }
  }
  let database: PostgresDatabase | undefined;
  let service: ServiceProcess;
  try {
    if (kind === 'PostgreSQL') database = await createPostgresDatabase('content_queries');
    service = await startService(
      {
        DATA_DIR: join(root, 'data'),
        ...(database !== undefined && { DATABASE_URL: database.url }),
        ADMIN_PASSWORD,
        CONTENT_SEED_DIR: seedDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      { readyTimeoutMs: options.readyTimeoutMs ?? 90_000 },
    );
  } catch (error) {
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await service.stop();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const publicClient = new GraphqlClient(service.httpUrl);
    const api = new GrafanaApi(service.httpUrl, { basic: ['admin', ADMIN_PASSWORD] });
    const created = await api.post<{ accessToken?: string }>('/api/content/tokens', {
      name: 'content queries',
      schema: 'editorial',
    });
    if (created.status !== 201 || created.body.accessToken === undefined) {
      throw new Error(`no editorial token (${created.status}): ${created.text}`);
    }
    const editorial = publicClient.withToken(created.body.accessToken);
    const schemas = new Map<string, Promise<GraphQLSchema>>();
    const servedSchema = (client: GraphqlClient) => {
      const key = client.defaults.token ?? '';
      let schema = schemas.get(key);
      if (schema === undefined) schemas.set(key, (schema = introspect(client)));
      return schema;
    };
    const data = async <T>(
      client: GraphqlClient,
      query: string,
      variables?: Record<string, unknown>,
    ): Promise<T> => {
      const problems = validate(await servedSchema(client), parse(query));
      if (problems.length > 0) {
        throw new Error(`invalid query: ${problems.map((p) => p.message).join('; ')}`);
      }
      const answer = await client.post<{ data?: T; errors?: unknown }>({ query, variables });
      if (answer.status !== 200 || answer.body.errors !== undefined || !answer.body.data) {
        throw new Error(`query failed (${answer.status}): ${answer.text}`);
      }
      return answer.body.data;
    };
    const ids = await demoIds(data, editorial);
    return {
      kind,
      service,
      publicClient,
      editorial,
      data,
      id: (key) => {
        const id = ids.get(key);
        if (id === undefined) throw new Error(`no demo element ${key}`);
        return id;
      },
      storeQueries: async () => {
        const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
        const match = /^content\.store\.queries: (\d+)$/m.exec(stats);
        if (match === null) throw new Error(`no content.store.queries in /stats:\n${stats}`);
        return Number(match[1]);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function introspect(client: GraphqlClient): Promise<GraphQLSchema> {
  const answer = await client.post<{ data?: IntrospectionQuery }>({
    // Deprecated arguments (`relatedToAll`) are still arguments a client may send.
    query: getIntrospectionQuery({ inputValueDeprecation: true }),
  });
  if (answer.body.data === undefined) {
    throw new Error(`introspection failed (${answer.status}): ${answer.text.slice(0, 300)}`);
  }
  return buildClientSchema(answer.body.data);
}

interface Identified {
  readonly id: string;
  readonly slug?: string | null;
  readonly filename?: string;
  readonly username?: string;
  readonly handle?: string;
}

/** Ids of every demo element (ids depend on the database's sequences: never hard-coded). */
async function demoIds(
  data: ContentQueriesWorld['data'],
  editorial: GraphqlClient,
): Promise<Map<string, number>> {
  const found = await data<Record<string, Identified[]>>(
    editorial,
    `{
      entries(status: null) { id slug }
      assets { id filename }
      categories { id slug }
      tags { id slug }
      users(status: null) { id username }
      globalSets { id handle }
    }`,
  );
  const ids = new Map<string, number>();
  const add = (kind: string, name: string | null | undefined, id: string) => {
    if (name !== undefined && name !== null) ids.set(`${kind}:${name}`, Number(id));
  };
  for (const entry of found.entries) add('entry', entry.slug, entry.id);
  for (const asset of found.assets) add('asset', asset.filename, asset.id);
  for (const category of found.categories) add('category', category.slug, category.id);
  for (const tag of found.tags) add('tag', tag.slug, tag.id);
  for (const user of found.users) add('user', user.username, user.id);
  for (const set of found.globalSets) add('globalSet', set.handle, set.id);
  return ids;
}
