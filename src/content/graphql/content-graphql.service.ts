import { Injectable, Logger, Optional } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { execute, GraphQLError, parse, validate } from 'graphql';
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import { Settings } from '../../settings/settings';
import type { GqlSchemaDefinition } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';
import { QueryLimits, type QueryLimitSettings } from '../limits/query-limits';
import { ContentSchemaBase } from './code-first/schema-base';
import { ContentGraphql } from './content-graphql';
import type {
  ExecuteOptions,
  GraphqlErrorJson,
  GraphqlOperation,
  GraphqlResult,
} from './content-graphql';
import { DocumentCache } from './document-cache';
import { MAX_DOCUMENT_NESTING, spreadNestingError, textNestingError } from './document-nesting';
import { GENERIC_ERROR_MESSAGE, graphqlErrorJson, isUnexpectedError } from './graphql-error-json';
import { GraphqlContextFactory } from './graphql-request-context';
import { isMutation, MUTATION_NEEDS_POST } from './mutations/method';
import { presentationTimeZone } from './scalars/atom-date';
import { buildContentSchema } from './schema/content-schema.builder';
import type { CraftVersion } from './schema/craft-version';
import { eventLoopTurn, YIELD_ABOVE_QUERY_CHARS } from './event-loop-turn';
import { ScopeGrants } from './scope-grants';
import { unknownTypeNames } from './unknown-type-names';
import { validationRules } from './validation-rules';

/** How many distinct query texts keep their parsed document, and the heap they may hold. */
const DOCUMENT_CACHE_SIZE = 500;
const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;

interface GeneratedSchema {
  readonly schema: GraphQLSchema;
  readonly grants: ScopeGrants;
  /** Documents that passed validation against this schema (validation depends on nothing else). */
  readonly validated: WeakSet<DocumentNode>;
}

/**
 * Executes GraphQL operations against the schema generated for a schema definition's scope,
 * derived from the code-first base GraphQLModule builds (code-first/). The
 * generated schema is kept per (model version, schema uid) and dropped when the model changes;
 * parsed documents are kept by query text. Never throws: every failure is a result with errors,
 * and outside devMode unexpected failures show Craft's generic message (details go to the log).
 */
