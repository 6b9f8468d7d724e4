import { AsyncLocalStorage } from 'node:async_hooks';
import type { DrizzleExecutor } from './database.types';

/**
 * The shared database handle. Services group writes with `transaction()`; repositories take
 * `executor` for every query and so join the caller's transaction without passing it around
 * (AsyncLocalStorage). Nothing outside repositories and this folder uses Drizzle.
 */
export class Database {
  private readonly current = new AsyncLocalStorage<DrizzleExecutor>();

  constructor(private readonly root: DrizzleExecutor) {}

  /** The open transaction of this async context, or the database itself. */
  get executor(): DrizzleExecutor {
    return this.current.getStore() ?? this.root;
  }

  /**
   * Runs `work` in one transaction: every repository call inside commits together or not at all.
   * A nested call joins the outer transaction. On PGlite (one connection) transactions are
   * serialised, and queries from other requests wait until the transaction ends.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore() !== undefined) return work();
    return this.root.transaction((tx) => this.current.run(tx, work));
  }
}
