import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import {
  type CacheLookup as SharedCacheLookup,
  SharedCache,
} from '../../infra/cache/shared-cache.port';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import type { GraphqlOperation, GraphqlResult } from '../graphql/content-graphql';
import { type SerializedResult, serializeResult, storedResult } from '../graphql/serialized-result';
import type { GqlSchemaDefinition } from '../model/content-model';
import { ContentModelSource } from '../model/content-model.source';
import { CONTENT_TAG, type ChangedElement, writeTags } from './cache-tags';
import { isCacheableRequest, skipsCache } from './cacheability';
import { ContentScheduleRepository } from './content-schedule.repository';
import { InvalidationWebhook } from './invalidation-webhook';
import { requestCacheKey, type RequestText, resultCacheKey } from './result-cache-key';
import { type EntryParts, entryText, readEntry, type StoredEntry } from './stored-entry';
import { resultSettingsFingerprint } from './result-cache-settings';

/** The namespace of GraphQL results in the shared cache. */
export const RESULT_NAMESPACE = 'graphql';
/**
 * In every key: entries stored in another shape (by an older version sharing Redis) are never
 * read. 3: the tags' JSON (or `null`), a newline, the result's JSON text (stored-entry.ts).
 */
const ENTRY_FORMAT = 3;

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
  /**
   * Gets the cache tags of the result (cache-tags.ts), for anonymous requests on the public
   * schema: from the entry, or from the execution, which must record them into this same set.
   */
  readonly tags?: Set<string>;
}

/** An anonymous request on the public schema, as it came (request-level lookups). */
export interface CachedRequest {
  readonly schema: GqlSchemaDefinition;
  /** The request's `X-Craft-Gql-Cache` header. */
  readonly cacheHeader: string | undefined;
  readonly http: RequestText;
}

/** What a lookup found: the entry on a hit, and where to store one on a miss. */
export interface CacheLookup {
  readonly key: string;
  /** The generation the lookup saw; undefined when the store cannot say (nothing is stored). */
  readonly generation: string | undefined;
  readonly entry?: StoredEntry;
  /** The entry's text as stored, on a hit. */
  readonly text?: string;
}

/** Whether an early answer's entry is still held; when not, what the store holds instead. */
export type WholeCheck =
  { readonly held: true } | { readonly held: false; readonly seen?: CacheLookup };

/** The next scheduled status change as known for one generation of the cache. */
interface Schedule {
  readonly generation: string;
  readonly nextChangeMs: number | null;
}