@Injectable()
export class ContentGraphqlService extends ContentGraphql implements OnModuleDestroy {
  private readonly logger = new Logger('ContentGraphql');
  private readonly schemas = new Map<string, GeneratedSchema>();
  private readonly documents = new DocumentCache(DOCUMENT_CACHE_SIZE, DOCUMENT_CACHE_BYTES);
  private readonly rules: readonly ValidationRule[];
  private readonly limits: QueryLimits;
  /**
   * The public schema's: GRAPHQL_PUBLIC_MAX_* tighten the general limits
   * (docs/content-limits-cache.md#guards-against-oversized-requests).
   */
  private readonly publicLimits: QueryLimits;
  private readonly devMode: boolean;
  /** GRAPHQL_MAX_TOKENS; undefined: no limit. */
  private readonly maxTokens: number | undefined;
  private readonly timeZone: string;
  private readonly craftVersion: CraftVersion;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly models: ContentModelSource,
    private readonly contexts: GraphqlContextFactory,
    settings: Settings,
    /** The code-first base every served schema derives from; absent in some unit tests. */
    @Optional() private readonly base?: ContentSchemaBase,
  ) {
    super();
    this.devMode = settings.content.devMode;
    this.maxTokens = settings.content.maxTokens > 0 ? settings.content.maxTokens : undefined;
    this.rules = validationRules(this.devMode);
    this.limits = new QueryLimits(settings.content);
    this.publicLimits = new QueryLimits(publicLimitSettings(settings.content));
    this.timeZone = presentationTimeZone(settings.content.datesInSystemTimeZone);
    // One dialect per process: schemas cached per (model version, schema uid) need no version key.
    this.craftVersion = settings.content.craftVersion;
    this.unsubscribe = models.onChange(() => this.schemas.clear());
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  async execute(
    definition: GqlSchemaDefinition,
    operation: GraphqlOperation,
    options: ExecuteOptions = {},
  ): Promise<GraphqlResult> {
    try {
      return await this.run(definition, operation, options);
    } catch (error) {
      this.logger.error(`GraphQL operation failed: ${describe(error)}`);
      return { errors: [{ message: this.devMode ? messageOf(error) : GENERIC_ERROR_MESSAGE }] };
    }
  }

  /** The generated schema of a definition (built on first use); exposed for introspection tests. */
  schemaFor(model: ContentModelIndex, definition: GqlSchemaDefinition): GraphQLSchema {
    return this.generated(model, definition).schema;
  }

  private async run(
    definition: GqlSchemaDefinition,
    operation: GraphqlOperation,
    options: ExecuteOptions,
  ): Promise<GraphqlResult> {
    const model = this.models.current;
    const generated = this.generated(model, definition);
    const large = operation.query.length > YIELD_ABOVE_QUERY_CHARS;
    const document = this.parse(operation.query);
    if (!('kind' in document)) return document;
    if (!generated.validated.has(document)) {
      if (large) await eventLoopTurn();
      // Craft's type loader fails on a type the schema lacks; with devMode the rule below says which.
      if (!this.devMode && unknownTypeNames(document, generated.schema).length > 0) {
        return { errors: [{ message: GENERIC_ERROR_MESSAGE }] };
      }
      const errors = validate(generated.schema, document, this.rules);
      if (errors.length > 0) {
        return { errors: errors.map((e) => graphqlErrorJson(e, this.devMode)) };
      }
      generated.validated.add(document);
    }
    if (options.readOnly === true && isMutation(document, operation.operationName)) {
      return { errors: [{ message: MUTATION_NEEDS_POST }] };
    }
    if (large) await eventLoopTurn();
    // Limits depend on variables and on who asks: checked on every run (limits/query-limits.ts).
    const limits = definition.isPublic ? this.publicLimits : this.limits;
    if (limits.active) {
      const privileged = options.privileged === true;
      const errors = limits.check(generated.schema, document, { ...operation, privileged });
      if (errors.length > 0) {
        return { errors: errors.map((e) => graphqlErrorJson(e, this.devMode)) };
      }
    }
    const result = await execute({
      schema: generated.schema,
      document,
      variableValues: operation.variables ?? undefined,
      operationName: operation.operationName ?? undefined,
      contextValue: this.contexts.create(model, definition, generated.grants, options.tags),
    });
    const errors = (result.errors ?? []).map((error) => this.errorJson(error));
    // webonyx writes `errors` before `data`; clients do not care, people reading responses do.
    return {
      ...(errors.length > 0 && { errors }),
      ...(result.data !== undefined && { data: result.data }),
    };
  }

  private generated(model: ContentModelIndex, definition: GqlSchemaDefinition): GeneratedSchema {
    const key = `${model.version}\u0000${definition.uid}`;
    let generated = this.schemas.get(key);
    if (generated === undefined) {
      const grants = new ScopeGrants(definition, model);
      generated = {
        schema: buildContentSchema(model, grants, this.timeZone, this.base, this.craftVersion),
        grants,
        validated: new WeakSet(),
      };
      this.schemas.set(key, generated);
    }
    return generated;
  }

  /**
   * The parsed document, or the syntax error as a result (no `data`, as Craft answers). Documents
   * too long (GRAPHQL_MAX_TOKENS) or nested too deeply for graphql-js's recursive parser and
   * validation are refused first (document-nesting.ts).
   */
  private parse(query: string): DocumentNode | GraphqlResult {
    const cached = this.documents.get(query);
    if (cached !== undefined) return cached;
    try {
      const tooDeep = textNestingError(query, MAX_DOCUMENT_NESTING);
      if (tooDeep !== undefined) throw tooDeep;
      const document = parse(query, { maxTokens: this.maxTokens });
      const spreadTooDeep = spreadNestingError(document, MAX_DOCUMENT_NESTING);
      if (spreadTooDeep !== undefined) throw spreadTooDeep;
      this.documents.set(query, document);
      return document;
    } catch (error) {
      if (error instanceof GraphQLError) return { errors: [graphqlErrorJson(error, this.devMode)] };
      throw error;
    }
  }

  private errorJson(error: GraphQLError): GraphqlErrorJson {
    if (isUnexpectedError(error)) {
      this.logger.error(
        `GraphQL resolver failed at ${error.path?.join('.') ?? '?'}: ${describe(error.originalError)}`,
      );
    }
    return graphqlErrorJson(error, this.devMode);
  }
}

/** The tighter of two caps where 0 means off. */
function tighter(general: number, specific: number): number {
  if (general <= 0) return specific;
  if (specific <= 0) return general;
  return Math.min(general, specific);
}

function publicLimitSettings(content: Settings['content']): QueryLimitSettings {
  return {
    maxComplexity: tighter(content.maxComplexity, content.publicMaxComplexity),
    maxDepth: tighter(content.maxDepth, content.publicMaxDepth),
    introspection: content.introspection,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
