import { Injectable, Logger, Optional } from '@nestjs/common';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Clock } from '../../infra/clock/clock';
import { answerFromBody, installRequestShortcut } from '../../infra/http/request-shortcut';
import { logsRequests } from '../../infra/logging/logging.module';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { PersistedQueries } from '../persisted/persisted-queries';
import { wantsPlaygroundPage } from '../playground/page-request';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { isAnonymous } from './anonymous';
import { bodyText } from './body-text';
import { corsHeaders } from './cors-headers';
import type { EndpointAnswer } from './graphql-endpoint';
import { cacheControl, freshness, noneMatchMatches, tagHeaders, varyHeader } from './http-caching';
import { schemaRequestHeaders } from '../../infra/http/craft-request/request-headers';

/** Answers sent early (debug `/stats`): also counted as `content.graphql_cache.hits`. */
export const EARLY_ANSWERS_STAT = 'content.graphql_cache.early_answers';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** At most this many answers are indexed, and at most this many bytes of them. */
const MAX_ENTRIES = 1_000;
const MAX_BYTES = 16 * 1024 * 1024;

/** A whole answer as it is sent again. */
interface EarlyAnswer {
  /** Its result cache entry: the answer is sent only while the cache still holds exactly it. */
  readonly cacheKey: string;
  readonly cacheText: string;
  readonly allowListVersion: number;
  /** The public schema's expiry (ms): from then on the route answers, refusing. */
  readonly expiresAtMs?: number;
  /** The JSON text (a string: Node writes it with the headers in one piece) and its bytes. */
  readonly body: string;
  readonly bytes: number;
  /** What a GET's answer carries for shared caches. */
  readonly get?: CachingHeaders;
}

interface CachingHeaders {
  readonly etag: string;
  /** `cache-tag` and `surrogate-key` with their values, as name/value pairs. */
  readonly tagPairs: readonly string[];
  /** When `cache-control` was computed, and what cut it (GRAPHQL_HTTP_CACHE_MAX_AGE > 0). */
  readonly freshness?: { readonly at: number; readonly untilChangeMs: number | null };
}

/** POST bodies read before routing: up to the size whole answers are looked up for. */
const MAX_POST_BYTES = 64 * 1024;

/** The request text an answer is indexed by. */
export interface RequestText {
  readonly method: string;
  readonly url: string;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

/**
 * Whole answers to anonymous requests on the public schema, sent again without the framework,
 * from the HTTP server's `request` event before Fastify and Nest see the request: a GET at once,
 * a POST once its body is read (a miss goes on to the route with that body). Indexed by the
 * request text (method, URL, content type, body) without hashing it, and sent only while the
 * result cache still holds the same entry: invalidation, expiry and eviction keep their meaning.
 *
 * The entry is checked at once in process memory, with one round trip in Redis (as the route's
 * lookup would). Only where nothing else must see the request: no API rate limit on GraphQL, no
 * request logs. A request with any header that chooses the schema or the cache, a GET with a
 * body, a browser asking for the playground, or a server closing goes the usual way.
 */
@Injectable()
export class EarlyAnswers {
  private readonly logger = new Logger('EarlyAnswers');
  readonly enabled: boolean;
  private readonly index = new Map<string, EarlyAnswer>();
  private bytes = 0;
  /** Indexed POST answers: without any, POST bodies are not read before routing. */
  private posts = 0;
  private closing = false;
  private readonly fixedCors: Record<string, string> | undefined;
  private readonly answered: Counter | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly cache: GraphqlResultCache,
    private readonly persisted: PersistedQueries,
    private readonly clock: Clock,
    @Optional() stats?: StatsRegistry,
  ) {
    const { content, apiRateLimit } = settings;
    this.enabled =
      content.enabled &&
      content.cache &&
      !logsRequests(settings) &&
      !(apiRateLimit.domain !== '' && apiRateLimit.routes.includes('graphql'));
    // Without an allow-list of origins, the CORS headers never depend on the request.
    this.fixedCors = content.allowedOrigins === null ? corsHeaders(null, undefined) : undefined;
    this.answered = stats?.counter(EARLY_ANSWERS_STAT);
  }

