import type { GqlSchemaDefinition } from '../model/content-model';

/** One GraphQL operation as the endpoint decoded it. */
export interface GraphqlOperation {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly operationName: string | null;
}

/** A GraphQL error as sent on the wire (webonyx 14 shape: `extensions.category`). */
export interface GraphqlErrorJson {
  readonly message: string;
  readonly locations?: readonly { line: number; column: number }[];
  readonly path?: readonly (string | number)[];
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** How a request reached the executor. */
export interface ExecuteOptions {
  /**
   * An admin chose the schema with `X-Craft-Gql-Schema` (Craft's signed-in control panel user):
   * introspection is allowed even when GRAPHQL_INTROSPECTION is off.
   */
  readonly privileged?: boolean;
  /** The request came by GET: a mutation operation is refused (mutations/method.ts). */
  readonly readOnly?: boolean;
  /**
   * Collects the cache tags of what the operation reads (cache/tagging-reader.ts); given only
   * for answers a CDN may cache.
   */
  readonly tags?: Set<string>;
}

export interface GraphqlResult {
  readonly data?: unknown;
  readonly errors?: readonly GraphqlErrorJson[];
}

/**
 * Executes operations against the GraphQL schema generated for one GraphQL schema definition's
 * scope. The generated schema is cached per (model version, schema uid); execution never throws:
 * every failure is a result with `errors`.
 */
export abstract class ContentGraphql {
  abstract execute(
    schema: GqlSchemaDefinition,
    operation: GraphqlOperation,
    options?: ExecuteOptions,
  ): Promise<GraphqlResult>;
}
