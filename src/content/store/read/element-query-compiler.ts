import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { contentElements } from '../../../infra/database/schema/content.schema';
import type { ElementCriteria, OwnerScope } from '../element-criteria';
import { refuseUnstorableText } from './criteria-text';
import {
  type OrderContext,
  type OrderExpression,
  orderExpressions,
  orderSql,
  sitePreference,
} from './element-order';
import { fieldColumn, isRelationFieldType, isStructuredFieldType } from './field-columns';
import { type ParamColumn, paramSql } from './param-sql';
import { parseDateValue } from './param-dates';
import {
  type IdSet,
  idArray,
  isIntersection,
  type RelationFieldFilter,
  relatedToSql,
  relationConditions,
} from './relation-sql';
import { FIRST_NAME, LAST_NAME, searchSql } from './search-sql';
import { statusSql } from './status-sql';
import { structureConditions } from './structure-sql';
import { ElementKinds } from '../../model/element-kinds';

/**
 * ElementCriteria → one SQL query (Drizzle `sql`: every value a parameter). Aliases: e
 * content_elements, s content_element_sites (for users a lateral pick of one site row, which
 * they only have with custom field values), n content_structure_nodes, a content_assets,
 * f content_asset_folders, u users. The element query runs as an inner select `q` carrying its
 * order values (`_o0`, ...), the search score (`_score`), the batch key (`_key`) and the site
 * rank for `unique`; an outer select orders, dedupes and pages it.
 */

export interface QueryContext extends OrderContext {
  /** Statuses and `now` in date parameters compare with it (the injected clock's time). */
  readonly now: Date;
  fieldId(handle: string): number | undefined;
}

/** Ties each element row to the key a batch method answers for (a source, an ancestor, ...). */
export interface KeyedScope {
  readonly join: SQL;
  readonly where?: SQL;
  readonly key: SQL;
  /** Order within a key when the criteria give none (relation sort order, structure order). */
  readonly defaultOrder: readonly OrderExpression[];
}

const BASE_COLUMNS = sql`e.id, e.uid, e.kind, e.container_id, e.type_id, e.owner_id, e.sort_order, e.author_id, e.photo_id, e.post_date, e.expiry_date, e.enabled, e.archived, e.date_created, e.date_updated, e.date_deleted, s.site_id, s.title, s.slug, s.uri, s.enabled AS site_enabled, s.fields, n.structure_id, n.root_id, n.lft, n.rgt, n.level`;
const ASSET_COLUMNS = sql`, a.volume_id, a.folder_id, f.path AS folder_path, a.filename, a.kind AS file_kind, a.mime_type, a.size, a.width, a.height, a.focal_x, a.focal_y, a.alt, a.date_modified, a.uploader_id`;
const USER_COLUMNS = sql`, u.id AS identity_user_id, u.login, u.email, u.name AS full_name, u.is_disabled, (SELECT coalesce(array_agg(m.group_id ORDER BY m.group_id), '{}') FROM content_user_group_members m WHERE m.user_id = u.id) AS group_ids`;

/**
 * Whether the best plan depends on the values, not only on the query's shape. A prepared statement
 * settles on a generic plan after five runs, made for average values: a generic `@@` cannot weigh
 * the GIN index against reading entries newest first (a rare word read every entry), and an
 * intersection of related elements over several sites must start from the rarer one. Such queries
 * are planned with their values on every run.
 */
export function plansByValue(criteria: ElementCriteria): boolean {
  if (criteria.search !== undefined) return true;
  // In one site an intersection is read by key from its set of ids, whatever the values.
  return isIntersection(criteria.relatedTo) && oneSiteOf(criteria) === undefined;
}

/**
 * The one site the query reads, when every element row it tests is that site's (users pick
 * theirs per user): relations can then be read as sets of ids (relationConditions).
 */
function oneSiteOf(criteria: ElementCriteria): number | undefined {
  return criteria.kind !== ElementKinds.user && criteria.siteIds.length === 1
    ? criteria.siteIds[0]
    : undefined;
}

/** Whether the criteria can match anything at all (an empty id list means "nothing"). */
export function canMatch(criteria: ElementCriteria): boolean {
  const empty = (list: readonly number[] | undefined) => list !== undefined && list.length === 0;
  if (criteria.siteIds.length === 0) return false;
  if (criteria.kind !== ElementKinds.user && empty(criteria.containerIds)) return false;
  if (empty(criteria.typeIds) || empty(criteria.authorGroupIds) || empty(criteria.ownerIds)) {
    return false;
  }
  if (criteria.ownerScopes !== undefined && criteria.ownerScopes.length === 0) return false;
  return !(criteria.kind === ElementKinds.user && empty(criteria.userGroupIds));
}

