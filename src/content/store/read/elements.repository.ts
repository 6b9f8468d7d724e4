import { Injectable } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { Clock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import { preparedRunner } from '../../../infra/database/prepared-rows';
import { rawRows } from '../../../infra/database/raw-rows';
import type { Counter } from '../../../infra/stats/counter';
import { StatsRegistry } from '../../../infra/stats/registry';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';
import type { ElementCriteria } from '../element-criteria';
import {
  canMatch,
  compileCount,
  compileFind,
  compileKeyedCount,
  type KeyedScope,
  limitOf,
  plansByValue,
  type QueryContext,
} from './element-query-compiler';
import type { ElementRecord, KeyedElementRecord } from '../element-record';
import { type ElementRow, toElementRecord } from './element-row';
import { ElementReader } from '../element-reader';
import { idArray } from './relation-sql';
import { CompiledQueries, criteriaKey } from './compiled-queries';
import { relationTargetKind } from '../../model/field-types';

/** Statistic counting every SQL query of the element store (e2e tests prove there is no N+1). */
export const STORE_QUERIES_STAT = 'content.store.queries';

/** Field lookups by handle, built once per model (block types' own fields included). */
interface FieldLookups {
  readonly byHandle: ReadonlyMap<string, { id: number; type: string }>;
}

/**
 * The content store's read side: Craft element queries as SQL (element-query-compiler.ts), one
 * query per call whatever the number of ids, batch methods keyed per source with per-key
 * offset and limit.
 */
@Injectable()
export class ElementsRepository extends ElementReader {
  private readonly queries: Counter;
  private readonly lookups = new WeakMap<ContentModelIndex, FieldLookups>();
  /** Per model: a model change (reload, import) compiles every query afresh. */
  private readonly compiled = new WeakMap<ContentModelIndex, CompiledQueries>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly models: ContentModelSource,
    stats: StatsRegistry,
  ) {
    super();
    this.queries = stats.counter(STORE_QUERIES_STAT);
  }

  async find(criteria: ElementCriteria): Promise<ElementRecord[]> {
    if (!canMatch(criteria) || limitOf(criteria) === 0) return [];
    const context = this.context();
    const rows = await this.run<ElementRow>(
      context,
      `find ${criteriaKey(criteria)}`,
      (at) => compileFind(criteria, at),
      plansByValue(criteria),
    );
    return rows.map((row) => this.record(row, criteria, context));
  }

  async count(criteria: ElementCriteria): Promise<number> {
    if (!canMatch(criteria)) return 0;
    const [row] = await this.run<{ count: string | number }>(
      this.context(),
      `count ${criteriaKey(criteria)}`,
      (at) => compileCount(criteria, at),
      plansByValue(criteria),
    );
    return Number(row?.count ?? 0);
  }

  findRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    return this.findKeyed(sourceIds, criteria, `related ${fieldId} ${sourceSiteId}`, () =>
      relationScope(fieldId, sourceIds, sourceSiteId),
    );
  }

  /**
   * Without criteria, counts what the field shows by default: targets of the field's kind in the
   * source's site, in their default status, not trashed or archived. With criteria (a schema's
   * scope, arguments), counts what `findRelated` would return before offset and limit.
   */
  async countRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria?: ElementCriteria,
  ): Promise<Map<number, number>> {
    const counts = new Map(sourceIds.map((id) => [Number(id), 0]));
    const kind = relationTargetKind(this.models.current.field(fieldId)?.type ?? '');
    const effective =
      criteria ?? (kind === undefined ? undefined : { kind, siteIds: [sourceSiteId] });
    if (sourceIds.length === 0 || effective === undefined || !canMatch(effective)) return counts;
    const rows = await this.run<{ key: string | number; count: string | number }>(
      this.context(),
      `count related ${fieldId} ${sourceSiteId} ${sourceIds.join(',')} ${criteriaKey(effective)}`,
      (at) => compileKeyedCount(effective, at, relationScope(fieldId, sourceIds, sourceSiteId)),
    );
    for (const row of rows) counts.set(Number(row.key), Number(row.count));
    return counts;
  }

  async entryAuthorIds(entryIds: readonly number[]): Promise<Map<number, number[]>> {
    const authors = new Map(entryIds.map((id) => [Number(id), [] as number[]]));
    if (entryIds.length === 0) return authors;
    const rows = await this.run<{ entry_id: string | number; author_id: string | number }>(
      this.context(),
      `entry authors ${entryIds.join(',')}`,
      () =>
        sql`SELECT entry_id, author_id FROM content_entry_authors
            WHERE entry_id = ANY(${idArray(entryIds)}) ORDER BY entry_id, sort_order`,
    );
    for (const row of rows) authors.get(Number(row.entry_id))?.push(Number(row.author_id));
    return authors;
  }

  findDescendants(
    ancestorIds: readonly number[],
    criteria: ElementCriteria,
    directChildrenOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    const level = directChildrenOnly ? sql` AND n.level = k.level + 1` : sql``;
    return this.findKeyed(ancestorIds, criteria, `descendants ${directChildrenOnly}`, () => ({
      join: sql`JOIN content_structure_nodes k ON k.element_id = ANY(${idArray(ancestorIds)}) AND n.structure_id = k.structure_id AND n.root_id = k.root_id AND n.lft > k.lft AND n.rgt < k.rgt${level}`,
      key: sql`k.element_id`,
      defaultOrder: [{ expression: sql`n.lft`, descending: false }],
    }));
  }

  findAncestors(
    descendantIds: readonly number[],
    criteria: ElementCriteria,
    directParentOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    const level = directParentOnly ? sql` AND n.level = k.level - 1` : sql``;
    return this.findKeyed(descendantIds, criteria, `ancestors ${directParentOnly}`, () => ({
      join: sql`JOIN content_structure_nodes k ON k.element_id = ANY(${idArray(descendantIds)}) AND n.structure_id = k.structure_id AND n.root_id = k.root_id AND n.lft < k.lft AND n.rgt > k.rgt${level}`,
      key: sql`k.element_id`,
      defaultOrder: [{ expression: sql`n.lft`, descending: false }],
    }));
  }

  findBlocks(
    fieldId: number,
    ownerIds: readonly number[],
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    return this.findKeyed(ownerIds, criteria, `blocks ${fieldId}`, () => ({
      join: sql``,
      where: sql`e.owner_id = ANY(${idArray(ownerIds)}) AND e.container_id = ${fieldId}`,
      key: sql`e.owner_id`,
      defaultOrder: [{ expression: sql`e.sort_order`, descending: false }],
    }));
  }

  /**
   * `batch` and the keys name the scope's SQL for the compiled-query key; the scope is built
   * only when the query is compiled.
   */
  private async findKeyed(
    keys: readonly number[],
    criteria: ElementCriteria,
    batch: string,
    scope: () => KeyedScope,
  ): Promise<KeyedElementRecord[]> {
    if (keys.length === 0 || !canMatch(criteria) || limitOf(criteria) === 0) return [];
    const context = this.context();
    const rows = await this.run<ElementRow>(
      context,
      `${batch} ${keys.join(',')} ${criteriaKey(criteria)}`,
      (at) => compileFind(criteria, at, scope()),
      plansByValue(criteria),
    );
    return rows.map((row) => ({
      key: Number(row._key),
      element: this.record(row, criteria, context),
    }));
  }

  private record(row: ElementRow, criteria: ElementCriteria, context: QueryContext): ElementRecord {
    return toElementRecord(row, context.now, criteria.siteIds[0], criteria.search !== undefined);
  }

  /**
   * One query of the store. `key` names everything `build` compiles from but the time: outside
   * transactions the compiled statement is remembered by it (compiled-queries.ts).
   * `planEachRun`: see plansByValue.
   */
  private run<T>(
    context: QueryContext,
    key: string,
    build: (at: QueryContext) => SQL,
    planEachRun = false,
  ): Promise<T[]> {
    this.queries.inc();
    const executor = this.database.executor;
    const prepared = preparedRunner(executor);
    if (prepared === undefined) return rawRows<T>(executor, build(context));
    const compiled = this.compiledQueries(this.models.current).compile(key, context.now, (now) =>
      build({ ...context, now }),
    );
    return prepared<T>(planEachRun ? { ...compiled, planEachRun } : compiled);
  }

  private compiledQueries(model: ContentModelIndex): CompiledQueries {
    let queries = this.compiled.get(model);
    if (queries === undefined) {
      queries = new CompiledQueries();
      this.compiled.set(model, queries);
    }
    return queries;
  }

  private context(): QueryContext {
    const model = this.models.current;
    const { byHandle } = this.fieldLookups(model);
    return {
      now: new Date(this.clock.nowMs()),
      fieldType: (handle) => byHandle.get(handle)?.type,
      fieldId: (handle) => byHandle.get(handle)?.id,
      isStructureSection: (id) => model.sections.id(id)?.type === 'structure',
    };
  }

  private fieldLookups(model: ContentModelIndex): FieldLookups {
    let lookups = this.lookups.get(model);
    if (lookups === undefined) {
      const byHandle = new Map<string, { id: number; type: string }>();
      const blockFields = model.model.fields.flatMap((field) =>
        field.blockTypes.flatMap((blockType) => blockType.fields),
      );
      // Global fields first: they win over block types' own fields of the same handle.
      for (const field of [...model.model.fields, ...blockFields]) {
        if (!byHandle.has(field.handle)) {
          byHandle.set(field.handle, { id: field.id, type: field.type });
        }
      }
      lookups = { byHandle };
      this.lookups.set(model, lookups);
    }
    return lookups;
  }
}

