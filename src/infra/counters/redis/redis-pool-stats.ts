import { CounterStore } from '../counter-store.port';
import { RedisCounterStore } from './redis-counter-store';
import { StatsRegistry } from '../../stats/registry';

/** Upstream's scope names for the two Redis pools. */
const SCOPES: Readonly<Record<string, string>> = {
  primary: 'ratelimit.redis_pool',
  'per-second': 'ratelimit.redis_per_second_pool',
};

/**
 * `ratelimit.redis_pool.{cx_active,cx_total,cx_local_close}` and the per-second pool's
 * (docs/observability.md#statistics), counted from the Redis clients' connection events. Nothing is
 * registered for other stores. Must be created before the store connects (providers are all built
 * before any onModuleInit runs).
 */
export class RedisPoolStats {
  constructor(store: CounterStore, registry: StatsRegistry) {
    if (!(store instanceof RedisCounterStore)) return;
    const pools = new Map<string, { active: number; total: () => void; localClose: () => void }>();
    const poolStats = (label: string) => {
      let stats = pools.get(label);
      if (stats === undefined) {
        const scope = SCOPES[label] ?? `ratelimit.redis_${label}_pool`;
        const total = registry.counter(`${scope}.cx_total`);
        const localClose = registry.counter(`${scope}.cx_local_close`);
        const created = { active: 0, total: () => total.inc(), localClose: () => localClose.inc() };
        registry.gauge(`${scope}.cx_active`, () => created.active);
        pools.set(label, created);
        stats = created;
      }
      return stats;
    };
    store.watchConnections((label, event) => {
      const stats = poolStats(label);
      if (event.opened) {
        stats.active++;
        stats.total();
      } else {
        stats.active--;
        if (event.local) stats.localClose();
      }
    });
    poolStats('primary');
  }
}
