import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './identity.schema';

/*
 * The content domain (migration 0002): the applied content model, elements with per-site content,
 * asset files and folders, relations, structure positions and user group memberships. Element
 * queries are raw SQL (src/content/store); these declarations keep the schema checkable against
 * the migration (database.spec.ts) and typed for inserts. Must match migrations/0002-content.ts.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's full-text document type; filled by the database (a generated column). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const contentModelItems = pgTable(
  'content_model_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    uid: text('uid').notNull(),
    handle: text('handle').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    removedAt: timestamptz('removed_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('content_model_items_uid_key').on(t.uid)],
);

export const contentElements = pgTable(
  'content_elements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull(),
    kind: text('kind').notNull(),
    containerId: bigint('container_id', { mode: 'number' }),
    typeId: bigint('type_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    ownerId: bigint('owner_id', { mode: 'number' }).references(
      (): AnyPgColumn => contentElements.id,
      { onDelete: 'cascade' },
    ),
    sortOrder: integer('sort_order'),
    authorId: bigint('author_id', { mode: 'number' }).references(
      (): AnyPgColumn => contentElements.id,
      { onDelete: 'set null' },
    ),
    photoId: bigint('photo_id', { mode: 'number' }).references(
      (): AnyPgColumn => contentElements.id,
      { onDelete: 'set null' },
    ),
    postDate: timestamptz('post_date'),
    expiryDate: timestamptz('expiry_date'),
    enabled: boolean('enabled').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateUpdated: timestamptz('date_updated').notNull().defaultNow(),
    dateDeleted: timestamptz('date_deleted'),
  },
  (t) => [
    unique('content_elements_uid_key').on(t.uid),
    unique('content_elements_user_id_key').on(t.userId),
    check(
      'content_elements_kind_check',
      sql`${t.kind} in ('entry', 'asset', 'user', 'category', 'tag', 'globalset', 'matrixblock')`,
    ),
    index('content_elements_container_idx').on(t.kind, t.containerId),
    index('content_elements_owner_idx').on(t.ownerId),
    index('content_elements_author_idx').on(t.authorId),
    // Migration 0006: entries newest first without a sort.
    index('content_elements_post_date_idx')
      .on(t.postDate.desc().nullsLast(), t.id.desc())
      .where(sql`kind = 'entry' AND date_deleted IS NULL`),
  ],
);

/** Migration 0007: every author of an entry, in order (the first is also `author_id`). */
export const contentEntryAuthors = pgTable(
  'content_entry_authors',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    primaryKey({ name: 'content_entry_authors_pkey', columns: [t.entryId, t.authorId] }),
    index('content_entry_authors_author_idx').on(t.authorId),
  ],
);

export const contentElementSites = pgTable(
  'content_element_sites',
  {
    elementId: bigint('element_id', { mode: 'number' })
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    title: text('title'),
    slug: text('slug'),
    uri: text('uri'),
    enabled: boolean('enabled').notNull().default(true),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', search_text)`,
    ),
    dateUpdated: timestamptz('date_updated').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'content_element_sites_pkey', columns: [t.elementId, t.siteId] }),
    index('content_element_sites_uri_idx').on(t.siteId, t.uri),
    index('content_element_sites_slug_idx').on(t.siteId, t.slug),
    index('content_element_sites_search_idx').using('gin', t.searchVector),
    // Migration 0006: the reader's title order key.
    index('content_element_sites_title_idx').on(
      sql`(lower(title) COLLATE "C") NULLS FIRST`,
      t.elementId.asc().nullsFirst(),
    ),
  ],
);

export const contentAssetFolders = pgTable(
  'content_asset_folders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    volumeId: bigint('volume_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references(
      (): AnyPgColumn => contentAssetFolders.id,
      { onDelete: 'cascade' },
    ),
    path: text('path').notNull(),
  },
  (t) => [unique('content_asset_folders_path_key').on(t.volumeId, t.path)],
);

export const contentAssets = pgTable(
  'content_assets',
  {
    elementId: bigint('element_id', { mode: 'number' })
      .primaryKey()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    volumeId: bigint('volume_id', { mode: 'number' }).notNull(),
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => contentAssetFolders.id),
    filename: text('filename').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    focalX: doublePrecision('focal_x'),
    focalY: doublePrecision('focal_y'),
    alt: text('alt'),
    dateModified: timestamptz('date_modified').notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).references(() => contentElements.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [unique('content_assets_file_key').on(t.folderId, t.filename)],
);

export const contentRelations = pgTable(
  'content_relations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    sourceSiteId: bigint('source_site_id', { mode: 'number' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
    // The source's post_date, kept in step by the writers (migration 0010).
    sourcePostDate: timestamptz('source_post_date'),
  },
  (t) => [
    index('content_relations_source_idx').on(t.sourceId, t.fieldId),
    // INCLUDE (source_site_id, field_id, source_post_date): migration 0010.
    index('content_relations_by_target_dated_idx').on(t.targetId, t.sourceId),
  ],
);

export const contentStructureNodes = pgTable(
  'content_structure_nodes',
  {
    elementId: bigint('element_id', { mode: 'number' })
      .primaryKey()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    structureId: bigint('structure_id', { mode: 'number' }).notNull(),
    rootId: bigint('root_id', { mode: 'number' }).notNull(),
    lft: integer('lft').notNull(),
    rgt: integer('rgt').notNull(),
    level: integer('level').notNull(),
  },
  (t) => [index('content_structure_nodes_position_idx').on(t.structureId, t.lft)],
);

export const contentUserGroupMembers = pgTable(
  'content_user_group_members',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'content_user_group_members_pkey', columns: [t.groupId, t.userId] })],
);
