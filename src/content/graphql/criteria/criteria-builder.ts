import type { Field } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type {
  ElementCriteria,
  FieldFilter,
  RelationCondition,
  SearchTermOptions,
  UserVisibility,
} from '../../store/element-criteria';
import { FULL_SCHEMA_UID } from '../../schemas/full-schema';
import type { ElementReader } from '../../store/element-reader';
import { ClientSafeError } from '../client-safe-error';
import { containerScope, layoutFields } from './containers';
import {
  blocksCanMatch,
  readableMatrixFieldIds,
  readableOwnerScopes,
  selectsNestedEntries,
} from './nested-entries';
import { matchesParam } from './param-match';
import { resolveRefIds } from './ref';
import {
  relatedToAllParam,
  relatedToWithTargets,
  relationParam,
  type RelatedToResult,
  targetCondition,
} from './related-to';
import { preferredSiteIds, selectSiteIds } from './sites';
import {
  type ArgumentValues,
  canonicalJson,
  toBoolean,
  toIds,
  toInteger,
  toList,
  toParam,
  toText,
} from './values';
import type { ScopeGrants } from '../scope-grants';
import {
  BUILT_IN_ARGUMENTS,
  DRAFT_ARGUMENTS,
  RELATED_TO_KIND_ARGUMENTS,
} from '../schema/argument-names';
import { isStructuredFieldType } from '../../store/read/field-columns';

/** Longest `search` argument: far beyond what people type, well below what stalls a request. */
export const MAX_SEARCH_LENGTH = 10_000;

export interface CriteriaBuilderDeps {
  readonly model: ContentModelIndex;
  readonly grants: ScopeGrants;
  /** Resolves `relatedTo<Kind>` criteria inputs and `ref` to ids. */
  readonly reader: ElementReader;
  /** settings.content.maxResults: caps every element query's limit; 0 = no cap. */
  readonly maxResults: number;
  /** Root user queries of token schemas list these users only; absent: every user. */
  readonly userVisibility?: UserVisibility;
}

export interface BuildOptions {
  /**
   * Sites when the arguments name none: a relation's, tree's or block's source site (Craft loads
   * them in the source's site), the other sites for `localized`. Default: the primary site if
   * readable, else the first readable site.
   */
  readonly defaultSiteIds?: readonly number[];
  /** Containers the field implies (`<section>Entries`: the section; a matrix field: the field). */
  readonly containerIds?: readonly number[];
  /** Apply maxResults (default true); false for id resolutions and prev/next candidate sets. */
  readonly capLimit?: boolean;
  /** A root query (`users`, `user`, `userCount`...), where user visibility applies. */
  readonly root?: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * GraphQL arguments → ElementCriteria for the store (docs/content-store.md): handles resolved to
 * ids against the model, the schema's scope intersected into sites, containers, types and user
 * groups, relation arguments resolved to ids, custom-field arguments typed by their fields, the
 * limit capped. `null` means the scope or the arguments leave nothing to find (no store query
 * needed). One instance per request: `relatedTo<Kind>` resolutions are memoised (Craft does the
 * same).
 */
export class CriteriaBuilder {
  private readonly resolvedTargets = new Map<string, Promise<number[]>>();

  constructor(private readonly deps: CriteriaBuilderDeps) {}

  get grants(): ScopeGrants {
    return this.deps.grants;
  }

