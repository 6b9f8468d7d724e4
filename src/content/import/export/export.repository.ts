import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ElementKind } from '../../model/element-kinds';
import type { ExportBlock, ExportElement, ExportRelation, ExportSite, ReferenceKey } from './rows';

type Id = number | string;

interface SiteJson {
  site: Id;
  title: string | null;
  slug: string | null;
  enabled: boolean;
  fields: Record<string, unknown> | null;
}

interface ElementRow {
  id: Id;
  uid: string;
  kind: ElementKind;
  container_id: Id | null;
  type_id: Id | null;
  author_id: Id | null;
  photo_id: Id | null;
  post_date: string | null;
  expiry_date: string | null;
  enabled: boolean;
  archived: boolean;
  date_created: string;
  date_updated: string;
  sites: string | null;
  parent_id: Id | null;
  lft: number | null;
  volume_id: Id | null;
  folder_path: string | null;
  filename: string | null;
  alt: string | null;
  focal_x: number | null;
  focal_y: number | null;
  uploader_id: Id | null;
  date_modified: string | null;
  login: string | null;
  email: string | null;
  name: string | null;
  group_ids: string | null;
  author_ids: string | null;
}

interface BlockRow {
  id: Id;
  owner_id: Id;
  container_id: Id;
  type_id: Id;
  enabled: boolean;
  sites: string | null;
}

interface RelationRow {
  source_id: Id;
  field_id: Id;
  source_site_id: Id | null;
  target_id: Id;
}

interface KeyRow {
  id: Id;
  uid: string;
  kind: ElementKind;
  container_id: Id | null;
  slugs: string | null;
  login: string | null;
  volume_id: Id | null;
  folder_path: string | null;
  filename: string | null;
}

const nullableId = (value: Id | null): number | null => (value === null ? null : Number(value));
// Timestamps are read as ISO text: both drivers then give the same values.
const date = (value: string): Date => new Date(value);
const nullableDate = (value: string | null): Date | null => (value === null ? null : date(value));
const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SITES = sql`(SELECT jsonb_agg(jsonb_build_object('site', s.site_id, 'title', s.title,
    'slug', s.slug, 'enabled', s.enabled, 'fields', s.fields) ORDER BY s.site_id)
  FROM content_element_sites s WHERE s.element_id = e.id)::text`;

function sites(text: string | null): ExportSite[] {
  const list = text === null ? [] : (JSON.parse(text) as SiteJson[]);
  return list.map((site) => ({
    siteId: Number(site.site),
    title: site.title,
    slug: site.slug,
    enabled: site.enabled,
    fields: site.fields ?? {},
  }));
}

/** Relation rows grouped per source, then per field and site, targets in order. */
function groupRelations(rows: readonly RelationRow[]): Map<number, ExportRelation[]> {
  const bySource = new Map<number, ExportRelation[]>();
  for (const row of rows) {
    const sourceId = Number(row.source_id);
    const fieldId = Number(row.field_id);
    const siteId = nullableId(row.source_site_id);
    const list = bySource.get(sourceId) ?? [];
    bySource.set(sourceId, list);
    const last = list[list.length - 1];
    if (last !== undefined && last.fieldId === fieldId && last.siteId === siteId) {
      (last.targetIds as number[]).push(Number(row.target_id));
    } else list.push({ fieldId, siteId, targetIds: [Number(row.target_id)] });
  }
  return bySource;
}

/**
 * Reads the store for `content-export`: live elements one container at a time (with their
 * site rows, structure places, asset and user rows, matrix blocks and relations: four queries
 * per container, whatever its size), and the keys every reference is named by.
 */
