import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ModelRow } from './model-rows';

/** Advisory lock key of model applies (any constant no other lock uses). */
const APPLY_LOCK = 7_283_345_101;

/** A row of `content_model_items` as stored. */
export interface StoredModelItem {
  readonly id: number;
  readonly kind: string;
  readonly uid: string;
  readonly handle: string;
  readonly config: unknown;
  readonly removedAt: Date | null;
}

/** What one apply changed. */
export interface UpsertResult {
  /** uid → id of every row written or already there. */
  readonly ids: Map<string, number>;
  readonly added: number;
  /** Rows whose handle or configuration changed, or that came back after being removed. */
  readonly changed: number;
}

/**
 * The applied content model (`content_model_items`): one row per item, matched by uid so that an
 * item keeps its id across restarts, renames and removals. The only code touching that table.
 */
@Injectable()
export class ModelItemsRepository {
  constructor(private readonly database: Database) {}

  /** Rows with these uids, removed or not. */
  async findByUids(uids: readonly string[]): Promise<StoredModelItem[]> {
    if (uids.length === 0) return [];
    const rows = await rawRows<RawItem>(
      this.database.executor,
      sql`select id, kind, uid, handle, config, removed_at from content_model_items
          where uid in (${list(uids)})`,
    );
    return rows.map(toStored);
  }

  /**
   * Inside the caller's transaction, waits for another instance's apply to commit: without it two
   * instances booting together could each miss the ids of rows the other inserted meanwhile.
   */
  async lockForApply(): Promise<void> {
    await this.database.executor.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
  }

  async findAll(): Promise<StoredModelItem[]> {
    const rows = await rawRows<RawItem>(
      this.database.executor,
      sql`select id, kind, uid, handle, config, removed_at from content_model_items order by id`,
    );
    return rows.map(toStored);
  }

  /**
   * Inserts new rows and updates changed ones (by uid); a row that was removed comes back with its
   * old id. Unchanged rows are not written. Call inside a transaction.
   */
  async upsert(
    rows: readonly ModelRow[],
    existing: readonly StoredModelItem[],
  ): Promise<UpsertResult> {
    const ids = new Map(existing.map((row) => [row.uid, row.id]));
    if (rows.length === 0) return { ids, added: 0, changed: 0 };
    const values = rows.map(
      (row) => sql`(${row.kind}, ${row.uid}, ${row.handle}, ${JSON.stringify(row.config)}::jsonb)`,
    );
    const written = await rawRows<{ id: string | number; uid: string }>(
      this.database.executor,
      sql`insert into content_model_items (kind, uid, handle, config)
          values ${sql.join(values, sql`, `)}
          on conflict (uid) do update set
            kind = excluded.kind, handle = excluded.handle, config = excluded.config,
            removed_at = null, updated_at = now()
          where content_model_items.handle is distinct from excluded.handle
             or content_model_items.config is distinct from excluded.config
             or content_model_items.removed_at is not null
          returning id, uid`,
    );
    let added = 0;
    for (const row of written) {
      if (!ids.has(row.uid)) added++;
      ids.set(row.uid, Number(row.id));
    }
    return { ids, added, changed: written.length - added };
  }

  /** Marks every present row whose uid is not in `uids` as removed; returns their handles. */
  async markRemovedExcept(uids: readonly string[]): Promise<{ kind: string; handle: string }[]> {
    const keep = uids.length === 0 ? sql`` : sql`and uid not in (${list(uids)})`;
    return rawRows<{ kind: string; handle: string }>(
      this.database.executor,
      sql`update content_model_items set removed_at = now(), updated_at = now()
          where removed_at is null ${keep}
          returning kind, handle`,
    );
  }
}

interface RawItem {
  id: string | number;
  kind: string;
  uid: string;
  handle: string;
  config: unknown;
  removed_at: Date | string | null;
}

function toStored(row: RawItem): StoredModelItem {
  return {
    id: Number(row.id),
    kind: row.kind,
    uid: row.uid,
    handle: row.handle,
    // node-postgres parses jsonb; be safe with a driver that hands back text.
    config: typeof row.config === 'string' ? (JSON.parse(row.config) as unknown) : row.config,
    removedAt: row.removed_at === null ? null : new Date(row.removed_at),
  };
}

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
