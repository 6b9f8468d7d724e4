import { sql } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseDriver, DrizzleExecutor } from './database.types';

/** What runs once the outermost transaction has ended (see `afterTransaction`). */
export interface TransactionEndHooks {
  /** After the commit, outside the transaction. */
  readonly committed?: () => Promise<void>;
  /** After the rollback, before the transaction's error reaches the caller. */
  readonly rolledBack?: () => Promise<void>;
}

interface OpenTransaction {
  readonly executor: DrizzleExecutor;
  readonly hooks: TransactionEndHooks[];
}

/**
 * The shared database handle. Services group writes with `transaction()`; repositories take
 * `executor` for every query and so join the caller's transaction without passing it around
 * (AsyncLocalStorage). Nothing outside repositories and this folder uses Drizzle.
 */
export class Database {
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  /** Outermost transactions not yet settled. */
  private open = 0;

  /** `driver`: which database `root` talks to (PGlite keeps no statistics by itself). */
  constructor(
    private readonly root: DrizzleExecutor,
    readonly driver: DatabaseDriver = 'postgres',
  ) {}

  /** The open transaction of this async context, or the database itself. */
  get executor(): DrizzleExecutor {
    return this.current.getStore()?.executor ?? this.root;
  }

  /**
   * Runs `work` in one transaction: every repository call inside commits together or not at all.
   * A nested call joins the outer transaction. On PGlite (one connection) transactions are
   * serialised, and queries from other requests wait until the transaction ends.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore() !== undefined) return work();
    return this.outermost(work);
  }

  /**
   * Work outside the database that must follow the open transaction's outcome (files placed only
   * when the rows naming them commit). Hooks run in the order they were added, when the outermost
   * transaction ends. A hook that fails after a rollback is ignored (the transaction's error is
   * the one that matters); one that fails after a commit does not stop the others, and the first
   * such error is thrown to the caller, whose writes nevertheless stand. Hooks should handle
   * their own failures.
   * @throws Error outside a transaction
   */
  afterTransaction(hooks: TransactionEndHooks): void {
    const open = this.current.getStore();
    if (open === undefined) throw new Error('afterTransaction() needs an open transaction');
    open.hooks.push(hooks);
  }

  /**
   * Gathers the query planner's statistics (ANALYZE) after bulk loads. PGlite never does by
   * itself (it has no autovacuum): without them it plans every join for one-row tables and a
   * page of entries with relations took three times as long. On PostgreSQL it saves waiting
   * for autovacuum. On PGlite it also vacuums, which nothing else ever would: the rows that
   * updates and deletes leave behind stay, and without a visibility map an index-only scan
   * reads the table anyway (on a vacuumed store it costs what ANALYZE costs: 0.9 s at 100,000
   * entries).
   */
  async refreshStatistics(): Promise<void> {
    await this.root.execute(this.driver === 'pglite' ? sql`VACUUM (ANALYZE)` : sql`ANALYZE`);
  }

  /**
   * ANALYZE of the content tables in the open transaction, so a long load's own look-ups are
   * planned for the rows it has written (ANALYZE counts the transaction's uncommitted rows).
   * Without it a single-transaction import is quadratic: slug look-ups planned for the
   * near-empty tables of the load's start scan what the load wrote
   * (docs/content-import.md#large-imports).
   */
  async refreshContentStatistics(): Promise<void> {
    // A tenth of the default sample (3,000 rows instead of 30,000) is enough for the load's own
    // look-ups, and the sample of wide site rows is what grew PGlite's WASM heap (which never
    // shrinks) by ~55 MB mid-load. The end's refreshStatistics() samples in full, outside.
    await this.executor.execute(sql`SET LOCAL default_statistics_target = 10`);
    await this.executor.execute(
      sql`ANALYZE content_elements, content_element_sites, content_relations, content_structure_nodes, content_assets`,
    );
    await this.executor.execute(sql`SET LOCAL default_statistics_target TO DEFAULT`);
  }

  private async outermost<T>(work: () => Promise<T>): Promise<T> {
    const hooks: TransactionEndHooks[] = [];
    let result: T;
    this.open++;
    try {
      result = await this.root.transaction((tx) => this.current.run({ executor: tx, hooks }, work));
    } catch (error) {
      for (const hook of hooks) await hook.rolledBack?.().catch(() => undefined);
      throw error;
    } finally {
      // While a storage is enabled, Node runs its hooks for every asynchronous operation of the
      // process (each HTTP/2 stream, tick and promise of every gRPC call and request): with no
      // transaction open nothing needs the storage, and the next run() enables it again.
      if (--this.open === 0) this.current.disable();
    }
    let failure: { error: unknown } | undefined;
    for (const hook of hooks) {
      try {
        await hook.committed?.();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure !== undefined) throw failure.error;
    return result;
  }
}