  async build(
    kind: ElementKind,
    args: ArgumentValues,
    options: BuildOptions = {},
  ): Promise<ElementCriteria | null> {
    const { grants, model } = this.deps;
    if (!grants.canQuery(kind)) return null;
    if (asksForDrafts(args)) return null;
    // Craft 5: entries of a field or an owner are nested entries, our matrix blocks.
    if (kind === ElementKinds.entry && selectsNestedEntries(args)) kind = ElementKinds.matrixBlock;
    const blocks = kind === ElementKinds.matrixBlock;
    if (blocks && !blocksCanMatch(args)) return null;
    // Without the owner at hand (not a matrix field's resolver): readable fields and owners only.
    const unowned = blocks && options.containerIds === undefined;

    const siteIds = selectSiteIds(args, grants, options.defaultSiteIds);
    if (siteIds.length === 0) return null;
    const fixed = unowned ? readableMatrixFieldIds(grants, model) : options.containerIds;
    const scope = containerScope(kind, args, grants, model, fixed);
    if (scope === null) return null;

    const criteria: Mutable<ElementCriteria> = { kind, siteIds, ...scope };
    if (unowned) criteria.ownerScopes = readableOwnerScopes(grants);
    this.applyCommon(criteria, args, options);
    if (!this.applyKindArguments(criteria, kind, args)) return null;
    // Token schemas list the users of the org, not the built-in admin; the full schema (an
    // admin's X-Craft-Gql-Schema: *) lists everyone. Authors and relations are not narrowed.
    if (
      kind === ElementKinds.user &&
      options.root === true &&
      grants.definition.uid !== FULL_SCHEMA_UID
    ) {
      criteria.visibleUsers = this.deps.userVisibility;
    }

    const fields = this.fieldFilters(kind, args, scope);
    if (fields.length > 0) criteria.fields = fields;

    const relatedTo = await this.relatedTo(args);
    if (relatedTo === 'nothing') return null;
    if (relatedTo !== undefined) criteria.relatedTo = relatedTo;
    const notRelatedTo = relationParam(args.notRelatedTo, model);
    // Excluding "relations to nothing" excludes nothing.
    if (notRelatedTo !== undefined && notRelatedTo !== 'nothing') {
      criteria.notRelatedTo = notRelatedTo;
    }

    if (args.ref !== undefined && args.ref !== null) {
      const ids = await resolveRefIds(kind, args.ref, criteria, model, this.deps.reader);
      if (ids.length === 0) return null;
      criteria.id = ids;
    }
    return criteria;
  }

  private applyCommon(
    criteria: Mutable<ElementCriteria>,
    args: ArgumentValues,
    options: BuildOptions,
  ): void {
    criteria.id = toParam(args.id);
    criteria.uid = toParam(args.uid);
    criteria.title = toParam(args.title);
    criteria.slug = toParam(args.slug);
    criteria.uri = toParam(args.uri);
    criteria.siteSettingsId = toParam(args.siteSettingsId);
    criteria.dateCreated = toParam(args.dateCreated);
    criteria.dateUpdated = toParam(args.dateUpdated);
    criteria.unique = toBoolean(args.unique);
    criteria.preferSites = preferredSiteIds(args.preferSites, this.deps.grants);
    const search = toText(args.search);
    // Search text is parsed character by character and each term becomes SQL: keep it bounded.
    if (search !== undefined && search.length > MAX_SEARCH_LENGTH) {
      throw new ClientSafeError(`The search text may be at most ${MAX_SEARCH_LENGTH} characters.`);
    }
    if (search !== undefined && search.trim() !== '') {
      criteria.search = search;
      criteria.searchTermOptions = searchTermOptions(args.searchTermOptions);
    }
    criteria.fixedOrder = toBoolean(args.fixedOrder);
    criteria.inReverse = toBoolean(args.inReverse);
    const orderBy = toText(args.orderBy);
    if (orderBy !== undefined && orderBy.trim() !== '') criteria.orderBy = orderBy;
    const offset = toInteger(args.offset);
    if (offset !== undefined && offset > 0) criteria.offset = offset;
    criteria.limit = this.limit(args.limit, options.capLimit ?? true);

    // Without `elements.inactive:read` the arguments do not exist; ignore them if they arrive.
    if (this.deps.grants.inactive) {
      if ('status' in args && args.status !== undefined) {
        criteria.status = args.status === null ? null : toParam(args.status);
      }
      criteria.archived = toBoolean(args.archived);
      criteria.trashed = toBoolean(args.trashed);
    }
    dropUndefined(criteria);
  }

  /** Craft: a negative limit is 0; maxResults caps the limit and replaces "no limit". */
  private limit(value: unknown, cap: boolean): number | null | undefined {
    let limit = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
    if (limit !== null && limit < 0) limit = 0;
    const max = this.deps.maxResults;
    if (cap && max > 0) limit = limit === null ? max : Math.min(limit, max);
    return limit;
  }

