import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { rawRows } from '../../infra/database/raw-rows';
import type { ElementKind } from './element-criteria';

export interface ElementKey {
  readonly id: number;
  readonly uid: string;
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
