import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { Clock } from '../../infra/clock/clock';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { Settings } from '../../settings/settings';
import { headerTags } from '../cache/cache-tags';
import { skipsCache } from '../cache/cacheability';
import { type CacheLookup, GraphqlResultCache } from '../cache/graphql-result-cache';
import type { EntryParts } from '../cache/stored-entry';
import type { GqlSchemaDefinition } from '../model/content-model';
import { PersistedQueries } from '../persisted/persisted-queries';
import { isAnonymous } from './anonymous';
import { corsHeaders } from './cors-headers';
import type { GraphqlHttpRequest } from './graphql-request';
import {
  cacheControl,
  entityTag,
  freshness,
  noneMatchMatches,
  tagHeaders,
  varyHeader,
} from './http-caching';

/** Where the result cache holds a whole answer (its request text's entry). */
export interface WholeAnswerEntry {
  readonly key: string;
  readonly text: string;
  /** The public schema's expiry: the answer is not sent again from then on. */
  readonly expiresAtMs?: number;
}

/** What the route sends with an answer a CDN may keep. */
export interface CacheableAnswer {
  /** Strong, over the body (http-caching.ts); kept with a whole answer, not hashed again. */
  readonly etag: string;
  /** `Cache-Tag` / `Surrogate-Key` names, bounded (cache-tags.ts). */
  readonly tags: readonly string[];
  /** Undefined when GRAPHQL_HTTP_CACHE_MAX_AGE is 0. */
  readonly cacheControl?: string;
  /** What `cacheControl` was cut by: ms until the next scheduled status change (null: none). */
  readonly untilChangeMs?: number | null;
}

/** A cacheable answer's headers as kept to be sent again later (early-answers.ts). */
export interface KeptCaching {
  readonly etag: string;
  /** `cache-tag` and `surrogate-key` with their values, as name/value pairs. */
  readonly tagPairs: readonly string[];
  /** When `cache-control` was computed, and what cut it (GRAPHQL_HTTP_CACHE_MAX_AGE > 0). */
  readonly freshness?: { readonly at: number; readonly untilChangeMs: number | null };
}

/** The headers of an answer as name/value pairs, and 304 when `If-None-Match` matched. */
export interface AnswerHeaders {
  readonly notModified: boolean;
  readonly pairs: string[];
}

/** A request as its whole answer is looked up. */
export interface WholeRequest extends GraphqlHttpRequest {
  readonly headers: SchemaRequestHeaders;
  /** The early answers' lookup of its whole answer (`seenEarly`), when they forwarded it. */
  readonly seen?: CacheLookup;
}

/** Longer request texts are not looked up whole: hashing them would cost more than decoding. */
const MAX_REQUEST_KEY_TEXT = 64 * 1024;

/**
 * The one place that decides how an answer relates to caches, for the route and its endpoint
 * (graphql.route.ts, graphql-endpoint.ts) and for the early answers (early-answers.ts), so that
 * both send the same bytes (docs/architecture.md#one-answer-path):
 *
 * - which requests use whole answers (anonymous, anonymous.ts, and not `X-Craft-Gql-Cache:
 *   no-cache`), under which key (the result cache's request key), and whether the cache still
 *   holds one;
 * - what a cacheable answer carries: ETag, Cache-Control cut by the content's schedule and the
 *   schema's expiry, `Cache-Tag` / `Surrogate-Key`; what every answer carries: CORS and `Vary`;
 * - 304 or 200.
 *
 * A request consults the result cache at most once for its whole answer (an early answer's
 * lookup that found the entry gone is handed to the route) and once per operation.
 */
@Injectable()
export class CachedAnswers {
  private readonly maxAge: number;
  private readonly staleWhileRevalidate: number;
  /** Without an allow-list of origins, the CORS headers never depend on the request. */
  private readonly fixedCors: Record<string, string> | undefined;
  /** `endpointHeaders` as name/value pairs when they never depend on the request. */
  private readonly fixedPairs: readonly string[] | undefined;
  /** Whole-answer lookups made for a request the early answers then forwarded to the route. */
  private readonly forwarded = new WeakMap<IncomingMessage, CacheLookup>();

  constructor(
    private readonly settings: Settings,
    private readonly cache: GraphqlResultCache,
    private readonly persisted: PersistedQueries,
    private readonly clock: Clock,
  ) {
    this.maxAge = settings.content.httpCacheMaxAge;
    this.staleWhileRevalidate = settings.content.httpCacheStaleWhileRevalidate;
    this.fixedCors =
      settings.content.allowedOrigins === null ? corsHeaders(null, undefined) : undefined;
    this.fixedPairs =
      this.fixedCors === undefined ? undefined : pairsOf(this.endpointHeaders(undefined));
  }

  /**
   * Whether the request's whole answer may be looked up and kept, as far as its headers say
   * (the schema they choose must also be the public one).
   */
  usesWholeAnswers(headers: SchemaRequestHeaders): boolean {
    return isAnonymous(headers) && !skipsCache(headers.gqlCache);
  }

  /**
   * The whole answer kept for this request text, or where to keep it; undefined when the request
   * is not looked up whole (a body that is not UTF-8 is refused, a long one not hashed). Takes the
   * early answers' lookup of the same entry (`request.seen`) instead of asking the store again.
   */
  findWhole(request: WholeRequest, schema: GqlSchemaDefinition): Promise<CacheLookup | undefined> {
    const { method, contentType, search, body } = request;
    if (
      request.malformedUtf8 === true ||
      search.length + (body?.length ?? 0) > MAX_REQUEST_KEY_TEXT
    ) {
      return Promise.resolve(undefined);
    }
    const http = { method, contentType, search, body };
    return this.cache.findAnswer(
      {
        schema,
        cacheHeader: request.headers.gqlCache,
        http: { ...http, allowListVersion: this.persisted.allowListVersion },
      },
      request.seen,
    );
  }

