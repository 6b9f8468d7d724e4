import DataLoader from 'dataloader';
import type { UserVisibility } from '../store/element-criteria';
import type { Field } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { ElementCriteria } from '../store/element-criteria';
import type { ElementRecord, KeyedElementRecord } from '../store/element-record';
import type { ElementReader } from '../store/element-reader';
import { CriteriaBuilder } from './criteria/criteria-builder';
import { canonicalJson } from './criteria/values';
import type { ElementQueries, GraphqlArgs } from './graphql-request-context';
import type { ScopeGrants } from './scope-grants';
import { relationTargetKind } from '../model/field-types';
import { holdsNestedElements } from '../model/field-types';

export interface RequestLoadersDeps {
  readonly model: ContentModelIndex;
  readonly grants: ScopeGrants;
  readonly reader: ElementReader;
  /** settings.content.maxResults; 0 = no cap. */
  readonly maxResults: number;
  /** Which users root user queries of token schemas list (CriteriaBuilderDeps). */
  readonly userVisibility?: UserVisibility;
}

/** `_count` handles that are not custom fields (Craft counts any eager-loaded handle). */
const TREE_COUNTS: Partial<Record<string, 'children' | 'descendants' | 'ancestors' | 'localized'>> =
  {
    children: 'children',
    descendants: 'descendants',
    ancestors: 'ancestors',
    localized: 'localized',
  };

type BatchFetch = (
  ids: readonly number[],
  criteria: ElementCriteria,
) => Promise<readonly KeyedElementRecord[]>;

/**
 * The element reads of one GraphQL request (ElementQueries). Root fields query the store directly;
 * every per-element read goes through a DataLoader per (operation, field, site, canonical
 * arguments), so the elements of a list that ask the same thing are answered by one store batch
 * call: a list query costs a fixed number of store queries, whatever the number of elements.
 * The criteria of a batch group are built once (handles, scope, relation arguments).
 */
export class RequestLoaders implements ElementQueries {
  readonly criteria: CriteriaBuilder;
  private readonly loaders = new Map<string, DataLoader<number, readonly ElementRecord[]>>();
  private readonly authors = new DataLoader<number, readonly number[]>(async (ids) => {
    const found = await this.deps.reader.entryAuthorIds(ids);
    return ids.map((id) => found.get(id) ?? []);
  });
  private readonly groupCriteria = new Map<string, Promise<ElementCriteria | null>>();
  private readonly candidateSets = new Map<string, Promise<ElementRecord[]>>();

  constructor(private readonly deps: RequestLoadersDeps) {
    this.criteria = new CriteriaBuilder(deps);
  }

  async all(kind: ElementKind, args: GraphqlArgs, fixed?: GraphqlArgs): Promise<ElementRecord[]> {
    const criteria = await this.criteria.build(kind, withFixed(args, fixed), { root: true });
    return criteria === null ? [] : this.deps.reader.find(criteria);
  }

  /** Craft's `one()`: the first match (the offset still applies). */
  async one(
    kind: ElementKind,
    args: GraphqlArgs,
    fixed?: GraphqlArgs,
  ): Promise<ElementRecord | null> {
    const criteria = await this.criteria.build(kind, withFixed(args, fixed), { root: true });
    if (criteria === null) return null;
    const [first] = await this.deps.reader.find({ ...criteria, limit: 1 });
    return first ?? null;
  }

  /** Craft counts without limit and offset (Yii's scalar queries drop them). */
  async count(kind: ElementKind, args: GraphqlArgs, fixed?: GraphqlArgs): Promise<number> {
    const criteria = await this.criteria.build(kind, withFixed(args, fixed), {
      capLimit: false,
      root: true,
    });
    if (criteria === null) return 0;
    return this.deps.reader.count(withoutPaging(criteria));
  }

  related(source: ElementRecord, field: Field, args: GraphqlArgs): Promise<ElementRecord[]> {
    const kind = relationKind(field);
    if (kind === null || !this.deps.grants.canQuery(kind)) return Promise.resolve([]);
    const site = source.siteId;
    return this.load(
      `related|${field.id}|${site}|${canonicalJson(args)}`,
      source.id,
      () => this.criteria.build(kind, args, { defaultSiteIds: [site] }),
      (ids, criteria) => this.deps.reader.findRelated(field.id, ids, site, criteria),
    );
  }