  /** The server is closing: requests go through Fastify, which refuses them properly. */
  close(): void {
    this.closing = true;
    this.index.clear();
    this.bytes = 0;
    this.posts = 0;
  }

  /**
   * Keeps an answer the endpoint gave (a whole answer it found or stored) for the next identical
   * request.
   */
  remember(request: RequestText, headers: SchemaRequestHeaders, answer: EndpointAnswer): void {
    const { whole, cacheable } = answer;
    if (!this.enabled || this.closing || whole === undefined || answer.status !== 200) return;
    if (answer.body === undefined || !answersEarly(headers)) return;
    const { method } = request;
    if (method !== 'POST' && (method !== 'GET' || cacheable === undefined)) return;
    const body = answer.body;
    const bytes = Buffer.byteLength(body);
    const entry: EarlyAnswer = {
      cacheKey: whole.key,
      cacheText: whole.text,
      allowListVersion: this.persisted.allowListVersion,
      ...(whole.expiresAtMs !== undefined && { expiresAtMs: whole.expiresAtMs }),
      body,
      bytes,
      ...(cacheable && {
        get: {
          etag: cacheable.etag,
          tagPairs: Object.entries(tagHeaders(cacheable.tags)).flat(),
          ...(cacheable.untilChangeMs !== undefined && {
            freshness: { at: this.clock.nowMs(), untilChangeMs: cacheable.untilChangeMs },
          }),
        },
      }),
    };
    const key = indexKey(request);
    this.drop(key);
    if (bytes > MAX_BYTES / 16) return;
    this.index.set(key, entry);
    this.bytes += bytes;
    if (entry.get === undefined) this.posts++;
    for (const [oldestKey] of this.index) {
      if (this.bytes <= MAX_BYTES && this.index.size <= MAX_ENTRIES) break;
      this.drop(oldestKey);
    }
  }

  /**
   * Puts the early answers in front of the server (only when `enabled`): anonymous GETs and
   * POSTs to the GraphQL `paths` are looked up first; a POST's body is read for it and handed
   * to the route after (the route's `replayBody` hook).
   */
  install(server: Server, paths: readonly string[]): void {
    const served = new Set(paths);
    installRequestShortcut(server, (request, response, forward) =>
      this.answerRaw(served, request, response, forward),
    );
  }

  private answerRaw(
    paths: ReadonlySet<string>,
    request: IncomingMessage,
    response: ServerResponse,
    forward: () => void,
  ): void {
    const { method, headers } = request;
    const url = request.url ?? '';
    // First: every request of the process (the rate limiter's /json too) passes here.
    if (this.closing || !paths.has(pathOf(url))) return forward();
    if (!answersEarly(schemaRequestHeaders(request.rawHeaders))) return forward();
    const contentType = headers['content-type'];
    if (method === 'GET') {
      if (
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined ||
        wantsPlaygroundPage({ method, url, accept: headers.accept })
      ) {
        return forward();
      }
      const text = { method, url, contentType, body: undefined };
      return this.answerIfHeld(text, response, forward, (found) =>
        this.sendGet(found, headers, response),
      );
    }
    const length = Number(headers['content-length']);
    if (
      method !== 'POST' ||
      this.posts === 0 ||
      !(length <= MAX_POST_BYTES) ||
      headers['transfer-encoding'] !== undefined
    ) {
      return forward();
    }
    answerFromBody(request, response, forward, (bytes, pass) => {
      const { text, malformedUtf8 } = bodyText(bytes);
      // A body that is not UTF-8 is refused, whatever text it decoded to.
      if (malformedUtf8) return pass();
      this.answerIfHeld({ method, url, contentType, body: text }, response, pass, (found) =>
        sendJson(response, this.corsAndVary(headers.origin), found),
      );
    });
  }