@Injectable()
export class ExportRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  /**
   * Makes the reads of the current transaction one consistent snapshot; must be its first
   * statement.
   */
  async snapshot(): Promise<void> {
    await this.db.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
  }

  /** Every live entry, asset, category, tag and user with what names it in references. */
  async referenceKeys(): Promise<ReferenceKey[]> {
    const rows = await rawRows<KeyRow>(
      this.db,
      sql`SELECT e.id, e.uid, e.kind, e.container_id, u.login, a.volume_id,
            f.path AS folder_path, a.filename,
            (SELECT jsonb_agg(jsonb_build_array(s.site_id, s.slug))
             FROM content_element_sites s WHERE s.element_id = e.id AND s.slug IS NOT NULL)::text
              AS slugs
          FROM content_elements e
          LEFT JOIN users u ON u.id = e.user_id
          LEFT JOIN content_assets a ON a.element_id = e.id
          LEFT JOIN content_asset_folders f ON f.id = a.folder_id
          WHERE e.date_deleted IS NULL AND e.kind IN ('entry', 'asset', 'category', 'tag', 'user')`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      uid: row.uid,
      kind: row.kind,
      containerId: nullableId(row.container_id),
      slugs: new Map(
        (row.slugs === null ? [] : (JSON.parse(row.slugs) as [Id, string][])).map(
          ([site, slug]) => [Number(site), slug],
        ),
      ),
      login: row.login ?? undefined,
      asset:
        row.volume_id === null
          ? undefined
          : {
              volumeId: Number(row.volume_id),
              folderPath: row.folder_path ?? '',
              filename: row.filename ?? '',
            },
    }));
  }

  /**
   * The live elements of one container (a section, volume, group or global set; users: null),
   * in no particular order (the export sorts them).
   */
  async elements(kind: ElementKind, containerId: number | null): Promise<ExportElement[]> {
    const container =
      containerId === null ? sql`e.container_id IS NULL` : sql`e.container_id = ${containerId}`;
    const rows = await rawRows<ElementRow>(
      this.db,
      sql`SELECT e.id, e.uid, e.kind, e.container_id, e.type_id, e.author_id, e.photo_id,
            ${iso(sql`e.post_date`)} AS post_date, ${iso(sql`e.expiry_date`)} AS expiry_date,
            e.enabled, e.archived, ${iso(sql`e.date_created`)} AS date_created,
            ${iso(sql`e.date_updated`)} AS date_updated, ${SITES} AS sites,
            n.lft, p.element_id AS parent_id,
            a.volume_id, f.path AS folder_path, a.filename, a.alt, a.focal_x, a.focal_y,
            a.uploader_id, ${iso(sql`a.date_modified`)} AS date_modified,
            u.login, u.email, u.name,
            (SELECT jsonb_agg(m.group_id ORDER BY m.group_id) FROM content_user_group_members m
             WHERE m.user_id = e.user_id)::text AS group_ids,
            (SELECT jsonb_agg(ea.author_id ORDER BY ea.sort_order) FROM content_entry_authors ea
             WHERE ea.entry_id = e.id)::text AS author_ids
          FROM content_elements e
          LEFT JOIN content_structure_nodes n ON n.element_id = e.id
          LEFT JOIN content_structure_nodes p ON p.structure_id = n.structure_id
            AND p.lft < n.lft AND p.rgt > n.rgt AND p.level = n.level - 1
          LEFT JOIN content_assets a ON a.element_id = e.id
          LEFT JOIN content_asset_folders f ON f.id = a.folder_id
          LEFT JOIN users u ON u.id = e.user_id
          WHERE e.kind = ${kind} AND ${container} AND e.date_deleted IS NULL`,
    );
    const ids = rows.map((row) => Number(row.id));
    const blockRows = await this.blockRows(ids);
    const relations = groupRelations(
      await this.relationRows([...ids, ...blockRows.map((block) => Number(block.id))]),
    );
    const blocks = blocksByOwner(blockRows, relations);
    return rows.map((row) => exportElement(row, relations, blocks));
  }

  /** Live matrix blocks of these owners, by owner, field and position. */
  private async blockRows(ownerIds: readonly number[]): Promise<BlockRow[]> {
    if (ownerIds.length === 0) return [];
    return rawRows<BlockRow>(
      this.db,
      sql`SELECT e.id, e.owner_id, e.container_id, e.type_id, e.enabled, ${SITES} AS sites
          FROM content_elements e
          WHERE e.kind = 'matrixblock' AND e.date_deleted IS NULL
            AND e.owner_id = ANY(${sql.param([...ownerIds])}::bigint[])
          ORDER BY e.owner_id, e.container_id, e.sort_order, e.id`,
    );
  }

  /** Relation rows of these sources whose targets are live, in field, site and sort order. */
  private async relationRows(sourceIds: readonly number[]): Promise<RelationRow[]> {
    if (sourceIds.length === 0) return [];
    return rawRows<RelationRow>(
      this.db,
      sql`SELECT r.source_id, r.field_id, r.source_site_id, r.target_id
          FROM content_relations r
          JOIN content_elements t ON t.id = r.target_id AND t.date_deleted IS NULL
          WHERE r.source_id = ANY(${sql.param([...sourceIds])}::bigint[])
          ORDER BY r.source_id, r.field_id, r.source_site_id NULLS FIRST, r.sort_order, r.id`,
    );
  }
}

/** Matrix blocks by owner, with their relations. */
function blocksByOwner(
  blockRows: readonly BlockRow[],
  relations: ReadonlyMap<number, ExportRelation[]>,
): Map<number, ExportBlock[]> {
  const blocks = new Map<number, ExportBlock[]>();
  for (const row of blockRows) {
    const ownerId = Number(row.owner_id);
    const list = blocks.get(ownerId) ?? [];
    blocks.set(ownerId, list);
    list.push({
      id: Number(row.id),
      fieldId: Number(row.container_id),
      typeId: Number(row.type_id),
      enabled: row.enabled,
      sites: sites(row.sites),
      relations: relations.get(Number(row.id)) ?? [],
    });
  }
  return blocks;
}

/** An element row as the export writes it. */
function exportElement(
  row: ElementRow,
  relations: ReadonlyMap<number, ExportRelation[]>,
  blocks: ReadonlyMap<number, ExportBlock[]>,
): ExportElement {
  const id = Number(row.id);
  return {
    id,
    uid: row.uid,
    kind: row.kind,
    containerId: nullableId(row.container_id),
    typeId: nullableId(row.type_id),
    authorId: nullableId(row.author_id),
    authorIds: (row.author_ids === null ? [] : (JSON.parse(row.author_ids) as Id[])).map(Number),
    photoId: nullableId(row.photo_id),
    postDate: nullableDate(row.post_date),
    expiryDate: nullableDate(row.expiry_date),
    enabled: row.enabled,
    archived: row.archived,
    dateCreated: date(row.date_created),
    dateUpdated: date(row.date_updated),
    sites: sites(row.sites),
    relations: relations.get(id) ?? [],
    blocks: blocks.get(id) ?? [],
    parentId: nullableId(row.parent_id),
    lft: row.lft === null ? null : Number(row.lft),
    asset:
      row.volume_id === null
        ? undefined
        : {
            volumeId: Number(row.volume_id),
            folderPath: row.folder_path ?? '',
            filename: row.filename ?? '',
            alt: row.alt,
            focalPoint:
              row.focal_x === null || row.focal_y === null
                ? null
                : [Number(row.focal_x), Number(row.focal_y)],
            uploaderId: nullableId(row.uploader_id),
            dateModified: date(row.date_modified!),
          },
    user:
      row.login === null
        ? undefined
        : {
            login: row.login,
            email: row.email ?? '',
            name: row.name ?? '',
            groupIds: (row.group_ids === null ? [] : (JSON.parse(row.group_ids) as Id[])).map(
              Number,
            ),
          },
  };
}