  /** What the early answers read from the result cache for a request they forwarded, if anything. */
  seenEarly(raw: IncomingMessage): CacheLookup | undefined {
    return this.forwarded.get(raw);
  }

  /** Stores a whole answer `findWhole` found missing; where it is held, when it was stored. */
  async keepWhole(
    schema: GqlSchemaDefinition,
    missed: CacheLookup,
    answer: EntryParts,
  ): Promise<WholeAnswerEntry | undefined> {
    const text = await this.cache.keepAnswer(missed, answer);
    return text === undefined ? undefined : this.wholeEntry(schema, missed.key, text);
  }

  /** A whole answer's entry, with the schema's expiry for the early answers that skip the selector. */
  wholeEntry(schema: GqlSchemaDefinition, key: string, text: string): WholeAnswerEntry {
    const expiry = schema.expiryDate === null ? {} : { expiresAtMs: schema.expiryDate.getTime() };
    return { key, text, ...expiry };
  }

  /**
   * Whether the result cache still holds exactly this whole answer's entry: at once from memory,
   * after a round trip to Redis. When it does not, what it read is kept for the route, which
   * `request` is forwarded to.
   */
  holds(request: IncomingMessage, entry: WholeAnswerEntry): boolean | Promise<boolean> {
    const check = this.cache.wholeAnswer(entry.key, entry.text);
    const held = (found: Awaited<typeof check>): boolean => {
      if (!found.held && found.seen !== undefined) this.forwarded.set(request, found.seen);
      return found.held;
    };
    return check instanceof Promise ? check.then(held) : held(check);
  }

  /**
   * Caching headers of a public answer: max-age stops at the content's next scheduled status
   * change and at the public schema's expiry (it must not run past it).
   */
  async cacheable(
    schema: GqlSchemaDefinition,
    tags: Iterable<string>,
    body: string,
    etag = entityTag(body),
  ): Promise<CacheableAnswer> {
    if (this.maxAge === 0) return { etag, tags: headerTags(tags) };
    const change = await this.cache.untilNextStatusChange();
    const expiry = schema.expiryDate?.getTime();
    const untilExpiry = expiry === undefined ? null : Math.max(0, expiry - this.clock.nowMs());
    const until = earliest(change, untilExpiry);
    return {
      etag,
      tags: headerTags(tags),
      cacheControl: this.cacheControl(until),
      untilChangeMs: until,
    };
  }

  /** A cacheable answer's headers as kept to be sent again, Cache-Control counted from now. */
  kept(cacheable: CacheableAnswer): KeptCaching {
    return {
      etag: cacheable.etag,
      tagPairs: pairsOf(tagHeaders(cacheable.tags)),
      ...(cacheable.untilChangeMs !== undefined && {
        freshness: { at: this.clock.nowMs(), untilChangeMs: cacheable.untilChangeMs },
      }),
    };
  }

  /** CORS and `Vary`: what every endpoint answer carries, errors included. */
  endpointHeaders(origin: string | undefined): Record<string, string> {
    const cors = !this.settings.content.enabled
      ? {}
      : (this.fixedCors ?? corsHeaders(this.settings.content.allowedOrigins, origin));
    return { ...cors, vary: varyHeader(cors.vary) };
  }

  /** `endpointHeaders` as name/value pairs, a new list the caller may add to. */
  endpointHeaderPairs(origin: string | undefined): string[] {
    return this.fixedPairs?.slice() ?? pairsOf(this.endpointHeaders(origin));
  }

  /**
   * A cacheable answer's ETag, Cache-Control and tags (`Cache-Tag`: Cloudflare, Akamai;
   * `Surrogate-Key`: Fastly, Varnish), and whether it is a 304 without a body: `If-None-Match`
   * matches the ETag. A 304 keeps every one of those headers (RFC 9110 §15.4.5).
   */
  cachingHeaders(
    caching: CacheableAnswer | KeptCaching,
    ifNoneMatch: string | undefined,
  ): AnswerHeaders {
    const { etag } = caching;
    const pairs = ['etag', etag];
    const kept = 'tagPairs' in caching;
    const control = kept ? this.keptCacheControl(caching) : caching.cacheControl;
    if (control !== undefined) pairs.push('cache-control', control);
    pairs.push(...(kept ? caching.tagPairs : pairsOf(tagHeaders(caching.tags))));
    const notModified = ifNoneMatch !== undefined && noneMatchMatches(ifNoneMatch, etag);
    return { notModified, pairs };
  }

  /** Cache-Control of a kept answer, from the time left now. */
  private keptCacheControl(kept: KeptCaching): string | undefined {
    if (kept.freshness === undefined) return undefined;
    const { at, untilChangeMs } = kept.freshness;
    return this.cacheControl(
      untilChangeMs === null ? null : untilChangeMs - (this.clock.nowMs() - at),
    );
  }

  private cacheControl(untilChangeMs: number | null): string {
    return cacheControl(freshness(this.maxAge, this.staleWhileRevalidate, untilChangeMs));
  }
}

/** Header name/value pairs, as `writeHead` takes them. */
function pairsOf(headers: Record<string, string>): string[] {
  const pairs: string[] = [];
  for (const name in headers) pairs.push(name, headers[name]);
  return pairs;
}

/** The sooner of two delays, where null means none ahead. */
function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}
