import type { ReferenceResolver } from '../directives/directive-functions';
import type { ContentModelIndex } from '../model/content-model.index';
import type { Field, GqlSchemaDefinition } from '../model/content-model';
import type { ElementKind } from '../model/element-kinds';
import type { ElementRecord } from '../store/element-record';
import type { AssetFiles, TransformArgs } from '../transforms/asset-files';
import type { TransformBudget } from '../transforms/transform-budget';
import type { ContentMutations } from './mutations/content-mutations';
import type { ScopeGrants } from './scope-grants';

/** GraphQL field arguments as graphql-js hands them to resolvers (variables already applied). */
export type GraphqlArgs = Readonly<Record<string, unknown>>;

/**
 * The value resolvers receive for an element: the store's record, plus the transform an enclosing
 * `@transform` set for assets (their url/width/height then describe the transformed image).
 */
export type ElementSource = ElementRecord & { readonly transform?: TransformArgs };

/**
 * Element reads of one request. Root fields query directly; every per-element read (relations,
 * tree, blocks, users, localized, neighbours) is batched across the elements of a list, so a list
 * query costs a fixed number of store queries. Arguments are the GraphQL ones, with handles: the
 * implementation resolves them and applies the schema's scope.
 */
export interface ElementQueries {
  /** Root `entries`, `assets`, ...; `fixed` are arguments the field itself implies (`<section>Entries`). */
  all(kind: ElementKind, args: GraphqlArgs, fixed?: GraphqlArgs): Promise<ElementRecord[]>;
  one(kind: ElementKind, args: GraphqlArgs, fixed?: GraphqlArgs): Promise<ElementRecord | null>;
  count(kind: ElementKind, args: GraphqlArgs, fixed?: GraphqlArgs): Promise<number>;

  /** Targets of a relation field of `source`, filtered by the target kind's arguments. */
  related(source: ElementRecord, field: Field, args: GraphqlArgs): Promise<ElementRecord[]>;
  /** `_count(field:)`: number of targets of the relation field with that handle (0 if none). */
  relatedCount(source: ElementRecord, fieldHandle: string): Promise<number>;
  /** Every author of an entry, in order (Craft 5's `authorIds`), batched across a list. */
  authorIds(entry: ElementRecord): Promise<readonly number[]>;
  /** Blocks of a matrix field of `source`, in order. */
  blocks(source: ElementRecord, field: Field, args: GraphqlArgs): Promise<ElementRecord[]>;

  children(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]>;
  descendants(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]>;
  ancestors(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]>;
  parent(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null>;
  /** The same element in the other sites the scope allows. */
  localized(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]>;
  prev(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null>;
  next(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null>;

  /** A user element by element id (authors, uploaders), null when the scope cannot read it. */
  user(id: number, args?: GraphqlArgs): Promise<ElementRecord | null>;
  /** An asset element by element id (user photos), null when the scope cannot read it. */
  asset(id: number): Promise<ElementRecord | null>;
}

/**
 * How element data is presented (Craft's field values): custom field values typed for their GraphQL
 * type, URLs, site and user name properties.
 */
export interface ElementValues {
  /**
   * A custom field's value for the GraphQL output: Number fields as numbers (null when empty),
   * dates as Date, dropdown/radio/checkboxes labels with `label: true`, table rows with both the
   * column keys (`col1`) and handles. Not for relation and matrix fields.
   */
  customField(source: ElementRecord, field: Field, args: GraphqlArgs): unknown;
  /** Site base URL + uri; null without a uri. */
  url(source: ElementRecord): string | null;
  siteHandle(source: ElementRecord): string | null;
  language(source: ElementRecord): string | null;
  searchScore(source: ElementRecord): number | null;
  /** Users: first name, or the username. */
  friendlyName(source: ElementRecord): string | null;
  /** Users: full name, or the username. */
  name(source: ElementRecord): string;
  /** Craft's status string (`live`, `pending`, `expired`, `disabled`, `archived`...). */
  status(source: ElementRecord): string;
  /** Users: the preferences as a JSON string. */
  preferences(source: ElementRecord): string;
  /** Users: the preferred language from the preferences, if any. */
  preferredLanguage(source: ElementRecord): string | null;
}

/** Everything the resolvers of one request use. */
export interface GraphqlRequestContext {
  readonly model: ContentModelIndex;
  readonly definition: GqlSchemaDefinition;
  readonly elements: ElementQueries;
  readonly values: ElementValues;
  readonly assetFiles: AssetFiles;
  /** What this request may still draw of new image transforms; absent: no limit (unit tests). */
  readonly transformBudget?: TransformBudget;
  readonly references: ReferenceResolver;
  /** Where DateTime values are presented: `UTC`, or the system zone (setting). */
  readonly timeZone: string;
  /**
   * Whether ad-hoc image transforms (and srcset sizes, which derive them) may be asked for
   * (GRAPHQL_ADHOC_TRANSFORMS and the schema); absent: allowed (unit tests).
   */
  readonly adhocTransforms?: boolean;
  /** What mutations write with (mutations/); absent where no writer is wired (some unit tests). */
  readonly mutations?: ContentMutations;
}

/**
 * Creates the context of one request for a schema definition (its grants built once per schema);
 * with `tags`, its reads record their cache tags there.
 */
export abstract class GraphqlContextFactory {
  abstract create(
    model: ContentModelIndex,
    definition: GqlSchemaDefinition,
    grants: ScopeGrants,
    tags?: Set<string>,
  ): GraphqlRequestContext;
}
