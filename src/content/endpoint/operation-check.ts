import type { GraphqlOperation } from '../graphql/content-graphql';
import type { RawOperation } from './graphql-request';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import { isPlainObject } from './request-decoder';

export const NO_QUERY_MESSAGE = 'No GraphQL query was supplied';

/**
 * An operation the endpoint refuses before execution. `exposed` messages are always shown (the
 * missing query); the others only in devMode, as Craft hides what its executor throws for them.
 */
export interface RefusedOperation {
  readonly message: string;
  readonly exposed: boolean;
}

/**
 * Turns a raw operation into one the executor takes. A query that is empty after trimming is no
 * query (late 5.x); a JSON string in `variables` is decoded (form bodies can send nothing else);
 * an empty `operationName` means none.
 */
export function checkOperation(raw: RawOperation): GraphqlOperation | RefusedOperation {
  const { query, variables, operationName } = raw;
  if (typeof query !== 'string') {
    return isEmptyValue(query)
      ? { message: NO_QUERY_MESSAGE, exposed: true }
      : { message: 'The query must be a string', exposed: false };
  }
  if (query.trim() === '') return { message: NO_QUERY_MESSAGE, exposed: true };
  const decoded = typeof variables === 'string' ? decodeVariables(variables) : variables;
  // A JSON body was measured whole; a JSON string inside it or in a form was not.
  if (typeof variables === 'string' && nestsDeeperThan(variables, MAX_JSON_DEPTH)) {
    return { message: `The variables nest more than ${MAX_JSON_DEPTH} levels`, exposed: false };
  }
  if (!isVariables(decoded)) {
    return { message: 'The variables must be a JSON object', exposed: false };
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return { message: 'The operationName must be a string', exposed: false };
  }
  return {
    query,
    variables: isPlainObject(decoded) ? decoded : null,
    operationName: operationName === undefined || operationName === '' ? null : operationName,
  };
}

export function isRefused(
  operation: GraphqlOperation | RefusedOperation,
): operation is RefusedOperation {
  return !('query' in operation);
}

/** PHP's `empty()` over decoded JSON: what Craft takes for "no query". */
function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function decodeVariables(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** No variables (absent, null, PHP's empty array) or an object of them. */
function isVariables(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (Array.isArray(value) && value.length === 0) ||
    isPlainObject(value)
  );
}