  /**
   * `_count(field:)`: what the field would return without arguments (so it shares that batch),
   * counted; matrix fields count their blocks, `children`, `descendants`, `ancestors` and
   * `localized` their elements; anything else 0.
   */
  async relatedCount(source: ElementRecord, fieldHandle: string): Promise<number> {
    const tree = TREE_COUNTS[fieldHandle];
    if (tree !== undefined) return (await this[tree](source, {})).length;
    const field = this.layoutField(source, fieldHandle);
    if (field === undefined) return 0;
    if (holdsNestedElements(field.type)) return (await this.blocks(source, field, {})).length;
    return (await this.related(source, field, {})).length;
  }

  authorIds(entry: ElementRecord): Promise<readonly number[]> {
    return entry.kind === ElementKinds.entry ? this.authors.load(entry.id) : Promise.resolve([]);
  }

  blocks(source: ElementRecord, field: Field, args: GraphqlArgs): Promise<ElementRecord[]> {
    if (!holdsNestedElements(field.type)) return Promise.resolve([]);
    const site = source.siteId;
    return this.load(
      `blocks|${field.id}|${site}|${canonicalJson(args)}`,
      source.id,
      () =>
        this.criteria.build(ElementKinds.matrixBlock, args, {
          defaultSiteIds: [site],
          containerIds: [field.id],
        }),
      (ids, criteria) => this.deps.reader.findBlocks(field.id, ids, criteria),
    );
  }

  children(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]> {
    return this.tree('children', source, args, (ids, criteria) =>
      this.deps.reader.findDescendants(ids, criteria, true),
    );
  }

  descendants(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]> {
    return this.tree('descendants', source, args, (ids, criteria) =>
      this.deps.reader.findDescendants(ids, criteria, false),
    );
  }

  ancestors(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]> {
    return this.tree('ancestors', source, args, (ids, criteria) =>
      this.deps.reader.findAncestors(ids, criteria, false),
    );
  }

