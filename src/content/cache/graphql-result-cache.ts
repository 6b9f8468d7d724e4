import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { SharedCache } from '../../infra/cache/shared-cache.port';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import type { GraphqlOperation, GraphqlResult } from '../graphql/content-graphql';
import type { GqlSchemaDefinition } from '../model/content-model';
import { ContentModelSource } from '../model/content-model.source';
import { isCacheableRequest, skipsCache } from './cacheability';
import { ContentScheduleRepository } from './content-schedule.repository';
import { resultCacheKey } from './result-cache-key';
import { resultSettingsFingerprint } from './result-cache-settings';

/** The namespace of GraphQL results in the shared cache. */
export const RESULT_NAMESPACE = 'graphql';

/** Statistics of the result cache (debug `/stats`). */
export const CACHE_STATS = {
  hits: 'content.graphql_cache.hits',
  misses: 'content.graphql_cache.misses',
  errors: 'content.graphql_cache.errors',
  invalidations: 'content.graphql_cache.invalidations',
} as const;

/** One operation of a request, with what decides whether and under which key it is cached. */
export interface CachedOperation {
  readonly schema: GqlSchemaDefinition;
  readonly operation: GraphqlOperation;
  /** Chosen by an admin with X-Craft-Gql-Schema. */
  readonly privileged: boolean;
  /** The request's `X-Craft-Gql-Cache` header. */
  readonly cacheHeader: string | undefined;
}

/** The next scheduled status change as known for one generation of the cache. */
interface Schedule {
  readonly generation: string;
  readonly nextChangeMs: number | null;
}

/**
 * Cached GraphQL results (Craft's enableGraphqlCaching, spec §6.3), in the shared cache (memory or
 * Redis): keyed by schema, model version, site, settings, query text, variables and operation
 * name; not for mutations, results with errors, or `X-Craft-Gql-Cache: no-cache` requests.
 *
 * Every write path (mutations, importer, seeder) calls `invalidate()` after its transaction
 * commits; a model change invalidates too, and so does each instance's start (a cache may hold
 * results of another database). An entry lives at most GRAPHQL_CACHE_TTL, and never past the next
 * scheduled post or expiry date. When the store fails, requests run uncached; a failed
 * invalidation keeps this instance off the cache until it succeeds.
 */
@Injectable()
export class GraphqlResultCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('GraphqlResultCache');
  private readonly enabled: boolean;
  private readonly ttlMs: number;
  private readonly maxEntryBytes: number;
  private readonly settingsFingerprint: string;
  private readonly stats: Record<keyof typeof CACHE_STATS, Counter> | undefined;
  private readonly unsubscribe: () => void;
  /** An invalidation that did not reach the store: this instance must not read it meanwhile. */
  private pendingInvalidation = true;
  private schedule: Schedule | undefined;
  private lastWarning = 0;

  constructor(
    settings: Settings,
    private readonly cache: SharedCache,
    private readonly models: ContentModelSource,
    private readonly clock: Clock,
    private readonly schedules: ContentScheduleRepository,
    @Optional() stats?: StatsRegistry,
  ) {
    this.enabled = settings.content.cache;
    this.ttlMs = settings.content.cacheTtl;
    this.maxEntryBytes = settings.content.cacheMaxEntryBytes;
    this.settingsFingerprint = resultSettingsFingerprint(settings);
    this.stats = stats && {
      hits: stats.counter(CACHE_STATS.hits),
      misses: stats.counter(CACHE_STATS.misses),
      errors: stats.counter(CACHE_STATS.errors),
      invalidations: stats.counter(CACHE_STATS.invalidations),
    };
    this.unsubscribe = models.onChange(() => void this.invalidate());
  }

  /** Results stored by an earlier process may come from another database or content. */
  async onApplicationBootstrap(): Promise<void> {
    await this.invalidate();
    if (this.enabled)
      this.logger.log(
        `GraphQL results are cached (${this.cache.kind === 'kvstore' ? 'Redis, shared by the instances using it' : 'process memory'}) for up to ${Math.round(this.ttlMs / 1000)} s`,
      );
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * Makes every cached result stale, on every instance sharing the cache. Never throws: a store
   * that does not answer is retried before this instance reads the cache again.
   */
  async invalidate(): Promise<void> {
    this.stats?.invalidations.inc();
    this.schedule = undefined;
    try {
      await this.cache.invalidate(RESULT_NAMESPACE);
      this.pendingInvalidation = false;
    } catch (error) {
      this.pendingInvalidation = true;
      this.warn(`could not invalidate the GraphQL result cache: ${messageOf(error)}`);
    }
  }

  /** The cached result of the operation, or `execute()`'s, stored when it may be cached. */
  async answer(
    request: CachedOperation,
    execute: () => Promise<GraphqlResult>,
  ): Promise<GraphqlResult> {
    const { operation } = request;
    if (
      !this.enabled ||
      skipsCache(request.cacheHeader) ||
      !isCacheableRequest(operation.query, operation.variables)
    )
      return execute();
    if (this.pendingInvalidation) {
      await this.invalidate();
      if (this.pendingInvalidation) return execute();
    }
    const model = this.models.current;
    const key = resultCacheKey({
      schemaUid: request.schema.uid,
      modelVersion: model.version,
      siteId: model.primarySite.id,
      privileged: request.privileged,
      settings: this.settingsFingerprint,
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
    });
    let generation: string | undefined;
    try {
      const found = await this.cache.lookup(RESULT_NAMESPACE, key);
      if (found.value !== undefined) {
        this.stats?.hits.inc();
        return JSON.parse(found.value) as GraphqlResult;
      }
      generation = found.generation;
    } catch (error) {
      this.failed(error);
      return execute();
    }
    this.stats?.misses.inc();
    const result = await execute();
    if (generation !== undefined && result.errors === undefined)
      await this.store(key, generation, result);
    return result;
  }

  private async store(key: string, generation: string, result: GraphqlResult): Promise<void> {
    try {
      const text = JSON.stringify(result);
      if (Buffer.byteLength(text) > this.maxEntryBytes) return;
      const ttl = await this.ttlFor(generation);
      if (ttl > 0) await this.cache.store(RESULT_NAMESPACE, key, generation, text, ttl);
    } catch (error) {
      this.failed(error);
    }
  }

  /** GRAPHQL_CACHE_TTL, cut short by the next scheduled status change (known per generation). */
  private async ttlFor(generation: string): Promise<number> {
    const now = this.clock.nowMs();
    let schedule = this.schedule;
    if (
      schedule === undefined ||
      schedule.generation !== generation ||
      (schedule.nextChangeMs !== null && schedule.nextChangeMs <= now)
    ) {
      const next = await this.schedules.nextStatusChange(new Date(now));
      schedule = { generation, nextChangeMs: next === null ? null : next.getTime() };
      this.schedule = schedule;
    }
    return schedule.nextChangeMs === null
      ? this.ttlMs
      : Math.min(this.ttlMs, schedule.nextChangeMs - now);
  }

  private failed(error: unknown): void {
    this.stats?.errors.inc();
    this.warn(`GraphQL result cache unavailable, answering without it: ${messageOf(error)}`);
  }

  /** At most one warning per 10 s: a store that is down fails every request. */
  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
