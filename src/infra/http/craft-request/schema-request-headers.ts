/** What schema selection reads from a request's headers. */
export interface SchemaRequestHeaders {
  /** Every `Authorization` value, in order (repeated headers are kept apart). */
  readonly authorization: readonly string[];
  /** Every `X-Craft-Authorization` value; undefined when the header is absent. */
  readonly craftAuthorization: readonly string[] | undefined;
  /** `X-Craft-Gql-Schema`; undefined when absent. */
  readonly gqlSchema: string | undefined;
  /** `X-Craft-Gql-Cache` (`no-cache` skips the result cache); undefined when absent. */
  readonly gqlCache?: string;
}