/**
 * Cached GraphQL results (Craft's enableGraphqlCaching,
 * docs/content-limits-cache.md#result-caching-spec-63), in the shared cache (memory or Redis):
 * keyed by schema, model version, site, settings, query text, variables and operation name; not for
 * mutations, results with errors, or `X-Craft-Gql-Cache: no-cache` requests.
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
  /** The generation the latest lookup saw (what `untilNextStatusChange` memoises by). */
  private lastGeneration: string | undefined;
  private lastWarning = 0;

  constructor(
    settings: Settings,
    private readonly cache: SharedCache,
    private readonly models: ContentModelSource,
    private readonly clock: Clock,
    private readonly schedules: ContentScheduleRepository,
    @Optional() stats?: StatsRegistry,
    @Optional() private readonly webhook?: InvalidationWebhook,
  ) {
    this.enabled = settings.content.cache;
    this.ttlMs = settings.content.cacheTtl;
    this.maxEntryBytes = settings.content.cacheMaxEntryBytes;
    this.settingsFingerprint = `${ENTRY_FORMAT}:${resultSettingsFingerprint(settings)}`;
    this.stats = stats && {
      hits: stats.counter(CACHE_STATS.hits),
      misses: stats.counter(CACHE_STATS.misses),
      errors: stats.counter(CACHE_STATS.errors),
      invalidations: stats.counter(CACHE_STATS.invalidations),
    };
    this.unsubscribe = models.onChange(() => void this.invalidate());
  }

  /**
   * Results stored by an earlier process may come from another database or content. Nothing
   * changed for CDNs: no webhook.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.clear();
    if (this.enabled) {
      this.logger.log(
        `GraphQL results are cached (${this.cache.kind === 'kvstore' ? 'Redis, shared by the instances using it' : 'process memory'}) for up to ${Math.round(this.ttlMs / 1000)} s`,
      );
    }
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * Makes every cached result stale, on every instance sharing the cache, after a write commits,
   * and tells the invalidation webhook what changed: the `changed` elements (a mutation), or
   * everything (CONTENT_TAG: an import, the seed, a model change). Never throws: a store that
   * does not answer is retried before this instance reads the cache again.
   */
  async invalidate(changed?: readonly ChangedElement[]): Promise<void> {
    await this.clear();
    this.webhook?.notify(
      changed === undefined ? [CONTENT_TAG] : writeTags(this.models.current, changed),
    );
  }

  private async clear(): Promise<void> {
    this.stats?.invalidations.inc();
    this.schedule = undefined;
    this.lastGeneration = undefined;
    try {
      await this.cache.invalidate(RESULT_NAMESPACE);
      this.pendingInvalidation = false;
    } catch (error) {
      this.pendingInvalidation = true;
      this.warn(`could not invalidate the GraphQL result cache: ${messageOf(error)}`);
    }
  }

  /**
   * The cached result of the operation, or `execute()`'s, stored when it may be cached; either
   * way serialised once (a hit is the stored text). `cached` says the result is in the cache now.
   */
  async answer(
    request: CachedOperation,
    execute: () => Promise<GraphqlResult>,
  ): Promise<SerializedResult> {
    const { operation } = request;
    const run = async () => serializeResult(await execute());
    if (
      skipsCache(request.cacheHeader) ||
      !isCacheableRequest(operation.query, operation.variables) ||
      !(await this.usable())
    ) {
      return run();
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
    const found = await this.lookup(key);
    if (found === undefined) return run();
    const { entry } = found;
    // An entry stored without tags (by a token on the public schema) is run again for an
    // answer that needs them.
    if (entry !== undefined && (request.tags === undefined || entry.tags !== null)) {
      this.stats?.hits.inc();
      for (const tag of entry.tags ?? []) request.tags?.add(tag);
      return storedResult(entry.json);
    }
    this.stats?.misses.inc();
    const result = await run();
    if (!result.clean) return result;
    const cached = await this.store(found, entryText({ tags: request.tags, json: result.json }));
    return { ...result, cached };
  }

  /**
   * A whole answer stored by `keepAnswer` for the same request text (anonymous requests on the
   * public schema: the raw body or query string), looked up before anything is decoded, parsed
   * or validated. Undefined when the cache is off or unavailable; `entry` is set on a hit.
   * `seen` is a lookup of the same key made moments before (`wholeAnswer`, for an early answer
   * that the cache no longer held): it is taken instead of asking the store again.
   */
  async findAnswer(request: CachedRequest, seen?: CacheLookup): Promise<CacheLookup | undefined> {
    if (skipsCache(request.cacheHeader) || !(await this.usable())) return undefined;
    const model = this.models.current;
    const key = requestCacheKey({
      schemaUid: request.schema.uid,
      modelVersion: model.version,
      siteId: model.primarySite.id,
      settings: this.settingsFingerprint,
      ...request.http,
    });
    const found = seen?.key === key ? seen : await this.lookup(key);
    if (found?.entry !== undefined) this.stats?.hits.inc();
    return found;
  }

  /**
   * Stores an answer found missing by `findAnswer`, with every tag its operations recorded;
   * returns the entry's text when it was stored.
   */
  async keepAnswer(missed: CacheLookup, answer: EntryParts): Promise<string | undefined> {
    const text = entryText(answer);
    return (await this.store(missed, text)) ? text : undefined;
  }

  /**
   * Whether the entry under `key` is still `text` (a whole answer's, from `findAnswer` or
   * `keepAnswer`): answered at once by a store in process memory, after one round trip by Redis
   * (not held when it fails). A yes counts as a hit; a no carries what the store holds under the
   * key now, for `findAnswer` to take instead of a second lookup. For answers sent before the
   * request is decoded (early-answers.ts).
   */
  wholeAnswer(key: string, text: string): WholeCheck | Promise<WholeCheck> {
    if (!this.enabled || this.pendingInvalidation) return { held: false };
    const checked = (found: SharedCacheLookup): WholeCheck => {
      this.lastGeneration = found.generation;
      if (found.value === text) {
        this.stats?.hits.inc();
        return { held: true };
      }
      const entry = found.value === undefined ? undefined : readEntry(found.value);
      const seen = {
        key,
        generation: found.generation,
        entry,
        ...(entry && { text: found.value }),
      };
      return { held: false, seen };
    };
    const found = this.cache.lookupNow(RESULT_NAMESPACE, key);
    if (!(found instanceof Promise)) return checked(found);
    return found.then(checked, (error: unknown) => {
      this.failed(error);
      return { held: false };
    });
  }

  /** Whether the cache may be read now: on, and no invalidation is left to reach the store. */
  private async usable(): Promise<boolean> {
    if (!this.enabled) return false;
    if (this.pendingInvalidation) await this.clear();
    return !this.pendingInvalidation;
  }

  /** The entry under `key` and the generation to store under; undefined when the store failed. */
  private async lookup(key: string): Promise<CacheLookup | undefined> {
    try {
      const found = await this.cache.lookup(RESULT_NAMESPACE, key);
      this.lastGeneration = found.generation;
      const text = found.value;
      const entry = text === undefined ? undefined : readEntry(text);
      return { key, generation: found.generation, entry, ...(entry && { text }) };
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  /**
   * Milliseconds until the content next changes by itself (a post or expiry date), null when no
   * such date is ahead: how long a CDN may keep an answer. Read once per cache generation (as the
   * entries' TTL is); with the cache off or unavailable, read from the store each time. A store
   * that fails answers 0 (nothing may be kept).
   */
  async untilNextStatusChange(): Promise<number | null> {
    const now = this.clock.nowMs();
    try {
      const generation = this.pendingInvalidation ? undefined : this.lastGeneration;
      const next =
        generation === undefined
          ? toMs(await this.schedules.nextStatusChange(new Date(now)))
          : (await this.scheduleOf(generation, now)).nextChangeMs;
      return next === null ? null : Math.max(0, next - now);
    } catch (error) {
      this.warn(`could not read the next scheduled status change: ${messageOf(error)}`);
      return 0;
    }
  }

  /** Whether the entry was stored (not when too large, about to expire, or the store failed). */
  private async store({ key, generation }: CacheLookup, text: string): Promise<boolean> {
    if (generation === undefined || Buffer.byteLength(text) > this.maxEntryBytes) return false;
    try {
      const ttl = await this.ttlFor(generation);
      if (ttl <= 0) return false;
      await this.cache.store(RESULT_NAMESPACE, key, generation, text, ttl);
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** GRAPHQL_CACHE_TTL, cut short by the next scheduled status change (known per generation). */
  private async ttlFor(generation: string): Promise<number> {
    const now = this.clock.nowMs();
    const schedule = await this.scheduleOf(generation, now);
    return schedule.nextChangeMs === null
      ? this.ttlMs
      : Math.min(this.ttlMs, schedule.nextChangeMs - now);
  }

  /** The next scheduled status change, read once per generation and again once it has passed. */
  private async scheduleOf(generation: string, now: number): Promise<Schedule> {
    let schedule = this.schedule;
    if (
      schedule === undefined ||
      schedule.generation !== generation ||
      (schedule.nextChangeMs !== null && schedule.nextChangeMs <= now)
    ) {
      const next = await this.schedules.nextStatusChange(new Date(now));
      schedule = { generation, nextChangeMs: toMs(next) };
      this.schedule = schedule;
    }
    return schedule;
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

function toMs(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
