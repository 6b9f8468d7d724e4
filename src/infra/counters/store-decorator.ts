import { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CounterIncrement, CounterStore } from './counter-store.port';

/** The lifecycle a wrapped store may have (the Redis store connects at init, closes at shutdown). */
interface StoreLifecycle {
  onModuleInit?(): Promise<void> | void;
  onApplicationShutdown?(signal?: string): Promise<void> | void;
}

/**
 * A store around another one (write-behind cache, failure policy): the provider Nest sees is the
 * outer store, so it passes the lifecycle hooks on to the inner one, and keeps its kind (messages
 * and statistics still name the store the counters are in).
 */
export abstract class CounterStoreDecorator
  extends CounterStore
  implements OnModuleInit, OnApplicationShutdown
{
  readonly kind: string;
  override readonly supportsTokenBuckets: boolean;

  constructor(protected readonly inner: CounterStore) {
    super();
    this.kind = inner.kind;
    this.supportsTokenBuckets = inner.supportsTokenBuckets;
  }

  private initializing: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  /*
   * Each hook runs once however often Nest calls it: the same store is also provided as
   * RESERVED_COUNTER_STORE, and Nest calls the hooks of both providers at once. (A second close
   * racing the first would close the connection under the first one's last flush.)
   */
  onModuleInit(): Promise<void> {
    this.initializing ??= Promise.resolve((this.inner as StoreLifecycle).onModuleInit?.());
    return this.initializing;
  }

  onApplicationShutdown(signal?: string): Promise<void> {
    this.closing ??= this.close(signal);
    return this.closing;
  }

  override reset(counters: readonly CounterIncrement[]): Promise<void> {
    return this.inner.reset(counters);
  }

  /** What shutting down takes: by default the inner store's own. */
  protected async close(signal?: string): Promise<void> {
    await (this.inner as StoreLifecycle).onApplicationShutdown?.(signal);
  }
}

/** The inner store's synchronous path, when it has one. */
export function syncPathOf(
  store: CounterStore,
): ((batch: readonly CounterIncrement[]) => number[] | undefined) | undefined {
  const sync = (
    store as { incrementSync?: (batch: readonly CounterIncrement[]) => number[] | undefined }
  ).incrementSync;
  return sync?.bind(store);
}
