import type { AuthenticatorService } from '../../identity';
import { MemorySharedCache } from '../../infra/cache/memory-shared-cache';
import type { SharedCache } from '../../infra/cache/shared-cache.port';
import { ManualClock } from '../../infra/clock/clock';
import type { Settings } from '../../settings/settings';
import type { ContentScheduleRepository } from '../cache/content-schedule.repository';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import {
  ContentGraphql,
  ExecuteOptions,
  GraphqlOperation,
  GraphqlResult,
} from '../graphql/content-graphql';
import type { GqlSchemaDefinition } from '../model/content-model';
import type { Database } from '../../infra/database/database';
import type { GraphqlTokensRepository } from '../schemas/tokens/graphql-tokens.repository';
import { GraphqlTokensService } from '../schemas/tokens/graphql-tokens.service';
import { SchemaSelector } from '../schemas/schema-selector';
import { modelWith, schemaDefinition, SettableModelSource } from '../schemas/schemas.fixtures';
import { PersistedQueries } from '../persisted/persisted-queries';
import { PersistedQueryAllowList } from '../persisted/persisted-query-allow-list';
import { PersistedQueryStore } from '../persisted/persisted-query.store';
import { type CacheableAnswer, CachedAnswers } from './cached-answers';
import { EndpointAnswer, EndpointRequest, GraphqlEndpoint } from './graphql-endpoint';
import { entityTag } from './http-caching';
import type { WholeRequest } from './cached-answers';

/**
 * An executor answering what it was asked, to see what the endpoint passes on; `{boom}` throws.
 * The `tags` variable lists the cache tags its reads would record.
 */
export class EchoGraphql extends ContentGraphql {
  /** How many operations ran. */
  runs = 0;

  execute(
    schema: GqlSchemaDefinition,
    operation: GraphqlOperation,
    options: ExecuteOptions = {},
  ): Promise<GraphqlResult> {
    this.runs++;
    if (operation.query === '{boom}') return Promise.reject(new Error('executor defect'));
    const tags = operation.variables?.tags;
    if (Array.isArray(tags)) for (const tag of tags) options.tags?.add(String(tag));
    return Promise.resolve({ data: { schema: schema.handle, ...operation } });
  }
}

const models = new SettableModelSource(modelWith([schemaDefinition('public', { isPublic: true })]));

/**
 * An answer with its JSON text parsed, to compare whole bodies (key order included), and without
 * the ETag of a cacheable one, once checked to be the tag of the body's bytes.
 */
export type ParsedAnswer = Omit<EndpointAnswer, 'body' | 'cacheable'> & {
  json?: unknown;
  cacheable?: Omit<CacheableAnswer, 'etag'>;
};

function parsed({ body, cacheable, ...rest }: EndpointAnswer): ParsedAnswer {
  const json = body === undefined ? {} : { json: JSON.parse(body) as unknown };
  if (cacheable === undefined) return { ...rest, ...json };
  const { etag, ...headers } = cacheable;
  if (etag !== entityTag(body ?? '')) throw new Error(`ETag ${etag} is not the body's`);
  return { ...rest, ...json, cacheable: headers };
}

/** An endpoint over the echo executor, and the parts tests look at. */
export interface EndpointWorld {
  answer(request: EndpointRequest): Promise<ParsedAnswer>;
  readonly executor: EchoGraphql;
  readonly cache: GraphqlResultCache;
  readonly allowList: PersistedQueryAllowList;
  readonly persistedStore: PersistedQueryStore;
  readonly persisted: PersistedQueries;
  /** The endpoint itself (answers unparsed) and its caching decisions. */
  readonly endpoint: GraphqlEndpoint;
  readonly answers: CachedAnswers;
}

/**
 * GRAPHQL_CACHE is off unless `content` turns it on (`cache: true`); `shared` is the persisted
 * query store's cache (a fresh one by default), `resultStore` the result cache's.
 */
export function endpoint(
  content: Partial<Settings['content']> = {},
  nextStatusChange: Date | null = null,
  shared?: SharedCache,
  resultStore?: SharedCache,
): EndpointWorld {
  const settings = {
    content: {
      enabled: true,
      devMode: false,
      httpCacheMaxAge: 0,
      httpCacheStaleWhileRevalidate: 0,
      persistedQueries: 'auto',
      cache: false,
      cacheTtl: 3_600_000,
      cacheMaxEntryBytes: 1024 * 1024,
      allowedOrigins: null,
      ...content,
    },
  } as Settings;
  // Requests here carry no token or a malformed one: no database and no authenticator is reached.
  const clock = new ManualClock(0);
  const tokens = new GraphqlTokensService(
    undefined as unknown as GraphqlTokensRepository,
    undefined as unknown as Database,
    models,
    clock,
  );
  const selector = new SchemaSelector(
    models,
    tokens,
    undefined as unknown as AuthenticatorService,
    clock,
  );
  const schedule = { nextStatusChange: () => Promise.resolve(nextStatusChange) };
  const cache = new GraphqlResultCache(
    settings,
    resultStore ?? new MemorySharedCache(clock, 1024 * 1024),
    models,
    clock,
    schedule as unknown as ContentScheduleRepository,
  );
  const allowList = new PersistedQueryAllowList(settings);
  if (settings.content.persistedQueriesDir) allowList.reload();
  const persistedStore = new PersistedQueryStore(
    shared ?? new MemorySharedCache(clock, 1024 * 1024),
  );
  const persisted = new PersistedQueries(settings, persistedStore, allowList);
  const executor = new EchoGraphql();
  const answers = new CachedAnswers(settings, cache, persisted, clock);
  const served = new GraphqlEndpoint(settings, selector, executor, cache, persisted, answers);
  return {
    answer: async (request) => parsed(await served.answer(request)),
    executor,
    cache,
    allowList,
    persistedStore,
    persisted,
    endpoint: served,
    answers,
  };
}

export const request = (overrides: Partial<EndpointRequest>): EndpointRequest => ({
  method: 'POST',
  contentType: 'application/json',
  body: undefined,
  search: '',
  headers: { authorization: [], craftAuthorization: undefined, gqlSchema: undefined },
  ...overrides,
});
export const postJson = (body: unknown): WholeRequest => request({ body: JSON.stringify(body) });
export const echo = (
  query: string,
  variables: object | null = null,
  operationName: string | null = null,
): {
  data: { schema: string; query: string; variables: object | null; operationName: string | null };
} => ({
  data: { schema: 'public', query, variables, operationName },
});
