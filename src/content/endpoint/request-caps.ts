import { Transform, type TransformCallback } from 'node:stream';
import type { preParsingHookHandler } from 'fastify';
import type { Settings } from '../../settings/settings';
import { isAnonymous } from './anonymous';
import { checkBatchSize } from './batch-limit';
import type { DecodedRequest, RawOperation } from './graphql-request';
import { schemaRequestHeaders } from '../../infra/http/craft-request/request-headers';

/**
 * What one request may make the endpoint hash, parse and cache
 * (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29): a 15 MiB comment
 * used to cost seconds of the event loop (SHA-256, JSON, lexing) and stay in the document cache.
 * Anonymous requests get the tighter caps; all are checked before any of that work.
 */
export interface RequestCaps {
  /** Largest query text of one operation, in UTF-8 bytes; 0 = off. */
  readonly maxQueryBytes: number;
  /** Most operations in a batch; 0 = off. */
  readonly maxBatchSize: number;
}

export interface EndpointCaps {
  readonly token: RequestCaps;
  readonly anonymous: RequestCaps;
}

export function endpointCaps({ content }: Settings): EndpointCaps {
  return {
    token: { maxQueryBytes: content.maxQueryBytes, maxBatchSize: content.maxBatchSize },
    anonymous: {
      maxQueryBytes: tighter(content.maxQueryBytes, content.publicMaxQueryBytes),
      maxBatchSize: tighter(content.maxBatchSize, content.publicMaxBatchSize),
    },
  };
}

/** A query text over its cap: answered 413 with a GraphQL error, before anything else runs. */
export class QueryTooLargeError extends Error {
  readonly status = 413;

  constructor(max: number, bytes: number) {
    // Worded as webonyx's (Craft's) other limits: "Max query complexity should be N but got M."
    super(`Max query size should be ${max} bytes but got ${bytes}.`);
    this.name = 'QueryTooLargeError';
  }

  /** Craft's GraphQL error shape (graphql-error-json.ts): message and category. */
  get body(): { errors: { message: string; extensions: { category: string } }[] } {
    return { errors: [{ message: this.message, extensions: { category: 'graphql' } }] };
  }
}

/** Refuses a request whose batch is too long or one of whose query texts is too large. */
export function checkCaps(decoded: DecodedRequest, caps: RequestCaps): void {
  if (decoded.shape === 'single') return checkQuery(decoded.operation, caps.maxQueryBytes);
  checkBatchSize(decoded.operations.length, caps.maxBatchSize);
  const operations =
    decoded.shape === 'list' ? decoded.operations : decoded.operations.map(([, op]) => op);
  for (const operation of operations) checkQuery(operation, caps.maxQueryBytes);
}

function checkQuery({ query }: RawOperation, max: number): void {
  if (max <= 0 || typeof query !== 'string') return;
  // A UTF-16 unit is 1 to 3 UTF-8 bytes: counting is needed only above a third of the cap.
  if (query.length * 3 <= max) return;
  const bytes = Buffer.byteLength(query);
  if (bytes > max) throw new QueryTooLargeError(max, bytes);
}

/** Fastify's own message and status for a body over the route's limit. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super('Request body is too large');
  }
}

/**
 * The route's body limit is GRAPHQL_MAX_BODY_BYTES (token requests upload assets as base64);
 * an anonymous request (anonymous.ts, from its headers: it can only get the public schema) is
 * held to GRAPHQL_PUBLIC_MAX_BODY_BYTES instead, refused by its Content-Length before a byte of
 * the body is read, or as soon as a chunked body passes the limit.
 */
export function anonymousBodyLimit(limit: number): preParsingHookHandler {
  return (request, _reply, payload, done) => {
    if (!isAnonymous(schemaRequestHeaders(request.raw.rawHeaders))) return done(null, payload);
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(new BodyTooLargeError());
    if (Number.isFinite(declared)) return done(null, payload);
    done(null, payload.pipe(new LimitedBody(limit)));
  };
}

/** Passes a body through, failing once it is longer than the limit. */
class LimitedBody extends Transform {
  private received = 0;
  /** Read by Fastify's body reader (content-type-parser.js) for the Content-Length check. */
  receivedEncodedLength = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    this.receivedEncodedLength = this.received;
    if (this.received > this.limit) return done(new BodyTooLargeError());
    done(null, chunk);
  }
}

/** The tighter of two caps where 0 means off. */
function tighter(general: number, specific: number): number {
  if (general <= 0) return specific;
  if (specific <= 0) return general;
  return Math.min(general, specific);
}
