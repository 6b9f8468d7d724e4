import { sql } from 'drizzle-orm';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ElementKind } from '../../model/element-kinds';

export interface ExistingElement {
  readonly id: number;
  readonly uid: string;
  readonly kind: ElementKind;
  readonly containerId: number | null;
  readonly typeId: number | null;
  readonly ownerId: number | null;
  readonly userId: number | null;
}

export interface SiteRow {
  readonly title: string | null;
  readonly slug: string | null;
  readonly uri: string | null;
  readonly enabled: boolean;
  readonly fields: Record<string, unknown>;
}

export interface SiteRowWrite extends SiteRow {
  readonly searchText: string;
  readonly dateUpdated: Date;
}

/** Columns of `content_elements` a save may set; undefined leaves a column as it is. */
export interface ElementColumns {
  readonly typeId?: number | null;
  readonly ownerId?: number | null;
  readonly sortOrder?: number | null;
  readonly authorId?: number | null;
  readonly photoId?: number | null;
  readonly postDate?: Date | null;
  readonly expiryDate?: Date | null;
  readonly enabled?: boolean;
  readonly archived?: boolean;
  readonly dateCreated?: Date;
  readonly dateUpdated?: Date;
}

export interface NewElement extends ElementColumns {
  readonly uid: string;
  readonly kind: ElementKind;
  readonly containerId: number | null;
  readonly dateCreated: Date;
  readonly dateUpdated: Date;
}

interface ElementRow {
  id: number | string;
  uid: string;
  kind: ElementKind;
  container_id: number | string | null;
  type_id: number | string | null;
  owner_id: number | string | null;
  user_id: number | string | null;
}

const nullableNumber = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

const toElement = (row: ElementRow): ExistingElement => ({
  id: Number(row.id),
  uid: row.uid,
  kind: row.kind,
  containerId: nullableNumber(row.container_id),
  typeId: nullableNumber(row.type_id),
  ownerId: nullableNumber(row.owner_id),
  userId: nullableNumber(row.user_id),
});

const ELEMENT_COLUMNS = sql`id, uid, kind, container_id, type_id, owner_id, user_id`;

const iso = (date: Date | null | undefined): string | null =>
  date === null || date === undefined ? null : date.toISOString();

/** `content_elements` and `content_element_sites` rows, for the writer. */
export class ElementRows {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  async byUid(uid: string): Promise<ExistingElement | undefined> {
    const [row] = await rawRows<ElementRow>(
      this.db,
      sql`SELECT ${ELEMENT_COLUMNS} FROM content_elements WHERE uid = ${uid}`,
    );
    return row === undefined ? undefined : toElement(row);
  }

  async byId(id: number): Promise<ExistingElement | undefined> {
    const [row] = await rawRows<ElementRow>(
      this.db,
      sql`SELECT ${ELEMENT_COLUMNS} FROM content_elements WHERE id = ${id}`,
    );
    return row === undefined ? undefined : toElement(row);
  }

  /** Live (not deleted) elements of a container, oldest first (singles, global sets). */
  async inContainer(kind: ElementKind, containerId: number): Promise<ExistingElement[]> {
    const rows = await rawRows<ElementRow>(
      this.db,
      sql`SELECT ${ELEMENT_COLUMNS} FROM content_elements
          WHERE kind = ${kind} AND container_id = ${containerId} AND date_deleted IS NULL
          ORDER BY id`,
    );
    return rows.map(toElement);
  }

  async insert(element: NewElement): Promise<number> {
    const [row] = await rawRows<{ id: number | string }>(
      this.db,
      sql`INSERT INTO content_elements (uid, kind, container_id, type_id, owner_id, sort_order,
            author_id, photo_id, post_date, expiry_date, enabled, archived, date_created, date_updated)
          VALUES (${element.uid}, ${element.kind}, ${element.containerId}, ${element.typeId ?? null},
            ${element.ownerId ?? null}, ${element.sortOrder ?? null}, ${element.authorId ?? null},
            ${element.photoId ?? null}, ${iso(element.postDate)}::timestamptz,
            ${iso(element.expiryDate)}::timestamptz, ${element.enabled ?? true},
            ${element.archived ?? false}, ${iso(element.dateCreated)}::timestamptz,
            ${iso(element.dateUpdated)}::timestamptz)
          RETURNING id`,
    );
    return Number(row.id);
  }

