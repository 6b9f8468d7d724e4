import type { ElementKind } from '../model/element-kinds';
import type { ElementCriteria } from '../store/element-criteria';
import type { ElementRecord, KeyedElementRecord } from '../store/element-record';
import { ElementReader } from '../store/element-reader';

/** One call the GraphQL layer made to the store port. */
export interface RecordedCall {
  readonly method: string;
  readonly ids?: readonly number[];
  readonly fieldId?: number;
  readonly criteria: ElementCriteria | null;
}

export interface RelationRow {
  readonly fieldId: number;
  readonly sourceId: number;
  readonly targetId: number;
}

/**
 * A test double of the store port for unit tests of the GraphQL layer: elements and relations in
 * memory, a small subset of the criteria (kind, sites, containers, types, ids, slugs, owners,
 * user groups, limit), and a record of every call so tests can count store queries.
 */
export class RecordingElementReader extends ElementReader {
  readonly calls: RecordedCall[] = [];

  constructor(
    private readonly elements: readonly ElementRecord[],
    private readonly relations: readonly RelationRow[] = [],
    /** Structure parents: child id → parent id. */
    private readonly parents: ReadonlyMap<number, number> = new Map(),
  ) {
    super();
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  find(criteria: ElementCriteria): Promise<ElementRecord[]> {
    this.calls.push({ method: 'find', criteria });
    return Promise.resolve(limit(this.matching(criteria), criteria));
  }

  count(criteria: ElementCriteria): Promise<number> {
    this.calls.push({ method: 'count', criteria });
    return Promise.resolve(this.matching(criteria).length);
  }

  findRelated(
    fieldId: number,
    sourceIds: readonly number[],
    _sourceSiteId: number,
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    this.calls.push({ method: 'findRelated', fieldId, ids: sourceIds, criteria });
    const matching = this.matching(criteria);
    return Promise.resolve(
      sourceIds.flatMap((sourceId) =>
        limit(
          this.relations
            .filter((row) => row.fieldId === fieldId && row.sourceId === sourceId)
            .flatMap((row) => matching.filter((element) => element.id === row.targetId)),
          criteria,
        ).map((element) => ({ key: sourceId, element })),
      ),
    );
  }

  /** Entries of the fixtures have their one author. */
  entryAuthorIds(entryIds: readonly number[]): Promise<Map<number, number[]>> {
    const authors = new Map<number, number[]>();
    for (const id of entryIds) {
      const authorId = this.elements.find((element) => element.id === id)?.authorId ?? null;
      authors.set(id, authorId === null ? [] : [authorId]);
    }
    return Promise.resolve(authors);
  }

  countRelated(
    fieldId: number,
    sourceIds: readonly number[],
    _sourceSiteId: number,
  ): Promise<Map<number, number>> {
    this.calls.push({ method: 'countRelated', fieldId, ids: sourceIds, criteria: null });
    const counts = new Map<number, number>();
    for (const id of sourceIds) {
      counts.set(
        id,
        this.relations.filter((row) => row.fieldId === fieldId && row.sourceId === id).length,
      );
    }
    return Promise.resolve(counts);
  }

  findDescendants(
    ancestorIds: readonly number[],
    criteria: ElementCriteria,
    directChildrenOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    this.calls.push({ method: 'findDescendants', ids: ancestorIds, criteria });
    const matching = this.matching(criteria);
    return Promise.resolve(
      ancestorIds.flatMap((ancestorId) =>
        limit(
          matching.filter((element) => {
            const chain = this.ancestorsOf(element.id);
            return directChildrenOnly ? chain[0] === ancestorId : chain.includes(ancestorId);
          }),
          criteria,
        ).map((element) => ({ key: ancestorId, element })),
      ),
    );
  }

  findAncestors(
    descendantIds: readonly number[],
    criteria: ElementCriteria,
    directParentOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    this.calls.push({ method: 'findAncestors', ids: descendantIds, criteria });
    const matching = this.matching(criteria);
    return Promise.resolve(
      descendantIds.flatMap((descendantId) => {
        const chain = this.ancestorsOf(descendantId);
        const wanted = directParentOnly ? chain.slice(0, 1) : [...chain].reverse();
        return wanted.flatMap((id) =>
          matching
            .filter((element) => element.id === id)
            .map((element) => ({ key: descendantId, element })),
        );
      }),
    );
  }

  findBlocks(
    fieldId: number,
    ownerIds: readonly number[],
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    this.calls.push({ method: 'findBlocks', fieldId, ids: ownerIds, criteria });
    const matching = this.matching(criteria);
    return Promise.resolve(
      ownerIds.flatMap((ownerId) =>
        matching
          .filter((element) => element.ownerId === ownerId && element.containerId === fieldId)
          .map((element) => ({ key: ownerId, element })),
      ),
    );
  }

  private ancestorsOf(id: number): number[] {
    const chain: number[] = [];
    for (
      let parent = this.parents.get(id);
      parent !== undefined;
      parent = this.parents.get(parent)
    ) {
      chain.push(parent);
    }
    return chain;
  }

  private matching(criteria: ElementCriteria): ElementRecord[] {
    const ids = idList(criteria.id);
    const slugs = textList(criteria.slug);
    const uids = textList(criteria.uid);
    const usernames = textList(criteria.username);
    const emails = textList(criteria.email);
    return this.elements.filter(
      (element) =>
        element.kind === criteria.kind &&
        criteria.siteIds.includes(element.siteId) &&
        (criteria.containerIds === undefined ||
          (element.containerId !== null && criteria.containerIds.includes(element.containerId))) &&
        (criteria.typeIds === undefined ||
          (element.typeId !== null && criteria.typeIds.includes(element.typeId))) &&
        (ids === null || ids.includes(element.id)) &&
        (slugs === null || (element.slug !== null && slugs.includes(element.slug))) &&
        (uids === null || uids.includes(element.uid)) &&
        (usernames === null || usernames.includes(element.user?.username ?? '')) &&
        (emails === null || emails.includes(element.user?.email ?? '')) &&
        (criteria.userGroupIds === undefined ||
          (element.user?.groupIds ?? []).some((group) => criteria.userGroupIds!.includes(group))),
    );
  }
}

function idList(param: ElementCriteria['id']): number[] | null {
  if (param === undefined || param === null) return null;
  return [param].flat().map(Number);
}

/** Exact values of a text parameter (the double knows no operators; `\*` is an asterisk). */
function textList(param: ElementCriteria['slug']): string[] | null {
  if (param === undefined || param === null) return null;
  return [param].flat().map((value) => String(value).replace(/\\\*/g, '*'));
}

function limit(elements: ElementRecord[], criteria: ElementCriteria): ElementRecord[] {
  const offset = criteria.offset ?? 0;
  const end =
    criteria.limit === undefined || criteria.limit === null ? undefined : offset + criteria.limit;
  return elements.slice(offset, end);
}

/** An element record with defaults, for tests. */
export function element(
  id: number,
  kind: ElementKind,
  siteId: number,
  extra: Partial<ElementRecord> = {},
): ElementRecord {
  const date = new Date('2024-01-15T10:00:00Z');
  return {
    id,
    uid: `uid-element-${id}`,
    kind,
    siteId,
    containerId: null,
    typeId: null,
    title: `Element ${id}`,
    slug: `element-${id}`,
    uri: null,
    enabled: true,
    enabledForSite: true,
    archived: false,
    status: kind === 'entry' ? 'live' : kind === 'user' ? 'active' : 'enabled',
    dateCreated: date,
    dateUpdated: date,
    dateDeleted: null,
    fields: {},
    postDate: kind === 'entry' ? date : null,
    expiryDate: null,
    authorId: null,
    structure: null,
    asset: null,
    user: null,
    ownerId: null,
    sortOrder: null,
    searchScore: null,
    ...extra,
  };
}