  /**
   * The kind's own arguments; false when they leave nothing (an unknown author group, `editable`).
   */
  private applyKindArguments(
    criteria: Mutable<ElementCriteria>,
    kind: ElementKind,
    args: ArgumentValues,
  ): boolean {
    // `editable: true` keeps what the signed-in user may edit; an API request has no such user,
    // and Craft aborts the query then (no results).
    if ((kind === ElementKinds.entry || kind === ElementKinds.category) && args.editable === true) {
      return false;
    }
    switch (kind) {
      case ElementKinds.entry: {
        criteria.authorIds = toParam(args.authorId);
        criteria.postDate = toParam(args.postDate);
        criteria.expiryDate = toParam(args.expiryDate);
        criteria.before = dateText(args.before);
        criteria.after = dateText(args.after);
        if (!this.applyAuthorGroups(criteria, args)) return false;
        applyStructure(criteria, args);
        break;
      }
      case ElementKinds.category:
        applyStructure(criteria, args);
        break;
      case ElementKinds.asset:
        criteria.folderId = toParam(args.folderId);
        criteria.includeSubfolders = toBoolean(args.includeSubfolders);
        criteria.filename = toParam(args.filename);
        criteria.fileKind = toParam(args.kind);
        criteria.width = toParam(args.width);
        criteria.height = toParam(args.height);
        criteria.size = toParam(args.size);
        criteria.dateModified = toParam(args.dateModified);
        criteria.hasAlt = toBoolean(args.hasAlt);
        criteria.uploaderIds = toParam(args.uploader);
        break;
      case ElementKinds.user:
        criteria.email = toParam(args.email);
        criteria.username = toParam(args.username);
        criteria.fullName = toParam(args.fullName);
        criteria.firstName = toParam(args.firstName);
        criteria.lastName = toParam(args.lastName);
        criteria.hasPhoto = toBoolean(args.hasPhoto);
        criteria.authors = toBoolean(args.authors);
        criteria.assetUploaders = toBoolean(args.assetUploaders);
        break;
      case ElementKinds.matrixBlock: {
        const owners = toIds(args.ownerId ?? args.primaryOwnerId);
        if (args.ownerId != null || args.primaryOwnerId != null) {
          if (owners.length === 0) return false;
          criteria.ownerIds = owners;
        }
        break;
      }
      case ElementKinds.tag:
      case ElementKinds.globalSet:
        break;
    }
    dropUndefined(criteria);
    return true;
  }

  /** `authorGroup` (handles) and `authorGroupId`: unknown groups find nothing, as in Craft. */
  private applyAuthorGroups(criteria: Mutable<ElementCriteria>, args: ArgumentValues): boolean {
    const byHandle = toParam(args.authorGroup);
    const byId = toParam(args.authorGroupId);
    if (byHandle === undefined && byId === undefined) return true;
    const groups = this.deps.model.model.userGroups.filter(
      (group) =>
        (byHandle === undefined || matchesParam(group.handle, byHandle)) &&
        (byId === undefined || matchesParam(group.id, byId)),
    );
    if (groups.length === 0) return false;
    criteria.authorGroupIds = groups.map((group) => group.id);
    return true;
  }

  /**
   * Custom-field arguments of the readable layouts (docs/content-store.md): lightswitch Boolean,
   * else params.
   */
  private fieldFilters(
    kind: ElementKind,
    args: ArgumentValues,
    scope: ReturnType<typeof containerScope>,
  ): FieldFilter[] {
    const builtIn = BUILT_IN_ARGUMENTS[kind];
    const names = Object.keys(args).filter((name) => !builtIn.has(name) && args[name] != null);
    if (names.length === 0 || scope === null) return [];
    const fields = layoutFields(kind, this.deps.grants, this.deps.model, scope);
    const filters: FieldFilter[] = [];
    for (const name of names) {
      const field: Field | undefined = fields.get(name);
      if (field === undefined || isStructuredFieldType(field.type)) continue;
      const param = toParam(args[name]);
      if (param === undefined) continue;
      filters.push({ fieldHandle: field.handle, fieldType: field.type, param });
    }
    return filters;
  }