  /**
   * Sends the answer indexed for the request once the result cache confirms it still holds its
   * entry (at once from memory, after a round trip to Redis); otherwise forgets it and forwards.
   */
  private answerIfHeld(
    request: RequestText,
    response: ServerResponse,
    forward: () => void,
    send: (found: EarlyAnswer) => void,
  ): void {
    const key = indexKey(request);
    const found = this.index.get(key);
    if (found === undefined) return forward();
    const confirmed = (held: boolean) => {
      if (!held) {
        this.drop(key);
        return forward();
      }
      // Most recently used last: eviction takes the oldest.
      this.index.delete(key);
      this.index.set(key, found);
      this.answered?.inc();
      try {
        send(found);
      } catch (error) {
        this.logger.error(
          `early answer failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent) forward();
      }
    };
    if (found.allowListVersion !== this.persisted.allowListVersion) return confirmed(false);
    // The selector refuses an expired public schema; these answers skip the selector.
    if (found.expiresAtMs !== undefined && this.clock.nowMs() >= found.expiresAtMs) {
      return confirmed(false);
    }
    const held = this.cache.holds(found.cacheKey, found.cacheText);
    if (typeof held === 'boolean') return confirmed(held);
    held.then(confirmed, forward);
  }

  /** A GET's answer, or 304 for a matching If-None-Match, with its caching headers. */
  private sendGet(
    found: EarlyAnswer,
    headers: IncomingHttpHeaders,
    response: ServerResponse,
  ): void {
    // Indexed GET answers always have their caching headers (remember).
    const get = found.get!;
    const sent = this.corsAndVary(headers.origin);
    this.addCachingHeaders(sent, get);
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch === undefined || !noneMatchMatches(ifNoneMatch, get.etag)) {
      return sendJson(response, sent, found);
    }
    response.writeHead(304, sent);
    response.end();
  }

  /** The headers every endpoint answer gets (graphql.route.ts), as name/value pairs. */
  private corsAndVary(origin: string | undefined): string[] {
    const cors = this.fixedCors ?? corsHeaders(this.settings.content.allowedOrigins, origin);
    const sent: string[] = [];
    for (const name in cors) if (name !== 'vary') sent.push(name, cors[name]);
    sent.push('vary', varyHeader(cors.vary));
    return sent;
  }

  /** ETag, Cache-Control (from the time left now) and the cache tags of a GET's answer. */
  private addCachingHeaders(sent: string[], get: CachingHeaders): void {
    sent.push('etag', get.etag);
    if (get.freshness !== undefined) {
      const { at, untilChangeMs } = get.freshness;
      const until = untilChangeMs === null ? null : untilChangeMs - (this.clock.nowMs() - at);
      const { httpCacheMaxAge, httpCacheStaleWhileRevalidate } = this.settings.content;
      sent.push(
        'cache-control',
        cacheControl(freshness(httpCacheMaxAge, httpCacheStaleWhileRevalidate, until)),
      );
    }
    sent.push(...get.tagPairs);
  }

  private drop(key: string): void {
    const entry = this.index.get(key);
    if (entry === undefined) return;
    this.index.delete(key);
    this.bytes -= entry.bytes;
    if (entry.get === undefined) this.posts--;
  }
}

/** 200 with the answer's JSON after `sent` (name/value pairs). */
function sendJson(response: ServerResponse, sent: string[], found: EarlyAnswer): void {
  sent.push('content-type', JSON_TYPE, 'content-length', String(found.bytes));
  response.writeHead(200, sent);
  response.end(found.body);
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Anonymous (anonymous.ts, as the route decides it), without a header that skips the cache. */
function answersEarly(headers: SchemaRequestHeaders): boolean {
  return headers.gqlCache === undefined && isAnonymous(headers);
}

/** Header values and URLs hold no newline or NUL: the parts cannot run into each other. */
function indexKey({ method, url, contentType, body }: RequestText): string {
  return `${method} ${url}\n${contentType ?? '\u0000'}\n${body ?? '\u0000'}`;
}
