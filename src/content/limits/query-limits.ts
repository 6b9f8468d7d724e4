import { getOperationAST, getVariableValues, GraphQLError } from 'graphql';
import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { introspectionErrors, isIntrospectionOperation } from './introspection';
import { fragmentsOf } from './operation-walk';
import { operationComplexity } from './query-complexity';
import { operationDepth } from './query-depth';

/**
 * The limits of docs/content-limits-cache.md#limits that validation enforces
 * (GRAPHQL_MAX_COMPLEXITY, ...).
 */
export interface QueryLimitSettings {
  /** 0: off. */
  readonly maxComplexity: number;
  /** 0: off. */
  readonly maxDepth: number;
  /** false: `__schema` and `__type` are refused, except for privileged requests. */
  readonly introspection: boolean;
}

/** What the limits need to know about one operation to run. */
export interface LimitedOperation {
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly operationName: string | null;
  /** An admin choosing the schema with X-Craft-Gql-Schema: introspection is always allowed. */
  readonly privileged: boolean;
}

/**
 * Craft's schema-level limits (docs/content-graphql.md#validation-and-errors-spec-16,
 * docs/content-limits-cache.md#limits, docs/content-limits-cache.md#complexity-score-spec-62),
 * checked after the standard validation passed and before execution, with webonyx's messages:
 * - `Max query complexity should be N but got M.` and `Max query depth should be N but got M.`
 *   for the operation that runs (its variables decide arguments and `@skip`/`@include`); both are
 *   skipped for introspection queries;
 * - with introspection off, one `GraphQL introspection is not allowed, ...` error per `__schema`
 *   or `__type` field, unless the request is privileged.
 * Variables that do not coerce, or an operation that cannot be chosen, are left to execution,
 * which reports them (and runs nothing).
 */
export class QueryLimits {
  /** Per schema, the documents without variables that passed, by privilege and operation name. */
  private readonly passed = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Set<string>>>();

  constructor(private readonly settings: QueryLimitSettings) {}

  /** Whether any check can fail; when not, `check` is never worth calling. */
  get active(): boolean {
    const { maxComplexity, maxDepth, introspection } = this.settings;
    return maxComplexity > 0 || maxDepth > 0 || !introspection;
  }

  check(
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: LimitedOperation,
  ): GraphQLError[] {
    const selected = getOperationAST(document, operation.operationName);
    // Without variables the outcome depends only on the parsed document (the document cache
    // hands out one per query text): a document that passed once passes again.
    const fixed = selected != null && (selected.variableDefinitions ?? []).length === 0;
    const passKey = `${operation.privileged}:${operation.operationName ?? ''}`;
    const passedBefore = this.passed.get(schema)?.get(document);
    if (fixed && passedBefore?.has(passKey) === true) return [];
    const errors = this.errorsOf(schema, document, selected, operation);
    if (fixed && errors.length === 0) this.rememberPassed(schema, document, passKey);
    return errors;
  }

  private rememberPassed(schema: GraphQLSchema, document: DocumentNode, passKey: string): void {
    let documents = this.passed.get(schema);
    if (documents === undefined) {
      documents = new WeakMap();
      this.passed.set(schema, documents);
    }
    let keys = documents.get(document);
    if (keys === undefined) {
      keys = new Set();
      documents.set(document, keys);
    }
    keys.add(passKey);
  }

  private errorsOf(
    schema: GraphQLSchema,
    document: DocumentNode,
    selected: OperationDefinitionNode | null | undefined,
    operation: LimitedOperation,
  ): GraphQLError[] {
    const { maxComplexity, maxDepth, introspection } = this.settings;
    const errors: GraphQLError[] = [];
    if ((maxComplexity > 0 || maxDepth > 0) && selected != null) {
      const fragments = fragmentsOf(document);
      if (!isIntrospectionOperation(selected, fragments)) {
        if (maxComplexity > 0) {
          const coerced = getVariableValues(
            schema,
            selected.variableDefinitions ?? [],
            operation.variables ?? {},
          );
          if (coerced.coerced !== undefined) {
            const score = operationComplexity(schema, selected, fragments, coerced.coerced);
            if (score > maxComplexity) {
              errors.push(
                new GraphQLError(
                  `Max query complexity should be ${maxComplexity} but got ${score}.`,
                ),
              );
            }
          }
        }
        if (maxDepth > 0) {
          const depth = operationDepth(selected, fragments);
          if (depth > maxDepth) {
            errors.push(
              new GraphQLError(`Max query depth should be ${maxDepth} but got ${depth}.`),
            );
          }
        }
      }
    }
    if (!introspection && !operation.privileged) errors.push(...introspectionErrors(document));
    return errors;
  }
}
