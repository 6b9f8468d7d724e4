import type { GraphqlResult } from './content-graphql';

/**
 * One operation's result as the JSON text sent to the client, serialised once: a result cache
 * hit is stored and sent as this text, never parsed and serialised again (that was most of a
 * hit's cost for a page of entries).
 */
export interface SerializedResult {
  readonly json: string;
  /** The result has no `errors` (an answer with errors is neither stored nor CDN-cacheable). */
  readonly clean: boolean;
  /** The result has `data`: the operation parsed and validated. */
  readonly hasData: boolean;
  /** The result is in the result cache (it was found there, or stored). */
  readonly cached?: boolean;
}

export function serializeResult(result: GraphqlResult): SerializedResult {
  return {
    json: JSON.stringify(result),
    clean: result.errors === undefined,
    hasData: result.data !== undefined,
  };
}

/** A stored result: only error-free results with data are stored. */
export function storedResult(json: string): SerializedResult {
  return { json, clean: true, hasData: true, cached: true };
}
