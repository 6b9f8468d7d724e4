import { Injectable, Logger, Optional } from '@nestjs/common';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Clock } from '../../infra/clock/clock';
import { answerFromBody, installRequestShortcut } from '../../infra/http/request-shortcut';
import { logsRequests } from '../../infra/logging/logging.module';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { PersistedQueries } from '../persisted/persisted-queries';
import { wantsPlaygroundPage } from '../playground/page-request';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { bodyText } from './body-text';
import { CachedAnswers, type KeptCaching, type WholeAnswerEntry } from './cached-answers';
import type { EndpointAnswer } from './graphql-endpoint';
import { schemaRequestHeaders } from '../../infra/http/craft-request/request-headers';

/** Answers sent early (debug `/stats`): also counted as `content.graphql_cache.hits`. */
export const EARLY_ANSWERS_STAT = 'content.graphql_cache.early_answers';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** At most this many answers are indexed, and at most this many bytes of them. */
const MAX_ENTRIES = 1_000;
const MAX_BYTES = 16 * 1024 * 1024;

/** A whole answer as it is sent again. */
interface EarlyAnswer {
  /**
   * Its result cache entry: the answer is sent only while the cache still holds exactly it; from
   * the public schema's expiry on, the route answers, refusing.
   */
  readonly whole: WholeAnswerEntry;
  readonly allowListVersion: number;
  /**
   * The JSON text as UTF-8, encoded once here: sent as a string, every answer would encode it
   * again (`String::WriteUtf8`, 2–5 % of a cached POST for the bench's 6 KB page).
   */
  readonly body: Buffer;
  /** What a GET's answer carries for shared caches. */
  readonly get?: KeptCaching;
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
 * Which requests qualify, whether the entry is held and which headers go with the answer are
 * decided by CachedAnswers (cached-answers.ts), as for the route.
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
  private readonly answered: Counter | undefined;

  constructor(
    settings: Settings,
    private readonly answers: CachedAnswers,
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
    if (answer.body === undefined || !this.answers.usesWholeAnswers(headers)) return;
    const { method } = request;
    if (method !== 'POST' && (method !== 'GET' || cacheable === undefined)) return;
    const body = Buffer.from(answer.body);
    const bytes = body.length;
    const entry: EarlyAnswer = {
      whole,
      allowListVersion: this.persisted.allowListVersion,
      body,
      ...(cacheable && { get: this.answers.kept(cacheable) }),
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
    if (!this.answers.usesWholeAnswers(schemaRequestHeaders(request.rawHeaders))) return forward();
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
      return this.answerIfHeld(text, request, response, forward, (found) =>
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
      const posted = { method, url, contentType, body: text };
      this.answerIfHeld(posted, request, response, pass, (found) =>
        sendJson(response, this.endpointHeaders(headers.origin), found),
      );
    });
  }

  /**
   * Sends the answer indexed for the request once the result cache confirms it still holds its
   * entry (at once from memory, after a round trip to Redis); otherwise forgets it and forwards.
   */
  private answerIfHeld(
    request: RequestText,
    raw: IncomingMessage,
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
    const { expiresAtMs } = found.whole;
    if (expiresAtMs !== undefined && this.clock.nowMs() >= expiresAtMs) return confirmed(false);
    const held = this.answers.holds(raw, found.whole);
    if (typeof held === 'boolean') return confirmed(held);
    held.then(confirmed, forward);
  }

  /** A GET's answer, or 304 for a matching If-None-Match, with its caching headers. */
  private sendGet(
    found: EarlyAnswer,
    headers: IncomingHttpHeaders,
    response: ServerResponse,
  ): void {
    const sent = this.endpointHeaders(headers.origin);
    // Indexed GET answers always have their caching headers (remember).
    const { notModified, pairs } = this.answers.cachingHeaders(
      found.get!,
      headers['if-none-match'],
    );
    sent.push(...pairs);
    if (!notModified) return sendJson(response, sent, found);
    response.writeHead(304, sent);
    response.end();
  }

  /** The headers every endpoint answer gets (as the route sends them), as name/value pairs. */
  private endpointHeaders(origin: string | undefined): string[] {
    return this.answers.endpointHeaderPairs(origin);
  }

  private drop(key: string): void {
    const entry = this.index.get(key);
    if (entry === undefined) return;
    this.index.delete(key);
    this.bytes -= entry.body.length;
    if (entry.get === undefined) this.posts--;
  }
}

/** 200 with the answer's JSON after `sent` (name/value pairs). */
function sendJson(response: ServerResponse, sent: string[], found: EarlyAnswer): void {
  sent.push('content-type', JSON_TYPE, 'content-length', String(found.body.length));
  response.writeHead(200, sent);
  response.end(found.body);
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Header values and URLs hold no newline or NUL: the parts cannot run into each other. */
function indexKey({ method, url, contentType, body }: RequestText): string {
  return `${method} ${url}\n${contentType ?? '\u0000'}\n${body ?? '\u0000'}`;
}
