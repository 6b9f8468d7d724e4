import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { rawRows } from '../../infra/database/raw-rows';
import type { ElementKey } from '../store/write/element-lookups';

/**
 * What an element holds, as comparable text, and the timestamps a save sets to "now" when the
 * content file gives none (they are compared only when the file gives them).
 */
export interface ElementState {
  readonly id: number;
  /**
   * The element row, its site rows (titles, slugs, URIs, field values, search text), its
   * relations, its matrix blocks with theirs, its asset row, its structure place (parent and
   * position among the siblings; nested-set numbers move when others are added) and its user
   * groups. Timestamps the writer sets to now are left out.
   */
  readonly content: string;
  readonly dateUpdated: string;
  readonly dateModified: string | null;
  /** date_updated of the site rows of the element and its blocks: `[elementId, siteId, time]`. */
  readonly siteDates: readonly [number, number, string][];
  /** date_updated of its blocks: `[blockId, time]`. */
  readonly blockDates: readonly [number, string][];
}

interface StateRow {
  id: number | string;
  content: string;
  date_updated: string;
  date_modified: string | null;
  site_dates: string | null;
  block_dates: string | null;
}

/**
 * Element states before and after an import, so that it can tell updated elements from
 * unchanged ones, and give unchanged ones their timestamps back (a load that changes nothing
 * changes nothing, not even dateUpdated).
 */
@Injectable()
export class ElementStatesRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  async read(ids: readonly number[]): Promise<Map<number, ElementState>> {
    if (ids.length === 0) return new Map();
    // Timestamps go through text: both drivers then hand back the same strings.
    const rows = await rawRows<StateRow>(
      this.db,
      sql`SELECT e.id,
            jsonb_build_array(
              (SELECT jsonb_agg(jsonb_build_object(
                  'uid', f.uid, 'kind', f.kind, 'container', f.container_id, 'type', f.type_id,
                  'owner', f.owner_id, 'sort', f.sort_order, 'author', f.author_id,
                  'authors', (SELECT jsonb_agg(ea.author_id ORDER BY ea.sort_order)
                      FROM content_entry_authors ea WHERE ea.entry_id = f.id),
                  'photo', f.photo_id, 'post', f.post_date, 'expiry', f.expiry_date,
                  'enabled', f.enabled, 'archived', f.archived, 'created', f.date_created,
                  'deleted', f.date_deleted,
                  'sites', (SELECT jsonb_agg(jsonb_build_array(s.site_id, s.title, s.slug, s.uri,
                        s.enabled, s.fields, s.search_text) ORDER BY s.site_id)
                      FROM content_element_sites s WHERE s.element_id = f.id),
                  'relations', (SELECT jsonb_agg(jsonb_build_array(r.field_id, r.source_site_id,
                        r.target_id) ORDER BY r.field_id, r.source_site_id NULLS FIRST, r.sort_order, r.id)
                      FROM content_relations r WHERE r.source_id = f.id))
                ORDER BY f.owner_id NULLS FIRST, f.container_id, f.sort_order, f.uid)
               FROM content_elements f WHERE f.id = e.id OR f.owner_id = e.id),
              (SELECT jsonb_build_array(a.volume_id, a.folder_id, a.filename, a.kind, a.mime_type,
                  a.size, a.width, a.height, a.focal_x, a.focal_y, a.alt, a.uploader_id)
               FROM content_assets a WHERE a.element_id = e.id),
              (SELECT jsonb_build_array(n.structure_id, p.element_id,
                  (SELECT count(*) FROM content_structure_nodes o
                   WHERE o.structure_id = n.structure_id AND o.level = n.level
                     AND o.lft < n.lft AND o.lft > coalesce(p.lft, 0)))
               FROM content_structure_nodes n
               LEFT JOIN content_structure_nodes p ON p.structure_id = n.structure_id
                 AND p.lft < n.lft AND p.rgt > n.rgt AND p.level = n.level - 1
               WHERE n.element_id = e.id),
              (SELECT jsonb_agg(m.group_id ORDER BY m.group_id)
               FROM content_user_group_members m WHERE m.user_id = e.user_id)
            )::text AS content,
            e.date_updated::text AS date_updated,
            (SELECT a.date_modified::text FROM content_assets a WHERE a.element_id = e.id)
              AS date_modified,
            (SELECT jsonb_agg(jsonb_build_array(s.element_id, s.site_id, s.date_updated::text))
             FROM content_element_sites s JOIN content_elements f ON f.id = s.element_id
             WHERE f.id = e.id OR f.owner_id = e.id)::text AS site_dates,
            (SELECT jsonb_agg(jsonb_build_array(f.id, f.date_updated::text))
             FROM content_elements f WHERE f.owner_id = e.id)::text AS block_dates
          FROM content_elements e
          WHERE e.id = ANY(${sql.param([...ids])}::bigint[])`,
    );
    return new Map(
      rows.map((row) => {
        const id = Number(row.id);
        const siteDates = parseList<[number | string, number | string, string]>(row.site_dates);
        const blockDates = parseList<[number | string, string]>(row.block_dates);
        return [
          id,
          {
            id,
            content: row.content,
            dateUpdated: row.date_updated,
            dateModified: row.date_modified,
            siteDates: siteDates.map(([element, site, time]) => [
              Number(element),
              Number(site),
              time,
            ]),
            blockDates: blockDates.map(([block, time]) => [Number(block), time]),
          },
        ];
      }),
    );
  }

  /** Puts back the timestamps of elements a load left as they were. */
  async restoreDates(states: readonly ElementState[]): Promise<void> {
    if (states.length === 0) return;
    const elements = states.flatMap((state) => [
      { id: state.id, at: state.dateUpdated },
      ...state.blockDates.map(([id, at]) => ({ id, at })),
    ]);
    const sites = states.flatMap((state) =>
      state.siteDates.map(([id, site, at]) => ({ id, site, at })),
    );
    const assets = states.flatMap((state) =>
      state.dateModified === null ? [] : [{ id: state.id, at: state.dateModified }],
    );
    await this.db.execute(
      sql`UPDATE content_elements e SET date_updated = v.at::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(elements)}::jsonb) AS v(id bigint, at text)
          WHERE e.id = v.id`,
    );
    if (sites.length > 0) {
      await this.db.execute(
        sql`UPDATE content_element_sites s SET date_updated = v.at::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(sites)}::jsonb) AS v(id bigint, site bigint, at text)
            WHERE s.element_id = v.id AND s.site_id = v.site`,
      );
    }
    if (assets.length > 0) {
      await this.db.execute(
        sql`UPDATE content_assets a SET date_modified = v.at::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(assets)}::jsonb) AS v(id bigint, at text)
            WHERE a.element_id = v.id`,
      );
    }
  }

  /** The element of a global set (the writer makes it when missing). */
  async globalSetElement(globalSetId: number): Promise<ElementKey | undefined> {
    const [row] = await rawRows<{ id: number | string; uid: string }>(
      this.db,
      sql`SELECT id, uid FROM content_elements
          WHERE kind = 'globalset' AND container_id = ${globalSetId} AND date_deleted IS NULL
          ORDER BY id LIMIT 1`,
    );
    return row === undefined ? undefined : { id: Number(row.id), uid: row.uid };
  }
}

function parseList<T>(text: string | null): T[] {
  return text === null ? [] : (JSON.parse(text) as T[]);
}
