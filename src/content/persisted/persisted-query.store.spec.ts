import { Logger } from '@nestjs/common';
import { MemorySharedCache } from '../../infra/cache/memory-shared-cache';
import { CacheLookup, SharedCache, SharedCacheError } from '../../infra/cache/shared-cache.port';
import { ManualClock } from '../../infra/clock/clock';
import { MAX_PERSISTED_QUERY_BYTES, PersistedQueryStore } from './persisted-query.store';

/** A store that, like Redis on a fresh database, knows no generation until its first lookup. */
class FreshStore extends MemorySharedCache {
  private seen = false;
  override async lookup(namespace: string, key: string): Promise<CacheLookup> {
    const found = await super.lookup(namespace, key);
    if (this.seen) return found;
    this.seen = true;
    return { generation: undefined, value: undefined };
  }
}

class FailingStore extends SharedCache {
  readonly kind = 'kvstore';
  lookup(): Promise<CacheLookup> {
    return Promise.reject(new SharedCacheError('down'));
  }
  store(): Promise<void> {
    return Promise.reject(new SharedCacheError('down'));
  }
  invalidate(): Promise<void> {
    return Promise.resolve();
  }
}

describe('PersistedQueryStore', () => {
  const clock = new ManualClock(0);

  it('finds what was registered, on a store that had no generation yet too', async () => {
    const store = new PersistedQueryStore(new FreshStore(clock, 1024 * 1024));
    expect(await store.find('h')).toBeUndefined();
    await store.register('h', '{ping}');
    expect(await store.find('h')).toBe('{ping}');
  });

  it('does not keep queries beyond its bound', async () => {
    const store = new PersistedQueryStore(new MemorySharedCache(clock, 1024 * 1024));
    await store.register('big', `{${'a'.repeat(MAX_PERSISTED_QUERY_BYTES)}}`);
    expect(await store.find('big')).toBeUndefined();
  });

  it('treats a store that fails as a miss', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new PersistedQueryStore(new FailingStore());
    await expect(store.register('h', '{ping}')).resolves.toBeUndefined();
    expect(await store.find('h')).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
