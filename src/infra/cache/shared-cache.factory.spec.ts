import type { Settings } from '../../settings/settings';
import { sharedCacheBackend } from './shared-cache.factory';

const settings = (cacheBackend: string, backend: string) =>
  ({ content: { cacheBackend }, counters: { backend } }) as unknown as Settings;

describe('sharedCacheBackend', () => {
  it('follows the counters to Redis with auto, memory otherwise (memcached included)', () => {
    expect(sharedCacheBackend(settings('auto', 'kvstore'))).toBe('kvstore');
    expect(sharedCacheBackend(settings('auto', 'memory'))).toBe('memory');
    expect(sharedCacheBackend(settings('auto', 'altcache'))).toBe('memory');
  });

  it('takes an explicit choice whatever the counters use', () => {
    expect(sharedCacheBackend(settings('kvstore', 'memory'))).toBe('kvstore');
    expect(sharedCacheBackend(settings('memory', 'kvstore'))).toBe('memory');
  });
});
