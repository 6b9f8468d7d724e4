import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ElementKind } from '../../model/element-kinds';

export interface ElementKey {
  readonly id: number;
  readonly uid: string;
}

/** An element found by id or uid, for writers that must check what it is before changing it. */
export interface IdentifiedElement extends ElementKey {
  readonly kind: ElementKind;
  readonly containerId: number | null;
  readonly typeId: number | null;
  readonly siteIds: readonly number[];
}

type KeyRow = { id: number | string; uid: string };
const toKey = (row: KeyRow | undefined): ElementKey | undefined =>
  row === undefined ? undefined : { id: Number(row.id), uid: row.uid };

/**
 * Natural-key lookups for writers of content (the seed loader, the importer, mutations): the
 * element a reference such as `news/my-slug` or `images/photo.jpg` means, whatever its status
 * (the reader's queries apply statuses and scopes; a writer needs disabled elements too).
 * Trashed elements are not found.
 */
@Injectable()
export class ElementLookups {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  async byUid(uid: string): Promise<(ElementKey & { kind: ElementKind }) | undefined> {
    const [row] = await rawRows<KeyRow & { kind: ElementKind }>(
      this.db,
      sql`SELECT id, uid, kind FROM content_elements WHERE uid = ${uid} AND date_deleted IS NULL`,
    );
    return row === undefined ? undefined : { ...toKey(row)!, kind: row.kind };
  }