  /** `relatedTo`, `relatedToAll` and the `relatedTo<Kind>` criteria inputs, combined as Craft does. */
  private async relatedTo(args: ArgumentValues): Promise<RelatedToResult> {
    const { model } = this.deps;
    const base =
      args.relatedToAll !== undefined && args.relatedToAll !== null
        ? relatedToAllParam(args.relatedToAll)
        : args.relatedTo;
    const present = RELATED_TO_KIND_ARGUMENTS.filter(
      ([name]) => args[name] !== undefined && args[name] !== null,
    );
    if (present.length === 0) return relationParam(base, model);
    const targets: (RelationCondition | null)[] = [];
    for (const [name, kind] of present) {
      const inputs = toList(args[name]);
      // Craft: an empty criteria list matches nothing.
      if (inputs.length === 0) return 'nothing';
      for (const input of inputs) {
        // Craft 5's relatedViaField/relatedViaSite narrow the relation, not the targets.
        const { relatedViaField, relatedViaSite, ...criteria } = isRecord(input) ? input : {};
        const ids = await this.targetIds(kind, criteria);
        targets.push(targetCondition(ids, relatedViaField, this.viaSiteIds(relatedViaSite), model));
      }
    }
    return relatedToWithTargets(base, targets, model);
  }

  /**
   * `relatedViaSite`: readable sites by handle or id; undefined when absent, null when it names
   * none that is readable (the condition then matches nothing).
   */
  private viaSiteIds(value: unknown): number[] | null | undefined {
    if (value === undefined || value === null) return undefined;
    const ids = preferredSiteIds(value, this.deps.grants) ?? [];
    return ids.length === 0 ? null : ids;
  }

  /** The ids one criteria input selects: one store query (scope applied), memoised per request. */
  private targetIds(kind: ElementKind, input: unknown): Promise<number[]> {
    const key = `${kind}:${canonicalJson(input)}`;
    let ids = this.resolvedTargets.get(key);
    if (ids === undefined) {
      ids = this.findIds(kind, isRecord(input) ? input : {});
      this.resolvedTargets.set(key, ids);
    }
    return ids;
  }

  private async findIds(kind: ElementKind, args: ArgumentValues): Promise<number[]> {
    const criteria = await this.build(kind, args, { capLimit: false });
    if (criteria === null) return [];
    const records = await this.deps.reader.find(criteria);
    return [...new Set(records.map((record) => record.id))];
  }
}

function isRecord(value: unknown): value is ArgumentValues {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The `SearchTermOptions` input's booleans; undefined when none is given. */
function searchTermOptions(value: unknown): SearchTermOptions | undefined {
  if (!isRecord(value)) return undefined;
  const options: { -readonly [K in keyof SearchTermOptions]: boolean } = {};
  for (const key of ['subLeft', 'subRight', 'exclude', 'exact'] as const) {
    const flag = toBoolean(value[key]);
    if (flag !== undefined) options[key] = flag;
  }
  return Object.keys(options).length === 0 ? undefined : options;
}

function asksForDrafts(args: ArgumentValues): boolean {
  return DRAFT_ARGUMENTS.some((name) => {
    const value = args[name];
    return value !== undefined && value !== null && value !== false;
  });
}

function applyStructure(criteria: Mutable<ElementCriteria>, args: ArgumentValues): void {
  criteria.level = toParam(args.level);
  criteria.hasDescendants = toBoolean(args.hasDescendants);
  criteria.ancestorOf = toInteger(args.ancestorOf);
  criteria.ancestorDist = toInteger(args.ancestorDist);
  criteria.descendantOf = toInteger(args.descendantOf);
  criteria.descendantDist = toInteger(args.descendantDist);
  criteria.leaves = toBoolean(args.leaves);
  criteria.nextSiblingOf = toInteger(args.nextSiblingOf);
  criteria.prevSiblingOf = toInteger(args.prevSiblingOf);
  criteria.positionedAfter = toInteger(args.positionedAfter);
  criteria.positionedBefore = toInteger(args.positionedBefore);
}

/** `before`/`after` take a date string (a DateTime scalar value arrives as a Date). */
function dateText(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  const text = toText(value);
  return text === undefined || text.trim() === '' ? undefined : text;
}

/** Leaves only the members that say something (easier to read in logs and tests). */
function dropUndefined(criteria: Mutable<ElementCriteria>): void {
  const record = criteria as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
}
