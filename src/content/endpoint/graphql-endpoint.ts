import { Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { ContentGraphql } from '../graphql/content-graphql';
import { eventLoopTurn } from '../graphql/event-loop-turn';
import { type SerializedResult, serializeResult } from '../graphql/serialized-result';
import type { GqlSchemaDefinition } from '../model/content-model';
import { isPersistedQueryFailure, PersistedQueries } from '../persisted/persisted-queries';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';
import { SchemaSelector } from '../schemas/schema-selector';
import { isAnonymous } from './anonymous';
import {
  type CacheableAnswer,
  CachedAnswers,
  type WholeAnswerEntry,
  type WholeRequest,
} from './cached-answers';
import { CraftHttpError, INTERNAL_ERROR_MESSAGE, yiiErrorBody } from './craft-http-error';
import type { DecodedRequest, RawOperation } from './graphql-request';
import { checkOperation, isRefused } from './operation-check';
import { checkCaps, type EndpointCaps, endpointCaps, QueryTooLargeError } from './request-caps';
import { decodeGraphqlRequest } from './request-decoder';

/** Craft's message for any failure it does not explain outside devMode. */
export const GENERIC_FAILURE = 'Something went wrong when processing the GraphQL query.';

export type { CacheableAnswer, WholeAnswerEntry } from './cached-answers';

/** A request as the route hands it over (`seen`: the early answers' lookup, cached-answers.ts). */
export type EndpointRequest = WholeRequest;

/** Status and JSON text of an answer; no body for a preflight. */
export interface EndpointAnswer {
  readonly status: number;
  readonly body?: string;
  /** Set when a shared cache (a CDN) may keep the answer. */
  readonly cacheable?: CacheableAnswer;
  /** `Cache-Control` of an answer no cache may keep (persisted-query misses). */
  readonly cacheControl?: string;
  /** Where the result cache holds this whole answer (its request text's entry), if it does. */
  readonly whole?: WholeAnswerEntry;
}

/** Apollo Server's header on persisted-query errors: a miss is registered right after. */
const UNCACHED = 'private, no-cache, must-revalidate';

/** One request's operations as they run. */
interface Run {
  readonly schema: GqlSchemaDefinition;
  readonly headers: SchemaRequestHeaders;
  readonly readOnly: boolean;
  /** The public schema without a token: GRAPHQL_PERSISTED_QUERIES=only restricts it. */
  readonly anonymous: boolean;
  /**
   * The cache tags of every operation, for anonymous requests on the public schema: a GET's
   * answer gets them as headers, and the result cache keeps them for GETs (a POST of the same
   * query shares its entry).
   */
  readonly tags?: Set<string>;
  /** No operation failed (an answer with errors is never cacheable). */
  clean: boolean;
  /** An operation has run (the next one waits for a turn of the event loop). */
  started?: boolean;
  /** HTTP status of a single operation's persisted-query failure (Apollo's: 400 or 200). */
  status?: number;
  /** A persisted-query failure that no cache may keep. */
  uncached?: boolean;
  /**
   * Every operation's result is in the result cache, and none registers a persisted query: the
   * whole answer may be kept by its request text.
   */
  keepable: boolean;
}

/**
 * Craft's `graphql/api` action without HTTP plumbing (the route adds CORS headers and writes the
 * answer): 404 when GraphQL is off; OPTIONS answered empty before any check; then the schema is
 * chosen (token errors come before anything about the query, as in Craft), the operations are
 * decoded and run one after the other, each failing on its own. GraphQL outcomes are HTTP 200;
 * controller errors are Yii's JSON error bodies. An anonymous GET on the public schema whose
 * operations all succeed is cacheable: the route adds ETag, Cache-Control and the cache tags its
 * reads recorded (cached-answers.ts).
 */
@Injectable()
export class GraphqlEndpoint {
  private readonly logger = new Logger('GraphqlEndpoint');
  private readonly caps: EndpointCaps;

  constructor(
    private readonly settings: Settings,
    private readonly selector: SchemaSelector,
    private readonly graphql: ContentGraphql,
    private readonly cache: GraphqlResultCache,
    private readonly persisted: PersistedQueries,
    private readonly answers: CachedAnswers,
  ) {
    this.caps = endpointCaps(settings);
  }

  get enabled(): boolean {
    return this.settings.content.enabled;
  }

  async answer(request: EndpointRequest): Promise<EndpointAnswer> {
    if (!this.enabled) return jsonAnswer(404, yiiErrorBody(404, 'Page not found.'));
    if (request.method === 'OPTIONS') return { status: 200 };
    try {
      const schema = await this.selector.select(request.headers);
      // GET (and HEAD) requests never run mutations: links and prefetches must not write.
      const readOnly = request.method !== 'POST';
      const anonymous = schema.isPublic && isAnonymous(request.headers);
      // Before decoding, parsing and validating: the same request text, the same answer. The
      // text is bounded by the body limit (request-caps.ts) and only short ones are hashed.
      const whole = anonymous ? await this.answers.findWhole(request, schema) : undefined;
      if (whole?.entry !== undefined && whole.text !== undefined) {
        const { json, tags, etag } = whole.entry;
        const entry = this.answers.wholeEntry(schema, whole.key, whole.text);
        if (!readOnly) return { status: 200, body: json, whole: entry };
        const cacheable = await this.answers.cacheable(schema, tags ?? [], json, etag);
        return { status: 200, body: json, cacheable, whole: entry };
      }
      const decoded = decodeGraphqlRequest(request);
      // Before any query text is hashed (persisted queries, result cache) or parsed.
      checkCaps(decoded, anonymous ? this.caps.anonymous : this.caps.token);
      const run: Run = {
        schema,
        headers: request.headers,
        readOnly,
        anonymous,
        ...(anonymous && { tags: new Set<string>() }),
        clean: true,
        keepable: true,
      };
      const body = await this.run(run, decoded);
      // A batch answers each operation's persisted-query failure in its place, with HTTP 200.
      const status = decoded.shape === 'single' ? (run.status ?? 200) : 200;
      if (run.uncached === true) return { status, body, cacheControl: UNCACHED };
      const { tags } = run;
      if (tags === undefined || !run.clean) return { status, body };
      const cacheable = readOnly ? await this.answers.cacheable(schema, tags, body) : undefined;
      const kept =
        whole !== undefined && run.keepable
          ? await this.answers.keepWhole(schema, whole, { tags, json: body, etag: cacheable?.etag })
          : undefined;
      return {
        status: cacheable === undefined ? status : 200,
        body,
        ...(cacheable && { cacheable }),
        ...(kept && { whole: kept }),
      };
    } catch (error) {
      if (error instanceof CraftHttpError || error instanceof QueryTooLargeError) {
        return jsonAnswer(error.status, error.body);
      }
      this.logger.error(
        `${request.method} GraphQL request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      const message =
        this.settings.content.devMode && error instanceof Error
          ? error.message
          : INTERNAL_ERROR_MESSAGE;
      return jsonAnswer(500, yiiErrorBody(500, message));
    }
  }

  /** The answer's JSON text: the operations' texts as they are, in a batch's list or object. */
  private async run(run: Run, decoded: DecodedRequest): Promise<string> {
    if (decoded.shape === 'single') return this.execute(run, decoded.operation);
    const texts: string[] = [];
    if (decoded.shape === 'list') {
      for (const operation of decoded.operations) texts.push(await this.execute(run, operation));
      return `[${texts.join(',')}]`;
    }
    // Keys come from a decoded JSON object, so they are distinct; `__proto__` stays a key.
    for (const [key, operation] of decoded.operations) {
      texts.push(`${JSON.stringify(key)}:${await this.execute(run, operation)}`);
    }
    return `{${texts.join(',')}}`;
  }

  private async execute(run: Run, raw: RawOperation): Promise<string> {
    // Each operation of a batch after the first waits for a turn of the event loop: a batch
    // whose operations resolve without I/O would otherwise hold it for all of them
    // (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29).
    if (run.started) await eventLoopTurn();
    run.started = true;
    const result = await this.operationResult(run, raw);
    if (!result.clean) run.clean = false;
    if (result.cached !== true) run.keepable = false;
    return result.json;
  }

  private async operationResult(run: Run, raw: RawOperation): Promise<SerializedResult> {
    const { schema, headers, readOnly } = run;
    const resolved = await this.persisted.resolve(raw, run.anonymous);
    if (isPersistedQueryFailure(resolved)) {
      run.status = resolved.status;
      if (resolved.uncached) run.uncached = true;
      return serializeResult(resolved.result);
    }
    const operation = checkOperation(resolved.operation);
    const devMode = this.settings.content.devMode;
    if (isRefused(operation)) {
      return failure(operation.exposed || devMode ? operation.message : GENERIC_FAILURE);
    }
    // The selector only lets admins choose a schema with X-Craft-Gql-Schema.
    const privileged = headers.gqlSchema !== undefined;
    // Each operation's tags are its own: the result cache keeps them with its entry.
    const tags = run.tags && new Set<string>();
    try {
      // Each operation of a batch is cached on its own, as in Craft.
      const result = await this.cache.answer(
        { schema, operation, privileged, cacheHeader: headers.gqlCache, tags },
        () => this.graphql.execute(schema, operation, { privileged, readOnly, tags }),
      );
      if (tags !== undefined) for (const tag of tags) run.tags?.add(tag);
      // Registered once it parsed and validated (a result with data), as Apollo Server does;
      // the registering request is not kept whole, so that a repeat registers again.
      if (result.hasData) await this.persisted.register(resolved);
      if (resolved.register !== undefined) run.keepable = false;
      return result;
    } catch (error) {
      // The executor answers failures as results; this is a defect, but only this operation fails.
      this.logger.error(
        `GraphQL execution threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return failure(devMode && error instanceof Error ? error.message : GENERIC_FAILURE);
    }
  }
}

function failure(message: string): SerializedResult {
  return serializeResult({ errors: [{ message }] });
}

/** An answer whose body is `json` serialised (errors of the endpoint and its route). */
export function jsonAnswer(status: number, json: unknown): EndpointAnswer {
  return { status, body: JSON.stringify(json) };
}