  /** `count` element ids taken from the table's sequence (batched saves insert with them). */
  async nextIds(count: number): Promise<number[]> {
    const rows = await rawRows<{ id: number | string }>(
      this.db,
      sql`SELECT nextval(pg_get_serial_sequence('content_elements', 'id')) AS id
          FROM generate_series(1, ${count})`,
    );
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  /** New elements with their ids (from nextIds), in one statement. */
  async insertMany(elements: readonly (NewElement & { readonly id: number })[]): Promise<void> {
    if (elements.length === 0) return;
    const values = elements.map((e) => ({
      id: e.id,
      uid: e.uid,
      kind: e.kind,
      container_id: e.containerId,
      type_id: e.typeId ?? null,
      owner_id: e.ownerId ?? null,
      sort_order: e.sortOrder ?? null,
      author_id: e.authorId ?? null,
      photo_id: e.photoId ?? null,
      post_date: iso(e.postDate),
      expiry_date: iso(e.expiryDate),
      enabled: e.enabled ?? true,
      archived: e.archived ?? false,
      date_created: iso(e.dateCreated),
      date_updated: iso(e.dateUpdated),
    }));
    await this.db.execute(
      sql`INSERT INTO content_elements (id, uid, kind, container_id, type_id, owner_id, sort_order,
            author_id, photo_id, post_date, expiry_date, enabled, archived, date_created, date_updated)
          SELECT id, uid, kind, container_id, type_id, owner_id, sort_order, author_id, photo_id,
            post_date::timestamptz, expiry_date::timestamptz, enabled, archived,
            date_created::timestamptz, date_updated::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id bigint, uid text,
            kind text, container_id bigint, type_id bigint, owner_id bigint, sort_order integer,
            author_id bigint, photo_id bigint, post_date text, expiry_date text, enabled boolean,
            archived boolean, date_created text, date_updated text)
          ORDER BY id`,
    );
  }

  /** Site rows of elements that have none yet, in one statement. */
  async insertSiteRows(
    rows: readonly { elementId: number; siteId: number; row: SiteRowWrite }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map(({ elementId, siteId, row }) => ({
      element_id: elementId,
      site_id: siteId,
      title: row.title,
      slug: row.slug,
      uri: row.uri,
      enabled: row.enabled,
      fields: row.fields,
      search_text: row.searchText,
      date_updated: iso(row.dateUpdated),
    }));
    await this.db.execute(
      sql`INSERT INTO content_element_sites
            (element_id, site_id, title, slug, uri, enabled, fields, search_text, date_updated)
          SELECT element_id, site_id, title, slug, uri, enabled, fields, search_text,
            date_updated::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(element_id bigint,
            site_id bigint, title text, slug text, uri text, enabled boolean, fields jsonb,
            search_text text, date_updated text)`,
    );
  }

  /** Of these `[siteId, uri]` pairs, those a live element holds, as `siteId uri` keys. */
  async takenUris(pairs: readonly (readonly [number, string])[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await rawRows<{ site_id: number | string; uri: string }>(
      this.db,
      sql`SELECT DISTINCT s.site_id, s.uri FROM content_element_sites s
          JOIN content_elements e ON e.id = s.element_id
          WHERE (s.site_id, s.uri) IN (
              SELECT * FROM unnest(${sql.param(pairs.map(([site]) => site))}::bigint[],
                ${sql.param(pairs.map(([, uri]) => uri))}::text[]))
            AND e.date_deleted IS NULL`,
    );
    return new Set(rows.map((row) => `${Number(row.site_id)} ${row.uri}`));
  }

  /** The kinds of these elements (missing ids are left out). */
  async kindsOf(ids: readonly number[]): Promise<Map<number, ElementKind>> {
    if (ids.length === 0) return new Map();
    const rows = await rawRows<{ id: number | string; kind: ElementKind }>(
      this.db,
      sql`SELECT id, kind FROM content_elements WHERE id = ANY(${sql.param([...ids])}::bigint[])`,
    );
    return new Map(rows.map((row) => [Number(row.id), row.kind]));
  }

  /** Authors of new entries (which have none yet), in one statement: `[entryId, authorIds]`. */
  async insertEntryAuthors(
    lists: readonly (readonly [number, readonly number[]])[],
  ): Promise<void> {
    const rows = lists.flatMap(([entry, authors]) =>
      authors.map((author, index) => ({ entry, author, sort: index + 1 })),
    );
    if (rows.length === 0) return;
    await this.db.execute(
      sql`INSERT INTO content_entry_authors (entry_id, author_id, sort_order)
          SELECT entry, author, sort
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(entry bigint, author bigint,
            sort integer)`,
    );
  }

  /** Sets the given columns; a written element is no longer trashed. */
  async update(id: number, columns: ElementColumns): Promise<void> {
    const sets = [sql`date_deleted = NULL`];
    const set = (column: string, value: unknown) =>
      sets.push(sql`${sql.identifier(column)} = ${value}`);
    if (columns.typeId !== undefined) set('type_id', columns.typeId);
    if (columns.ownerId !== undefined) set('owner_id', columns.ownerId);
    if (columns.sortOrder !== undefined) set('sort_order', columns.sortOrder);
    if (columns.authorId !== undefined) set('author_id', columns.authorId);
    if (columns.photoId !== undefined) set('photo_id', columns.photoId);
    if (columns.enabled !== undefined) set('enabled', columns.enabled);
    if (columns.archived !== undefined) set('archived', columns.archived);
    if (columns.postDate !== undefined) {
      sets.push(sql`post_date = ${iso(columns.postDate)}::timestamptz`);
    }
    if (columns.expiryDate !== undefined) {
      sets.push(sql`expiry_date = ${iso(columns.expiryDate)}::timestamptz`);
    }
    if (columns.dateCreated !== undefined) {
      sets.push(sql`date_created = ${iso(columns.dateCreated)}::timestamptz`);
    }
    if (columns.dateUpdated !== undefined) {
      sets.push(sql`date_updated = ${iso(columns.dateUpdated)}::timestamptz`);
    }
    const update = sql`UPDATE content_elements SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`;
    if (columns.postDate === undefined) {
      await this.db.execute(update);
      return;
    }
    // The element's relation rows carry its post date (relation-rows.ts): one statement keeps
    // them in step.
    await this.db.execute(
      sql`WITH updated AS (${update} RETURNING id, post_date)
          UPDATE content_relations r SET source_post_date = u.post_date FROM updated u
          WHERE r.source_id = u.id AND r.source_post_date IS DISTINCT FROM u.post_date`,
    );
  }

  /** Soft delete: sets `date_deleted`; false when the element is missing or already trashed. */
  async trash(id: number, at: Date): Promise<boolean> {
    const rows = await rawRows<{ id: number | string }>(
      this.db,
      sql`UPDATE content_elements SET date_deleted = ${at.toISOString()}::timestamptz
          WHERE id = ${id} AND date_deleted IS NULL
          RETURNING id`,
    );
    return rows.length > 0;
  }

  /** An entry's authors, in order (the first is also its `author_id`). */
  async replaceEntryAuthors(entryId: number, authorIds: readonly number[]): Promise<void> {
    await this.db.execute(sql`DELETE FROM content_entry_authors WHERE entry_id = ${entryId}`);
    if (authorIds.length === 0) return;
    await this.db.execute(
      sql`INSERT INTO content_entry_authors (entry_id, author_id, sort_order)
          SELECT ${entryId}, author_id, sort_order
          FROM unnest(${sql.param([...authorIds])}::bigint[]) WITH ORDINALITY AS a(author_id, sort_order)`,
    );
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`DELETE FROM content_elements WHERE id = ANY(${sql.param([...ids])}::bigint[])`,
    );
  }

  async siteRows(elementId: number): Promise<Map<number, SiteRow>> {
    const rows = await rawRows<{
      site_id: number | string;
      title: string | null;
      slug: string | null;
      uri: string | null;
      enabled: boolean;
      fields: Record<string, unknown> | string;
    }>(
      this.db,
      sql`SELECT site_id, title, slug, uri, enabled, fields FROM content_element_sites
          WHERE element_id = ${elementId}`,
    );
    return new Map(
      rows.map((row) => [
        Number(row.site_id),
        {
          title: row.title,
          slug: row.slug,
          uri: row.uri,
          enabled: row.enabled,
          fields:
            typeof row.fields === 'string'
              ? (JSON.parse(row.fields) as Record<string, unknown>)
              : row.fields,
        },
      ]),
    );
  }

  async upsertSiteRow(elementId: number, siteId: number, row: SiteRowWrite): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO content_element_sites
            (element_id, site_id, title, slug, uri, enabled, fields, search_text, date_updated)
          VALUES (${elementId}, ${siteId}, ${row.title}, ${row.slug}, ${row.uri}, ${row.enabled},
            ${JSON.stringify(row.fields)}::jsonb, ${row.searchText},
            ${iso(row.dateUpdated)}::timestamptz)
          ON CONFLICT (element_id, site_id) DO UPDATE SET title = EXCLUDED.title,
            slug = EXCLUDED.slug, uri = EXCLUDED.uri, enabled = EXCLUDED.enabled,
            fields = EXCLUDED.fields, search_text = EXCLUDED.search_text,
            date_updated = EXCLUDED.date_updated`,
    );
  }

  async setUri(elementId: number, siteId: number, uri: string | null): Promise<void> {
    await this.db.execute(
      sql`UPDATE content_element_sites SET uri = ${uri}
          WHERE element_id = ${elementId} AND site_id = ${siteId}`,
    );
  }

  /** Whether another live element holds this URI in the site. */
  async uriTaken(siteId: number, uri: string, exceptElementId: number): Promise<boolean> {
    const rows = await rawRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM content_element_sites s
          JOIN content_elements e ON e.id = s.element_id
          WHERE s.site_id = ${siteId} AND s.uri = ${uri} AND s.element_id <> ${exceptElementId}
            AND e.date_deleted IS NULL
          LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Matrix blocks of one owner and field, in order. */
  async blocks(ownerId: number, fieldId: number): Promise<ExistingElement[]> {
    const rows = await rawRows<ElementRow>(
      this.db,
      sql`SELECT ${ELEMENT_COLUMNS} FROM content_elements
          WHERE kind = 'matrixblock' AND owner_id = ${ownerId} AND container_id = ${fieldId}
          ORDER BY sort_order, id`,
    );
    return rows.map(toElement);
  }

  /** The search text of an owner's enabled blocks per site (it joins the owner's own text). */
  async blockSearchText(ownerId: number): Promise<Map<number, string>> {
    const rows = await rawRows<{ site_id: number | string; text: string | null }>(
      this.db,
      sql`SELECT s.site_id, string_agg(s.search_text, ' ' ORDER BY e.container_id, e.sort_order) AS text
          FROM content_elements e JOIN content_element_sites s ON s.element_id = e.id
          WHERE e.kind = 'matrixblock' AND e.owner_id = ${ownerId} AND e.enabled
            AND e.date_deleted IS NULL
          GROUP BY s.site_id`,
    );
    return new Map(rows.map((row) => [Number(row.site_id), row.text ?? '']));
  }
}
