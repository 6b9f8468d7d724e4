import { Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { ContentGraphql, GraphqlResult } from '../graphql/content-graphql';
import type { GqlSchemaDefinition } from '../model/content-model';
import type { SchemaRequestHeaders } from '../schemas/schema-request-headers';
import { SchemaSelector } from '../schemas/schema-selector';
import { checkBatchSize, maxBatchSize } from './batch-limit';
import { CraftHttpError, INTERNAL_ERROR_MESSAGE, yiiErrorBody } from './craft-http-error';
import type { DecodedRequest, GraphqlHttpRequest, RawOperation } from './graphql-request';
import { checkOperation, isRefused } from './operation-check';
import { decodeGraphqlRequest } from './request-decoder';

/** Craft's message for any failure it does not explain outside devMode. */
export const GENERIC_FAILURE = 'Something went wrong when processing the GraphQL query.';

export interface EndpointRequest extends GraphqlHttpRequest {
  readonly headers: SchemaRequestHeaders;
}

/** Status and JSON body of an answer; no body for a preflight. */
export interface EndpointAnswer {
  readonly status: number;
  readonly json?: unknown;
}

/**
 * Craft's `graphql/api` action without HTTP plumbing (the route adds CORS headers and writes the
 * answer): 404 when GraphQL is off; OPTIONS answered empty before any check; then the schema is
 * chosen (token errors come before anything about the query, as in Craft), the operations are
 * decoded and run one after the other, each failing on its own. GraphQL outcomes are HTTP 200;
 * controller errors are Yii's JSON error bodies.
 */
@Injectable()
export class GraphqlEndpoint {
  private readonly logger = new Logger('GraphqlEndpoint');
  private readonly maxBatchSize: number;

  constructor(
    private readonly settings: Settings,
    private readonly selector: SchemaSelector,
    private readonly graphql: ContentGraphql,
    private readonly cache: GraphqlResultCache,
  ) {
    this.maxBatchSize = maxBatchSize(settings);
  }

  get enabled(): boolean {
    return this.settings.content.enabled;
  }

  async answer(request: EndpointRequest): Promise<EndpointAnswer> {
    if (!this.enabled) return { status: 404, json: yiiErrorBody(404, 'Page not found.') };
    if (request.method === 'OPTIONS') return { status: 200 };
    try {
      const schema = await this.selector.select(request.headers);
      const decoded = decodeGraphqlRequest(request);
      checkBatchSize(decoded.shape === 'single' ? 1 : decoded.operations.length, this.maxBatchSize);
      // GET (and HEAD) requests never run mutations: links and prefetches must not write.
      const readOnly = request.method !== 'POST';
      return { status: 200, json: await this.run(schema, decoded, request.headers, readOnly) };
    } catch (error) {
      if (error instanceof CraftHttpError) return { status: error.status, json: error.body };
      this.logger.error(
        `${request.method} GraphQL request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      const message =
        this.settings.content.devMode && error instanceof Error
          ? error.message
          : INTERNAL_ERROR_MESSAGE;
      return { status: 500, json: yiiErrorBody(500, message) };
    }
  }

  private async run(
    schema: GqlSchemaDefinition,
    decoded: DecodedRequest,
    headers: SchemaRequestHeaders,
    readOnly: boolean,
  ): Promise<unknown> {
    if (decoded.shape === 'single')
      return this.execute(schema, decoded.operation, headers, readOnly);
    if (decoded.shape === 'list') {
      const results: GraphqlResult[] = [];
      for (const operation of decoded.operations)
        results.push(await this.execute(schema, operation, headers, readOnly));
      return results;
    }
    const results: [string, GraphqlResult][] = [];
    for (const [key, operation] of decoded.operations)
      results.push([key, await this.execute(schema, operation, headers, readOnly)]);
    // fromEntries defines own properties: a `__proto__` key stays a key.
    return Object.fromEntries(results);
  }

  private async execute(
    schema: GqlSchemaDefinition,
    raw: RawOperation,
    headers: SchemaRequestHeaders,
    readOnly: boolean,
  ): Promise<GraphqlResult> {
    const operation = checkOperation(raw);
    const devMode = this.settings.content.devMode;
    if (isRefused(operation))
      return failure(operation.exposed || devMode ? operation.message : GENERIC_FAILURE);
    // The selector only lets admins choose a schema with X-Craft-Gql-Schema.
    const privileged = headers.gqlSchema !== undefined;
    try {
      // Each operation of a batch is cached on its own, as in Craft.
      return await this.cache.answer(
        { schema, operation, privileged, cacheHeader: headers.gqlCache },
        () => this.graphql.execute(schema, operation, { privileged, readOnly }),
      );
    } catch (error) {
      // The executor answers failures as results; this is a defect, but only this operation fails.
      this.logger.error(
        `GraphQL execution threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return failure(devMode && error instanceof Error ? error.message : GENERIC_FAILURE);
    }
  }
}

function failure(message: string): GraphqlResult {
  return { errors: [{ message }] };
}
