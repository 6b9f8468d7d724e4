import { Settings } from '../../../settings/settings';
import { Clock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { StatsRegistry } from '../../stats/registry';
import { parseAddressList, systemSrvResolver } from './address';
import { MemcachedCounterStore, MemcachedNodeSource } from './memcached-counter-store';

/**
 * BACKEND_TYPE=altcache (memcache). The settings loader already requires exactly one of
 * ALTCACHE_HOST_PORT and ALTCACHE_SRV. ALTCACHE_MAX_IDLE_CONNS has nothing to set: memjs keeps one
 * connection per node and pipelines every request on it.
 */
export function createMemcachedCounterStore(
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
  health: HealthState,
): MemcachedCounterStore {
  const { altcache } = settings;
  if (altcache.tls) {
    throw new Error(
      'ALTCACHE_TLS=true (MEMCACHE_TLS) is not supported: the memcached client (memjs) speaks plain TCP only; ' +
        'reach memcached through a TLS tunnel (stunnel, a sidecar) and set ALTCACHE_TLS=false',
    );
  }
  const nodes: MemcachedNodeSource =
    altcache.srv !== ''
      ? {
          kind: 'srv',
          name: altcache.srv,
          refreshMs: altcache.srvRefresh,
          resolve: systemSrvResolver(),
        }
      : { kind: 'static', addresses: parseAddressList(altcache.hostPort) };
  return new MemcachedCounterStore(
    { nodes, expirationJitterMaxSeconds: settings.limiter.expirationJitterMaxSeconds },
    clock,
    stats,
    health,
  );
}
