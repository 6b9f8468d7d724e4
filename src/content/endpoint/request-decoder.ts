import { CraftHttpError } from './craft-http-error';
import type { DecodedRequest, GraphqlHttpRequest, RawOperation } from './graphql-request';
import { JSON_DEPTH_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const NO_OPERATION: RawOperation = {
  query: undefined,
  variables: undefined,
  operationName: undefined,
};
const OPERATION_KEYS = ['query', 'variables', 'operationName', 'extensions'] as const;

type BodyParams = Partial<Record<(typeof OPERATION_KEYS)[number], unknown>>;

/**
 * Finds the operations of a request in Craft's order of precedence
 * (docs/content-endpoint.md#request-forms-in-crafts-order-of-precedence): 1. POST
 * `application/graphql`: the raw body is the query; 2. POST JSON or form-encoded body: `query`,
 * `variables`, `operationName`, `extensions`; 3. URL parameters `query`, `variables` and
 * `extensions` (JSON strings, else 400) and    `operationName` override the body's;
 * 4. no query anywhere and a JSON body that is a non-empty array, or an object of operations:
 *    a batch, answered in the same shape.
 * Anything else is one operation without a query (answered `No GraphQL query was supplied`).
 * Malformed JSON bodies are 400 (Yii's JSON parser message), and so are JSON bodies that are not
 * UTF-8 or nest deeper than PHP's `json_decode` allows; multipart bodies are 415.
 */
export function decodeGraphqlRequest(request: GraphqlHttpRequest): DecodedRequest {
  let params: BodyParams = {};
  let json: unknown;
  if (request.method === 'POST') {
    const type = mediaType(request.contentType);
    const body = request.body ?? '';
    if (type === 'application/graphql') params = { query: body };
    else if (type === 'application/x-www-form-urlencoded') params = formParams(body);
    else if (type === 'multipart/form-data') {
      throw new CraftHttpError(
        415,
        'multipart/form-data is not supported: send JSON, form-encoded or application/graphql',
      );
    } else {
      if (request.malformedUtf8 === true) throw invalidJson(MALFORMED_UTF8_MESSAGE);
      json = parseJsonBody(body);
      if (isPlainObject(json)) params = pick(json);
    }
  }
  const url = new URLSearchParams(request.search);
  const query = lastValue(url, 'query') ?? params.query;
  const urlVariables = lastValue(url, 'variables');
  const variables = urlVariables !== undefined ? variablesParam(urlVariables) : params.variables;
  const urlExtensions = lastValue(url, 'extensions');
  const extensions =
    urlExtensions !== undefined ? extensionsParam(urlExtensions) : params.extensions;
  const operationName = lastValue(url, 'operationName') ?? params.operationName;
  // A persisted query's hash stands for the query (persisted/persisted-queries.ts).
  if ((query !== undefined && query !== null) || (extensions !== undefined && !isBatch(json))) {
    return { shape: 'single', operation: { query, variables, operationName, extensions } };
  }
  if (Array.isArray(json) && json.length > 0) {
    return { shape: 'list', operations: json.map(operationOf) };
  }
  if (isPlainObject(json) && isBatchObject(json)) {
    return {
      shape: 'keyed',
      operations: Object.entries(json).map(([key, value]) => [key, operationOf(value)] as const),
    };
  }
  return { shape: 'single', operation: { ...NO_OPERATION, ...params } };
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The `extensions` URL parameter (GET persisted queries): JSON, else 400; empty means none. */
function extensionsParam(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    if (!nestsDeeperThan(text, MAX_JSON_DEPTH)) return JSON.parse(text) as unknown;
  } catch {
    // answered below
  }
  throw new CraftHttpError(400, 'The extensions param must be valid JSON');
}

/** A JSON body that the rules below answer as a batch. */
function isBatch(json: unknown): boolean {
  return (Array.isArray(json) && json.length > 0) || (isPlainObject(json) && isBatchObject(json));
}

/** Yii's message for a JSON body that is not UTF-8. */
const MALFORMED_UTF8_MESSAGE = 'Malformed UTF-8 characters, possibly incorrectly encoded';

/**
 * The `variables` URL parameter: JSON, else 400. Empty means none, as Yii decodes `''` to null;
 * a JSON value that is not an object is left for the operation check to refuse.
 */
function variablesParam(text: string): unknown {
  if (text.trim() === '') return null;
  let variables: unknown;
  try {
    variables = JSON.parse(text) as unknown;
  } catch {
    variables = undefined;
  }
  if (variables === undefined || nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new CraftHttpError(400, 'The variables param must be valid JSON');
  }
  return variables;
}

function parseJsonBody(body: string): unknown {
  if (body.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body) as unknown;
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : 'syntax error');
  }
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw invalidJson(JSON_DEPTH_MESSAGE);
  return json;
}

function invalidJson(reason: string): CraftHttpError {
  return new CraftHttpError(400, `Invalid JSON data in request body: ${reason}`);
}

/** Form fields carry strings; like PHP, the last of repeated fields wins. */
function formParams(body: string): BodyParams {
  const form = new URLSearchParams(body);
  const params: BodyParams = {};
  for (const key of OPERATION_KEYS) {
    const value = lastValue(form, key);
    if (value !== undefined) params[key] = value;
  }
  return params;
}

function lastValue(params: URLSearchParams, key: string): string | undefined {
  return params.getAll(key).at(-1);
}

function pick(object: Readonly<Record<string, unknown>>): BodyParams {
  const params: BodyParams = {};
  for (const key of OPERATION_KEYS) if (key in object) params[key] = object[key];
  return params;
}

/**
 * Craft treats every entry of a JSON object body without a query as an operation, so
 * `{"a":{"query":"{ping}"}}` answers `{"a":{...}}`. An object that carries an operation's own
 * keys (`{"variables":{}}` without a query) is one operation missing its query instead.
 */
function isBatchObject(object: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(object);
  return (
    keys.length > 0 && !keys.some((key) => (OPERATION_KEYS as readonly string[]).includes(key))
  );
}

/** A batch entry: its operation keys when it is an object, else nothing (no query). */
function operationOf(entry: unknown): RawOperation {
  return isPlainObject(entry) ? { ...NO_OPERATION, ...pick(entry) } : NO_OPERATION;
}

export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
