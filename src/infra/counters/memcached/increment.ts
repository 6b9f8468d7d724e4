import { MemcachedStats } from './stats';

/** The two memcached operations a counter increment needs (the cluster; a fake in tests). */
export interface CounterOperations {
  /** INCR, creating a missing key with `amount`; false on a miss (the key was not created). */
  increment(key: string, amount: number, expiry: number): Promise<boolean>;
  /** ADD; false when the key already exists (not stored). */
  add(key: string, value: string, expiry: number): Promise<boolean>;
}

/**
 * Upstream's increment (docs/memcached.md step 3): increment; on a miss add the key with the hits
 * and the expiry; if another instance added it first (not stored), increment again. memcached
 * creates a missing key on increment itself, so the miss branch is for servers and proxies that do
 * not. Rejects when an operation fails; every outcome is counted.
 */
export async function incrementCounter(
  operations: CounterOperations,
  stats: MemcachedStats,
  key: string,
  hits: number,
  expiry: number,
): Promise<void> {
  if (await countedIncrement(operations, stats, key, hits, expiry)) return;
  let added: boolean;
  try {
    added = await operations.add(key, String(hits), expiry);
  } catch (error) {
    stats.addError.inc();
    throw error;
  }
  if (added) {
    stats.addSuccess.inc();
    return;
  }
  stats.addNotStored.inc();
  if (!(await countedIncrement(operations, stats, key, hits, expiry))) {
    throw new Error('the key was missing again right after memcached said it exists');
  }
}

async function countedIncrement(
  operations: CounterOperations,
  stats: MemcachedStats,
  key: string,
  hits: number,
  expiry: number,
): Promise<boolean> {
  let stored: boolean;
  try {
    stored = await operations.increment(key, hits, expiry);
  } catch (error) {
    stats.incrementError.inc();
    throw error;
  }
  (stored ? stats.incrementSuccess : stats.incrementMiss).inc();
  return stored;
}