/** The elements of the criteria, ordered and paged; keyed: ordered and paged per key. */
export function compileFind(
  criteria: ElementCriteria,
  context: QueryContext,
  keyed?: KeyedScope,
): SQL {
  const orders = orderExpressions(criteria, context, keyed?.defaultOrder);
  const inner = innerQuery(criteria, context, keyed, orders);
  const deduped = uniqueFilter(criteria);
  const orderBy = sql.join(
    orders.map((order, index) => orderSql(sql.raw(`q._o${index}`), order.descending)),
    sql`, `,
  );
  const offset = Math.max(0, Math.floor(criteria.offset ?? 0));
  const limit = limitOf(criteria);
  if (keyed === undefined) {
    const limitSql = limit === null ? sql`` : sql` LIMIT ${limit}`;
    const offsetSql = offset === 0 ? sql`` : sql` OFFSET ${offset}`;
    return sql`SELECT q.* FROM (${inner}) q${deduped} ORDER BY ${orderBy}${limitSql}${offsetSql}`;
  }
  // Without paging, each key's rows need no numbering: ordering by key first groups them.
  if (offset === 0 && limit === null) {
    return sql`SELECT q.* FROM (${inner}) q${deduped} ORDER BY q._key, ${orderBy}`;
  }
  const upper = limit === null ? sql`` : sql` AND ranked._rn <= ${offset + limit}`;
  return sql`SELECT ranked.* FROM (SELECT q.*, row_number() OVER (PARTITION BY q._key ORDER BY ${orderBy}) AS _rn FROM (${inner}) q${deduped}) ranked WHERE ranked._rn > ${offset}${upper} ORDER BY ranked._key, ranked._rn`;
}

/**
 * The number of matching elements. Offset and limit do not apply: Craft's `count()` is Yii's
 * scalar query, which drops them (`entryCount(limit: 2)` counts every entry).
 */
export function compileCount(criteria: ElementCriteria, context: QueryContext): SQL {
  const inner = innerQuery(criteria, context, undefined, []);
  return sql`SELECT count(*) AS count FROM (${inner}) q${uniqueFilter(criteria)}`;
}

/** Rows `{ key, count }`: matching elements per key (offset and limit do not apply). */
export function compileKeyedCount(
  criteria: ElementCriteria,
  context: QueryContext,
  keyed: KeyedScope,
): SQL {
  const inner = innerQuery(criteria, context, keyed, []);
  return sql`SELECT q._key AS key, count(*) AS count FROM (${inner}) q${uniqueFilter(criteria)} GROUP BY q._key`;
}

/** The row limit: null for none, 0 for a negative one (as Craft). */
export function limitOf(criteria: ElementCriteria): number | null {
  if (criteria.limit === undefined || criteria.limit === null) return null;
  return Math.max(0, Math.floor(criteria.limit));
}

function isUnique(criteria: ElementCriteria): boolean {
  return (
    criteria.unique === true && criteria.siteIds.length > 1 && criteria.kind !== ElementKinds.user
  );
}

function uniqueFilter(criteria: ElementCriteria): SQL {
  return isUnique(criteria) ? sql` WHERE q._site_rank = 1` : sql``;
}

