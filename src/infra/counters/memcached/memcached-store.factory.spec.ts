import { loadSettings } from '../../../settings/settings.loader';
import { SystemClock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { StatsRegistry } from '../../stats/registry';
import { MEMCACHED_HEALTH_COMPONENT } from './memcached-counter-store';
import { createMemcachedCounterStore } from './memcached-store.factory';

describe('createMemcachedCounterStore', () => {
  const create = (env: Record<string, string>, health = new HealthState()) =>
    createMemcachedCounterStore(
      loadSettings({ BACKEND_TYPE: 'memcache', ...env }),
      new SystemClock(),
      new StatsRegistry(),
      health,
    );

  it('takes the upstream names and keeps the node order; unhealthy until the nodes answer', () => {
    const health = new HealthState();
    const store = create({ MEMCACHE_HOST_PORT: 'b:11211,a:11211' }, health);
    expect(store.kind).toBe('altcache');
    expect(health.snapshot().get(MEMCACHED_HEALTH_COMPONENT)).toBe(false);
    // The client is built when the module starts (onModuleInit), not at construction.
    expect(store.nodes()).toEqual([]);
  });

  it('refuses TLS, which memjs cannot speak, with a clear message', () => {
    expect(() => create({ ALTCACHE_HOST_PORT: 'a:11211', ALTCACHE_TLS: 'true' })).toThrow(
      /^ALTCACHE_TLS=true \(MEMCACHE_TLS\) is not supported: the memcached client \(memjs\) speaks plain TCP only/,
    );
  });

  it('refuses a node list entry that is not host:port', () => {
    expect(() => create({ ALTCACHE_HOST_PORT: 'a:11211,cache' })).toThrow(
      'ALTCACHE_HOST_PORT: "cache" is not host:port',
    );
  });
});