/**
 * Targets of one relation field, keyed by source, in the relation's order. The relation rows
 * are read from the sources' side (a page of sources, a handful of rows each) in a subquery the
 * planner cannot flatten (`OFFSET 0`): joined from the targets' side, a category or tag shared
 * by thousands of sources had all their relation rows read and filtered, because the planner
 * estimates a rare kind's elements as one row (215 ms against 1.6 ms for a page of 20 news
 * entries' category at 100,000 entries). The targets' ids are also given as an array, which
 * the planner reads by key whatever it estimates: without it a prepared statement's generic
 * plan read every element in key order to merge it with the four rows of a small assets table
 * (one entry's `heroImage` at 100,000 entries: 15–17 ms against 0.2–0.4 ms; docs/content-store.md).
 */
function relationScope(
  fieldId: number,
  sourceIds: readonly number[],
  sourceSiteId: number,
): KeyedScope {
  const rows = sql`content_relations WHERE field_id = ${fieldId} AND source_id = ANY(${idArray(sourceIds)}) AND (source_site_id IS NULL OR source_site_id = ${sourceSiteId})`;
  return {
    join: sql`JOIN (SELECT source_id, target_id, sort_order FROM ${rows} OFFSET 0) kr ON kr.target_id = e.id`,
    where: sql`e.id = ANY(ARRAY(SELECT target_id FROM ${rows}))`,
    key: sql`kr.source_id`,
    defaultOrder: [{ expression: sql`kr.sort_order`, descending: false }],
  };
}