  /** An entry, category or tag by its slug in a site. */
  async bySlug(
    kind: ElementKind,
    containerId: number,
    slug: string,
    siteId: number,
  ): Promise<ElementKey | undefined> {
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT e.id, e.uid FROM content_elements e
          JOIN content_element_sites s ON s.element_id = e.id AND s.site_id = ${siteId}
          WHERE e.kind = ${kind} AND e.container_id = ${containerId} AND s.slug = ${slug}
            AND e.date_deleted IS NULL
          ORDER BY e.id LIMIT 1`,
    );
    return toKey(row);
  }

  /**
   * An entry, category or tag by slug, in the first of `siteIds` (in that order) that has one:
   * `bySlug` over several sites in one statement.
   */
  async bySlugInSites(
    kind: ElementKind,
    containerId: number,
    slug: string,
    siteIds: readonly number[],
  ): Promise<ElementKey | undefined> {
    const sites = sql.param([...siteIds]);
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT e.id, e.uid FROM content_elements e
          JOIN content_element_sites s ON s.element_id = e.id
          WHERE s.site_id = ANY(${sites}::bigint[])
            AND e.kind = ${kind} AND e.container_id = ${containerId} AND s.slug = ${slug}
            AND e.date_deleted IS NULL
          ORDER BY array_position(${sites}::bigint[], s.site_id), e.id LIMIT 1`,
    );
    return toKey(row);
  }

  /** Of these uids, those an element holds (trashed ones too: a save by uid restores them). */
  async heldUids(uids: readonly string[]): Promise<Set<string>> {
    if (uids.length === 0) return new Set();
    const rows = await rawRows<{ uid: string }>(
      this.db,
      sql`SELECT uid FROM content_elements WHERE uid = ANY(${sql.param([...uids])}::text[])`,
    );
    return new Set(rows.map((row) => row.uid));
  }

  /** Of these slugs, those a live entry, category or tag of the container has in any of the sites. */
  async heldSlugs(
    kind: ElementKind,
    containerId: number,
    slugs: readonly string[],
    siteIds: readonly number[],
  ): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await rawRows<{ slug: string }>(
      this.db,
      sql`SELECT DISTINCT s.slug FROM content_elements e
          JOIN content_element_sites s ON s.element_id = e.id
          WHERE s.site_id = ANY(${sql.param([...siteIds])}::bigint[])
            AND e.kind = ${kind} AND e.container_id = ${containerId}
            AND s.slug = ANY(${sql.param([...slugs])}::text[]) AND e.date_deleted IS NULL`,
    );
    return new Set(rows.map((row) => row.slug));
  }

  /** `bySlugInSites` for many slugs of one container in one statement: found ones by slug. */
  async manyBySlugInSites(
    kind: ElementKind,
    containerId: number,
    slugs: readonly string[],
    siteIds: readonly number[],
  ): Promise<Map<string, ElementKey>> {
    if (slugs.length === 0) return new Map();
    const sites = sql.param([...siteIds]);
    const rows = await rawRows<KeyRow & { slug: string }>(
      this.db,
      sql`SELECT DISTINCT ON (s.slug) s.slug, e.id, e.uid FROM content_elements e
          JOIN content_element_sites s ON s.element_id = e.id
          WHERE s.site_id = ANY(${sites}::bigint[])
            AND e.kind = ${kind} AND e.container_id = ${containerId}
            AND s.slug = ANY(${sql.param([...slugs])}::text[]) AND e.date_deleted IS NULL
          ORDER BY s.slug, array_position(${sites}::bigint[], s.site_id), e.id`,
    );
    return new Map(rows.map((row) => [row.slug, toKey(row)!]));
  }

  /** The entry of a single section. */
  async single(sectionId: number): Promise<ElementKey | undefined> {
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT id, uid FROM content_elements
          WHERE kind = 'entry' AND container_id = ${sectionId} AND date_deleted IS NULL
          ORDER BY id LIMIT 1`,
    );
    return toKey(row);
  }

  /** The one element of a global set (made with the model; missing only before that). */
  async globalSet(globalSetId: number): Promise<ElementKey | undefined> {
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT id, uid FROM content_elements
          WHERE kind = 'globalset' AND container_id = ${globalSetId} AND date_deleted IS NULL
          ORDER BY id LIMIT 1`,
    );
    return toKey(row);
  }

  /** An asset by folder path (`''` or `a/b/`) and filename. */
  async asset(
    volumeId: number,
    folderPath: string,
    filename: string,
  ): Promise<ElementKey | undefined> {
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT e.id, e.uid FROM content_assets a
          JOIN content_asset_folders f ON f.id = a.folder_id
          JOIN content_elements e ON e.id = a.element_id
          WHERE a.volume_id = ${volumeId} AND f.path = ${folderPath} AND a.filename = ${filename}
            AND e.date_deleted IS NULL`,
    );
    return toKey(row);
  }

  /** A user element by the identity login (any case). */
  async user(username: string): Promise<ElementKey | undefined> {
    const [row] = await rawRows<KeyRow>(
      this.db,
      sql`SELECT e.id, e.uid FROM content_elements e JOIN users u ON u.id = e.user_id
          WHERE lower(u.login) = ${username.toLowerCase()} AND NOT u.is_service_account`,
    );
    return toKey(row);
  }

  /**
   * A live element by id or uid (not trashed, not archived: GraphQL mutations cannot reach
   * those, as in Craft), with the sites it has content in.
   */
  async element(key: { id: number } | { uid: string }): Promise<IdentifiedElement | undefined> {
    const where = 'id' in key ? sql`e.id = ${key.id}` : sql`e.uid = ${key.uid}`;
    const [row] = await rawRows<
      KeyRow & {
        kind: ElementKind;
        container_id: number | string | null;
        type_id: number | string | null;
        site_ids: (number | string)[] | null;
      }
    >(
      this.db,
      sql`SELECT e.id, e.uid, e.kind, e.container_id, e.type_id,
            (SELECT array_agg(s.site_id ORDER BY s.site_id) FROM content_element_sites s
              WHERE s.element_id = e.id) AS site_ids
          FROM content_elements e
          WHERE ${where} AND e.date_deleted IS NULL AND NOT e.archived`,
    );
    if (row === undefined) return undefined;
    return {
      ...toKey(row)!,
      kind: row.kind,
      containerId: row.container_id === null ? null : Number(row.container_id),
      typeId: row.type_id === null ? null : Number(row.type_id),
      siteIds: (row.site_ids ?? []).map(Number),
    };
  }

  /** The live matrix blocks of an owner's matrix field, in order. */
  async blocks(
    ownerId: number,
    fieldId: number,
  ): Promise<(ElementKey & { readonly typeId: number })[]> {
    const rows = await rawRows<KeyRow & { type_id: number | string }>(
      this.db,
      sql`SELECT id, uid, type_id FROM content_elements
          WHERE kind = 'matrixblock' AND owner_id = ${ownerId} AND container_id = ${fieldId}
            AND date_deleted IS NULL
          ORDER BY sort_order, id`,
    );
    return rows.map((row) => ({ ...toKey(row)!, typeId: Number(row.type_id) }));
  }

  /** An asset folder by id: its volume and path (`''` or `a/b/`). */
  async folder(folderId: number): Promise<{ volumeId: number; path: string } | undefined> {
    const [row] = await rawRows<{ volume_id: number | string; path: string }>(
      this.db,
      sql`SELECT volume_id, path FROM content_asset_folders WHERE id = ${folderId}`,
    );
    return row === undefined ? undefined : { volumeId: Number(row.volume_id), path: row.path };
  }

  /** Whether any asset, trashed ones included, holds this file name in the folder. */
  async assetFileHeld(volumeId: number, folderPath: string, filename: string): Promise<boolean> {
    const rows = await rawRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM content_assets a
          JOIN content_asset_folders f ON f.id = a.folder_id
          WHERE a.volume_id = ${volumeId} AND f.path = ${folderPath}
            AND lower(a.filename) = ${filename.toLowerCase()}
          LIMIT 1`,
    );
    return rows.length > 0;
  }

  /**
   * Whether the store holds content: entries outside single sections (their entries exist as
   * soon as the section does), assets, categories or tags, trashed ones included.
   */
  async hasContent(singleSectionIds: readonly number[]): Promise<boolean> {
    const rows = await rawRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM content_elements
          WHERE kind IN ('asset', 'category', 'tag')
            OR (kind = 'entry'
              AND NOT container_id = ANY(${sql.param([...singleSectionIds])}::bigint[]))
          LIMIT 1`,
    );
    return rows.length > 0;
  }
}
