import { type SQL, sql } from 'drizzle-orm';
import type { ElementKind } from '../../model/element-kinds';
import { fieldExpressionForOrder, fieldOrderColumn, textOrder } from './field-columns';
import { FIRST_NAME, LAST_NAME } from './search-sql';

/**
 * The columns `orderBy` may name, per element kind, as SQL over the compiled query's aliases
 * (e elements, s element sites, n structure nodes, a assets, u users). Custom field handles
 * (also written `field_<handle>`, Craft 4's column names) order by their typed value.
 */

/**
 * An element column the relation rows carry too, for their source (`source_id`,
 * `source_post_date`): a one-site intersection can be sorted by it from its relation rows alone.
 */
export type RelationColumn = 'id' | 'post_date';

/** An `orderBy` column, and whether it reads the element row `e` alone. */
export interface OrderColumn {
  readonly expression: SQL;
  readonly elementOnly: boolean;
  readonly relationColumn?: RelationColumn;
}

const RELATION_COLUMNS: Record<string, RelationColumn> = { id: 'id', postDate: 'post_date' };

const ELEMENT_COMMON: Record<string, SQL> = {
  id: sql`e.id`,
  uid: sql`e.uid`,
  dateCreated: sql`e.date_created`,
  dateUpdated: sql`e.date_updated`,
  enabled: sql`e.enabled`,
  archived: sql`e.archived`,
  sortOrder: sql`e.sort_order`,
};

const SITE_COMMON: Record<string, SQL> = {
  title: textOrder(sql`s.title`),
  slug: sql`s.slug COLLATE "C"`,
  uri: sql`s.uri COLLATE "C"`,
};

const STRUCTURE: Record<string, SQL> = {
  lft: sql`n.lft`,
  rgt: sql`n.rgt`,
  level: sql`n.level`,
  root: sql`n.root_id`,
  structureId: sql`n.structure_id`,
};

/** Per kind, the columns of the element row. */
const ELEMENT_BY_KIND: Record<ElementKind, Record<string, SQL>> = {
  entry: {
    postDate: sql`e.post_date`,
    expiryDate: sql`e.expiry_date`,
    authorId: sql`e.author_id`,
    sectionId: sql`e.container_id`,
    typeId: sql`e.type_id`,
  },
  category: { groupId: sql`e.container_id` },
  tag: { groupId: sql`e.container_id` },
  globalset: {},
  matrixblock: {
    fieldId: sql`e.container_id`,
    ownerId: sql`e.owner_id`,
    typeId: sql`e.type_id`,
  },
  asset: {},
  user: {},
};

/** Per kind, the columns of the joined rows (structure node, asset, user). */
const JOINED_BY_KIND: Record<ElementKind, Record<string, SQL>> = {
  entry: STRUCTURE,
  category: STRUCTURE,
  tag: {},
  globalset: {},
  matrixblock: {},
  asset: {
    filename: textOrder(sql`a.filename`),
    kind: sql`a.kind`,
    size: sql`a.size`,
    width: sql`a.width`,
    height: sql`a.height`,
    dateModified: sql`a.date_modified`,
    folderId: sql`a.folder_id`,
    volumeId: sql`a.volume_id`,
    uploaderId: sql`a.uploader_id`,
    alt: textOrder(sql`a.alt`),
  },
  user: {
    username: textOrder(sql`u.login`),
    email: textOrder(sql`u.email`),
    fullName: textOrder(sql`u.name`),
    firstName: textOrder(FIRST_NAME),
    lastName: textOrder(LAST_NAME),
  },
};

/** The SQL to order by, or null when the kind has no such column or field. */
export function orderColumn(
  kind: ElementKind,
  column: string,
  fieldType: (handle: string) => string | undefined,
): OrderColumn | null {
  if (column === 'random') return { expression: sql`random()`, elementOnly: false };
  const element = own(ELEMENT_BY_KIND[kind], column) ?? own(ELEMENT_COMMON, column);
  if (element !== undefined) {
    const relationColumn = Object.hasOwn(RELATION_COLUMNS, column)
      ? RELATION_COLUMNS[column]
      : undefined;
    return { expression: element, elementOnly: true, ...(relationColumn && { relationColumn }) };
  }
  const joined = own(JOINED_BY_KIND[kind], column) ?? own(SITE_COMMON, column);
  if (joined !== undefined) return { expression: joined, elementOnly: false };
  const handle =
    fieldType(column) === undefined && column.startsWith('field_') ? column.slice(6) : column;
  const type = fieldType(handle);
  if (type === undefined) return null;
  const field = fieldOrderColumn(handle, type);
  return field === null ? null : { expression: fieldExpressionForOrder(field), elementOnly: false };
}

/** Own keys only: `constructor` or `toString` are not columns. */
function own(columns: Record<string, SQL>, key: string): SQL | undefined {
  return Object.hasOwn(columns, key) ? columns[key] : undefined;
}
