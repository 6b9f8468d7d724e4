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

  async onModuleInit(): Promise<void> {
    await (this.inner as StoreLifecycle).onModuleInit?.();
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
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
