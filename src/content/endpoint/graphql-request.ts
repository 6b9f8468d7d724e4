/** A request to the GraphQL endpoint as HTTP delivered it. */
export interface GraphqlHttpRequest {
  /** Upper case. */
  readonly method: string;
  readonly contentType: string | undefined;
  /** The raw body text; undefined when there is none. */
  readonly body: string | undefined;
  /** The body's bytes were not valid UTF-8 (`body` holds U+FFFD in their place). */
  readonly malformedUtf8?: boolean;
  /** The URL's query string, without `?`. */
  readonly search: string;
}

/** One operation as found in the request, before its parts are checked (operation-check.ts). */
export interface RawOperation {
  readonly query: unknown;
  readonly variables: unknown;
  readonly operationName: unknown;
  /** `extensions` (Automatic Persisted Queries: `persistedQuery`); undefined when absent. */
  readonly extensions?: unknown;
}

/**
 * The operations of a request and how their results are sent back: one result (`single`), an
 * array in the same order (`list`), or an object with the same keys (`keyed`).
 */
export type DecodedRequest =
  | { readonly shape: 'single'; readonly operation: RawOperation }
  | { readonly shape: 'list'; readonly operations: readonly RawOperation[] }
  | {
      readonly shape: 'keyed';
      readonly operations: readonly (readonly [key: string, operation: RawOperation])[];
    };