function innerQuery(
  criteria: ElementCriteria,
  context: QueryContext,
  keyed: KeyedScope | undefined,
  orders: readonly OrderExpression[],
): SQL {
  refuseUnstorableText(criteria);
  const columns: SQL[] = [BASE_COLUMNS];
  if (criteria.kind === ElementKinds.asset) columns.push(ASSET_COLUMNS);
  if (criteria.kind === ElementKinds.user) columns.push(USER_COLUMNS);
  const search =
    criteria.search !== undefined
      ? searchSql(criteria.kind, criteria.search, criteria.searchTermOptions)
      : null;
  if (search !== null) columns.push(sql`, ${search.score} AS _score`);
  if (keyed !== undefined) columns.push(sql`, ${keyed.key} AS _key`);
  orders.forEach((order, index) =>
    columns.push(sql`, ${order.expression} AS ${sql.raw(`_o${index}`)}`),
  );
  if (isUnique(criteria)) {
    const partition = keyed === undefined ? sql`e.id` : sql`${keyed.key}, e.id`;
    columns.push(
      sql`, row_number() OVER (PARTITION BY ${partition} ORDER BY ${sitePreference(criteria)}) AS _site_rank`,
    );
  }
  const { conditions, idSet } = whereConditions(criteria, context);
  if (search !== null) conditions.push(search.condition);
  if (keyed?.where !== undefined) conditions.push(keyed.where);
  let elements = sql`content_elements`;
  // A count has no order: its set stays a condition.
  const readsSet = idSet !== null && keyed === undefined && search === null && orders.length > 0;
  if (readsSet && orders.every((order) => order.relationColumn !== undefined)) {
    elements = datedElements(idSet, orders);
  } else if (readsSet && orders.every((order) => order.elementOnly === true)) {
    elements = sortedElements(idSet, orders);
  } else if (idSet !== null) conditions.push(idSet.condition);
  const join = keyed === undefined ? sql`` : sql` ${keyed.join}`;
  return sql`SELECT ${sql.join(columns, sql``)} ${fromSql(criteria, elements)}${join} WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * The elements of a set of ids (a one-site intersection of relations), sorted in the query's
 * order before anything is joined to them: the query then joins site rows and structure nodes
 * in that order and stops at its limit. Joined first and sorted after, the 20 newest of two
 * tags' 499 shared entries at 100,000 read 499 site rows and nodes (docs/content-store.md).
 * `OFFSET 0` keeps the planner from flattening the subquery; the outer query's order is the
 * same list, so it needs no second sort.
 */
function sortedElements(idSet: IdSet, orders: readonly OrderExpression[]): SQL {
  const orderBy = sql.join(
    orders.map((order) => orderSql(order.expression, order.descending)),
    sql`, `,
  );
  return sql`(SELECT e.* FROM content_elements e WHERE ${idSet.condition} ORDER BY ${orderBy} OFFSET 0)`;
}

/** content_elements' columns with the post date taken from `k` (datedElements). */
const DATED_ELEMENT_COLUMNS = sql.raw(
  Object.values(getTableColumns(contentElements))
    .map(({ name }) => (name === 'post_date' ? 'k.post_date' : `e.${name}`))
    .join(', '),
);

/**
 * The elements of a set of ids sorted by post date and id (an entry list's default order), as
 * sortedElements, but sorted from the set's `(id, post_date)` rows before any element is read:
 * the intersection of two tags is then made and sorted from the relation index alone, and only
 * the page's elements are read (docs/content-store.md, seventh round). The rows' `post_date` is
 * the one the outer query orders by, so it needs no second sort.
 */
function datedElements(idSet: IdSet, orders: readonly OrderExpression[]): SQL {
  const orderBy = sql.join(
    orders.map((order) =>
      orderSql(
        sql.raw(order.relationColumn === 'post_date' ? 'k.post_date' : 'k.id'),
        order.descending,
      ),
    ),
    sql`, `,
  );
  return sql`(SELECT ${DATED_ELEMENT_COLUMNS} FROM (SELECT * FROM (${idSet.dated}) k(id, post_date) ORDER BY ${orderBy} OFFSET 0) k JOIN content_elements e ON e.id = k.id)`;
}

/** The FROM clause; `elements` is content_elements or a subquery of its rows (sortedElements). */
function fromSql(criteria: ElementCriteria, elements: SQL): SQL {
  const sites = idArray(criteria.siteIds);
  const parts = [sql`FROM ${elements} e`];
  if (criteria.kind === ElementKinds.user) {
    parts.push(
      sql`JOIN users u ON u.id = e.user_id AND NOT u.is_service_account`,
      sql`LEFT JOIN LATERAL (SELECT * FROM content_element_sites s0 WHERE s0.element_id = e.id ORDER BY array_position(${sites}, s0.site_id) NULLS LAST, s0.site_id LIMIT 1) s ON true`,
    );
  } else {
    parts.push(
      sql`JOIN content_element_sites s ON s.element_id = e.id AND s.site_id = ANY(${sites})`,
    );
  }
  parts.push(sql`LEFT JOIN content_structure_nodes n ON n.element_id = e.id`);
  if (criteria.kind === ElementKinds.asset) {
    parts.push(
      sql`JOIN content_assets a ON a.element_id = e.id JOIN content_asset_folders f ON f.id = a.folder_id`,
    );
  }
  return sql.join(parts, sql` `);
}

const number = (expression: SQL): ParamColumn => ({ type: 'number', expression });
const text = (expression: SQL): ParamColumn => ({ type: 'text', expression });
const exact = (expression: SQL): ParamColumn => ({ type: 'exactText', expression });
const date = (expression: SQL): ParamColumn => ({ type: 'date', expression });

/** The block's owner is a live (not trashed) element of one of the scopes. */
function ownerScopeSql(scopes: readonly OwnerScope[]): SQL {
  if (scopes.length === 0) return sql`false`;
  const alternatives = scopes.map((scope) => {
    const parts = [sql`o.kind = ${scope.kind}`];
    if (scope.containerIds !== undefined) {
      parts.push(sql`o.container_id = ANY(${idArray(scope.containerIds)})`);
    }
    if (scope.typeIds !== undefined) parts.push(sql`o.type_id = ANY(${idArray(scope.typeIds)})`);
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return sql`EXISTS (SELECT 1 FROM content_elements o WHERE o.id = e.owner_id AND o.date_deleted IS NULL AND (${sql.join(alternatives, sql` OR `)}))`;
}

/** Adds a condition (none for null). */
type AddCondition = (condition: SQL | null) => void;
/** Adds a query parameter's condition on a column. */
type AddParam = (column: ParamColumn, value: ElementCriteria['id']) => void;

/** The asset parameters: folder (with subfolders), file name, kind, size, alt, uploader. */
function assetConditions(
  criteria: ElementCriteria,
  now: Date,
  add: AddCondition,
  param: AddParam,
): void {
  if (criteria.includeSubfolders === true && criteria.folderId !== undefined) {
    // Folder paths end with `/` (the root is ''), so a subfolder's path starts with its parent's.
    const parents = paramSql(number(sql`p.id`), criteria.folderId, now);
    if (parents !== null) {
      add(
        sql`a.folder_id IN (SELECT d.id FROM content_asset_folders d JOIN content_asset_folders p ON p.volume_id = d.volume_id AND starts_with(d.path, p.path) WHERE ${parents})`,
      );
    }
  } else param(number(sql`a.folder_id`), criteria.folderId);
  param(text(sql`a.filename`), criteria.filename);
  param(text(sql`a.kind`), criteria.fileKind);
  param(number(sql`a.width`), criteria.width);
  param(number(sql`a.height`), criteria.height);
  param(number(sql`a.size`), criteria.size);
  param(date(sql`a.date_modified`), criteria.dateModified);
  if (criteria.hasAlt !== undefined) {
    add(criteria.hasAlt ? sql`coalesce(a.alt, '') <> ''` : sql`coalesce(a.alt, '') = ''`);
  }
  param(number(sql`a.uploader_id`), criteria.uploaderIds);
}

/** The user parameters: names, groups, photo, authors and uploaders, visible users. */
function userConditions(criteria: ElementCriteria, add: AddCondition, param: AddParam): void {
  param(text(sql`u.email`), criteria.email);
  param(text(sql`u.login`), criteria.username);
  param(text(sql`u.name`), criteria.fullName);
  param(text(FIRST_NAME), criteria.firstName);
  param(text(LAST_NAME), criteria.lastName);
  if (criteria.userGroupIds !== undefined) {
    add(
      sql`EXISTS (SELECT 1 FROM content_user_group_members m WHERE m.user_id = u.id AND m.group_id = ANY(${idArray(criteria.userGroupIds)}))`,
    );
  }
  if (criteria.hasPhoto !== undefined) {
    add(criteria.hasPhoto ? sql`e.photo_id IS NOT NULL` : sql`e.photo_id IS NULL`);
  }
  if (criteria.authors === true) {
    add(
      sql`EXISTS (SELECT 1 FROM content_elements authored WHERE authored.kind = 'entry' AND authored.author_id = e.id)`,
    );
  }
  if (criteria.assetUploaders === true) {
    add(sql`EXISTS (SELECT 1 FROM content_assets uploaded WHERE uploaded.uploader_id = e.id)`);
  }
  if (criteria.visibleUsers !== undefined) {
    const { orgId, hiddenLogins } = criteria.visibleUsers;
    add(sql`EXISTS (SELECT 1 FROM org_users ou WHERE ou.user_id = u.id AND ou.org_id = ${orgId})`);
    if (hiddenLogins.length > 0) {
      add(
        sql`lower(u.login) <> ALL(${`{${hiddenLogins.map((l) => JSON.stringify(l.toLowerCase())).join(',')}}`}::text[])`,
      );
    }
  }
}

/** The query's conditions; the one-site relation id set apart (RelationSql). */
function whereConditions(
  criteria: ElementCriteria,
  context: QueryContext,
): { conditions: SQL[]; idSet: IdSet | null } {
  const { now } = context;
  const conditions: SQL[] = [sql`e.kind = ${criteria.kind}`];
  const add = (condition: SQL | null) => {
    if (condition !== null) conditions.push(condition);
  };
  const param = (column: ParamColumn, value: ElementCriteria['id']) =>
    add(paramSql(column, value, now));

  if (criteria.kind !== ElementKinds.user && criteria.containerIds !== undefined) {
    add(sql`e.container_id = ANY(${idArray(criteria.containerIds)})`);
  }
  if (criteria.typeIds !== undefined) add(sql`e.type_id = ANY(${idArray(criteria.typeIds)})`);
  if (criteria.ownerIds !== undefined) add(sql`e.owner_id = ANY(${idArray(criteria.ownerIds)})`);
  if (criteria.ownerScopes !== undefined) add(ownerScopeSql(criteria.ownerScopes));

  param(number(sql`e.id`), criteria.id);
  param(exact(sql`e.uid`), criteria.uid);
  param(text(sql`s.title`), criteria.title);
  param(exact(sql`s.slug`), criteria.slug);
  param(exact(sql`s.uri`), criteria.uri);
  param(exact(sql`(e.id::text || '-' || s.site_id::text)`), criteria.siteSettingsId);
  add(statusSql(criteria.kind, criteria.status, now));
  add(criteria.archived === true ? sql`e.archived` : sql`NOT e.archived`);
  add(criteria.trashed === true ? sql`e.date_deleted IS NOT NULL` : sql`e.date_deleted IS NULL`);
  param(date(sql`e.date_created`), criteria.dateCreated);
  param(date(sql`e.date_updated`), criteria.dateUpdated);
  const oneSite = oneSiteOf(criteria);
  // Custom field filters; relation fields go with `relatedTo` (one intersection in one site).
  const relationFilters: RelationFieldFilter[] = [];
  for (const filter of criteria.fields ?? []) {
    if (isStructuredFieldType(filter.fieldType)) continue;
    if (!isRelationFieldType(filter.fieldType)) {
      param(fieldColumn(filter.fieldHandle, filter.fieldType), filter.param);
      continue;
    }
    const fieldId = context.fieldId(filter.fieldHandle);
    if (fieldId === undefined) add(sql`false`);
    else relationFilters.push({ fieldId, param: filter.param });
  }
  const relations = relationConditions(criteria.relatedTo, relationFilters, oneSite);
  conditions.push(...relations.tests);
  if (criteria.notRelatedTo !== undefined && criteria.notRelatedTo.conditions.length > 0) {
    add(sql`NOT ${relatedToSql(criteria.notRelatedTo)}`);
  }

  // Entries
  // Any of the authors (Craft 5); the primary author's column alone answers `:empty:`.
  const primaryAuthor = paramSql(number(sql`e.author_id`), criteria.authorIds, now);
  if (primaryAuthor !== null) {
    const anyAuthor = paramSql(number(sql`a.author_id`), criteria.authorIds, now);
    add(
      sql`(${primaryAuthor} OR EXISTS (SELECT 1 FROM content_entry_authors a WHERE a.entry_id = e.id AND ${anyAuthor}))`,
    );
  }
  if (criteria.authorGroupIds !== undefined) {
    add(
      sql`EXISTS (SELECT 1 FROM content_elements author JOIN content_user_group_members m ON m.user_id = author.user_id WHERE author.id = e.author_id AND m.group_id = ANY(${idArray(criteria.authorGroupIds)}))`,
    );
  }
  param(date(sql`e.post_date`), criteria.postDate);
  if (criteria.before !== undefined) {
    add(sql`e.post_date < ${parseDateValue(criteria.before, now).toISOString()}::timestamptz`);
  }
  if (criteria.after !== undefined) {
    add(sql`e.post_date >= ${parseDateValue(criteria.after, now).toISOString()}::timestamptz`);
  }
  param(date(sql`e.expiry_date`), criteria.expiryDate);

  conditions.push(...structureConditions(criteria, now));

  if (criteria.kind === ElementKinds.asset) assetConditions(criteria, now, add, param);
  if (criteria.kind === ElementKinds.user) userConditions(criteria, add, param);

  return { conditions, idSet: relations.idSet };
}
