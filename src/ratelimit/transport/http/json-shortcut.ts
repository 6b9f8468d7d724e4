import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { HTTP_BODY_LIMIT_BYTES } from '../../../infra/http/json-body';
import { Code, RateLimitResponse } from '../../limiter/rate-limit.model';
import { encodeJsonResponse } from './json-response.encoder';

export const JSON_PATH = '/json';

/**
 * Whether a `/json` request is one the shortcut may read before Fastify: a `POST` to exactly the
 * path, with an `application/json` body of announced length within the server's body limit.
 * Anything else (another method or content type, a query string, chunked or oversized bodies)
 * goes to the route, which answers it as it always has.
 */
export function takesShortcut(request: IncomingMessage): boolean {
  if (request.method !== 'POST' || request.url !== JSON_PATH) return false;
  const { headers } = request;
  const length = Number(headers['content-length']);
  return (
    length > 0 &&
    length <= HTTP_BODY_LIMIT_BYTES &&
    headers['transfer-encoding'] === undefined &&
    isPlainJsonType(headers)
  );
}

/** `application/json`, at most with `charset=utf-8`: the type Fastify's own JSON parser takes. */
function isPlainJsonType(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  if (type === undefined) return false;
  const [media, ...parameters] = type.toLowerCase().split(';');
  return (
    media.trim() === 'application/json' &&
    parameters.every((parameter) => parameter.trim() === 'charset=utf-8')
  );
}

/**
 * The body's JSON value when it reads exactly as the route's parser would read it, else undefined
 * (the route then parses it and answers its errors). A body that could name `__proto__` or
 * `constructor`, even through escapes, is left to the route's parser, which refuses those; for
 * every other text that parser and `JSON.parse` agree.
 */
export function plainJsonValue(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.includes('__proto__') || text.includes('constructor') || text.includes('\\u')) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The status `/json` answers a decision with. */
export const decisionStatus = (response: RateLimitResponse): number =>
  response.overallCode === Code.OVER_LIMIT ? 429 : 200;

/** Sends a decision on the raw response, with the headers Fastify would send with it. */
export function sendDecision(response: ServerResponse, decision: RateLimitResponse): void {
  const body = encodeJsonResponse(decision);
  response.statusCode = decisionStatus(decision);
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(body));
  response.end(body);
}