  async parent(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null> {
    const [parent] = await this.tree('parent', source, args, (ids, criteria) =>
      this.deps.reader.findAncestors(ids, criteria, true),
    );
    return parent ?? null;
  }

  /**
   * The same element in the other readable sites (or in the sites the arguments name), one query
   * for all the elements of a list; offset and limit apply per element.
   */
  async localized(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord[]> {
    const site = source.siteId;
    const otherSites = this.deps.grants.sites.map((s) => s.id).filter((id) => id !== site);
    const key = `localized|${source.kind}|${site}|${canonicalJson(args)}`;
    const build = () => this.criteria.build(source.kind, args, { defaultSiteIds: otherSites });
    const found = await this.load(key, source.id, build, async (ids, criteria) => {
      const records = await this.deps.reader.find({
        ...withoutPaging(criteria),
        id: [...ids],
        fixedOrder: undefined,
      });
      return records
        .filter((record) => record.siteId !== site)
        .map((record) => ({ key: record.id, element: record }));
    });
    return page(found, await this.criteriaFor(key, build));
  }

  prev(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null> {
    return this.neighbour(source, args, -1);
  }

  next(source: ElementRecord, args: GraphqlArgs): Promise<ElementRecord | null> {
    return this.neighbour(source, args, 1);
  }

  /**
   * A user by element id (authors, uploaders) in `siteId` (default: the default site), whatever
   * its status (Craft eager-loads authors with `status: null`); null when the scope cannot read it.
   */
  async user(id: number, args: GraphqlArgs = {}, siteId?: number): Promise<ElementRecord | null> {
    return this.byId(ElementKinds.user, id, args, siteId);
  }

  /** An asset by element id (user photos); null when the scope cannot read it. */
  async asset(id: number, siteId?: number): Promise<ElementRecord | null> {
    return this.byId(ElementKinds.asset, id, {}, siteId);
  }

  private async byId(
    kind: ElementKind,
    id: number,
    args: GraphqlArgs,
    siteId: number | undefined,
  ): Promise<ElementRecord | null> {
    const site = siteId ?? this.deps.grants.defaultSite?.id;
    if (site === undefined) return null;
    const [found] = await this.load(
      `byId|${kind}|${site}|${canonicalJson(args)}`,
      id,
      () => this.criteria.build(kind, args, { defaultSiteIds: [site], capLimit: false }),
      async (ids, criteria) => {
        const records = await this.deps.reader.find({
          ...withoutPaging(criteria),
          id: [...ids],
          status: null,
          fixedOrder: undefined,
        });
        return records.map((record) => ({ key: record.id, element: record }));
      },
    );
    return found ?? null;
  }

  /** Tree reads exist only for structure elements: others answer without a query. */
  private tree(
    operation: string,
    source: ElementRecord,
    args: GraphqlArgs,
    fetch: BatchFetch,
  ): Promise<ElementRecord[]> {
    if (source.structure === null) return Promise.resolve([]);
    const site = source.siteId;
    return this.load(
      `${operation}|${source.kind}|${site}|${canonicalJson(args)}`,
      source.id,
      () => this.criteria.build(source.kind, args, { defaultSiteIds: [site] }),
      fetch,
    );
  }

  /**
   * Craft's `getPrev/getNext(criteria)`: the elements the criteria select in the source's site
   * (default order), and the one before or after the source. The candidate list is loaded once per
   * (kind, site, arguments) and shared by every element of the list.
   */
  private async neighbour(
    source: ElementRecord,
    args: GraphqlArgs,
    direction: -1 | 1,
  ): Promise<ElementRecord | null> {
    const key = `${source.kind}|${source.siteId}|${canonicalJson(args)}`;
    let candidates = this.candidateSets.get(key);
    if (candidates === undefined) {
      candidates = this.criteria
        .build(source.kind, args, { defaultSiteIds: [source.siteId], capLimit: false })
        .then((criteria) => (criteria === null ? [] : this.deps.reader.find(criteria)));
      this.candidateSets.set(key, candidates);
    }
    const list = await candidates;
    const index = list.findIndex((record) => record.id === source.id);
    if (index === -1) return null;
    return list[index + direction] ?? null;
  }

  /** The field `_count` names, in the source's field layout context (matrix blocks: their type's). */
  private layoutField(source: ElementRecord, handle: string): Field | undefined {
    const { model } = this.deps;
    if (source.kind === ElementKinds.matrixBlock && source.typeId !== null) {
      return model.blockTypes.id(source.typeId)?.fields.find((field) => field.handle === handle);
    }
    return model.fields.handle(handle);
  }

  /** The criteria of a batch group, built once per request. */
  private criteriaFor(
    key: string,
    build: () => Promise<ElementCriteria | null>,
  ): Promise<ElementCriteria | null> {
    let criteria = this.groupCriteria.get(key);
    if (criteria === undefined) this.groupCriteria.set(key, (criteria = build()));
    return criteria;
  }

  /**
   * Loads `id` through the DataLoader of `key`: the batch function builds the group's criteria once
   * and asks the store for every id collected in this tick.
   */
  private async load(
    key: string,
    id: number,
    buildCriteria: () => Promise<ElementCriteria | null>,
    fetch: BatchFetch,
  ): Promise<ElementRecord[]> {
    let loader = this.loaders.get(key);
    if (loader === undefined) {
      loader = new DataLoader<number, readonly ElementRecord[]>(async (ids) => {
        const built = await this.criteriaFor(key, buildCriteria);
        if (built === null) return ids.map(() => []);
        const rows = await fetch(ids, built);
        const byKey = new Map<number, ElementRecord[]>();
        for (const row of rows) {
          const list = byKey.get(row.key);
          if (list === undefined) byKey.set(row.key, [row.element]);
          else list.push(row.element);
        }
        return ids.map((key) => byKey.get(key) ?? []);
      });
      this.loaders.set(key, loader);
    }
    return [...(await loader.load(id))];
  }
}

function relationKind(field: Field): ElementKind | null {
  return relationTargetKind(field.type) ?? null;
}

/** The field's implied arguments win over the query's (`<section>Entries` has no `section`). */
function withFixed(args: GraphqlArgs, fixed: GraphqlArgs | undefined): GraphqlArgs {
  return fixed === undefined ? args : { ...args, ...fixed };
}

function withoutPaging(criteria: ElementCriteria): ElementCriteria {
  return { ...criteria, limit: undefined, offset: undefined };
}

/** Offset and limit applied in memory (batches fetch every key's rows at once). */
function page(records: ElementRecord[], criteria: ElementCriteria | null): ElementRecord[] {
  if (criteria === null) return records;
  const offset = criteria.offset ?? 0;
  const limit = criteria.limit ?? null;
  return records.slice(offset, limit === null ? undefined : offset + limit);
}
