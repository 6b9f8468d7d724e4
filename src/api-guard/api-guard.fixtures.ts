import { ManualClock } from '../infra/clock/clock';
import { CounterIncrement, CounterStore } from '../infra/counters/counter-store.port';
import { MemoryCounterStore } from '../infra/counters/memory-counter-store';
import { Counter } from '../infra/stats/counter';
import { StatsRegistry } from '../infra/stats/registry';
import { Tracing } from '../infra/tracing/tracing';
import { loadSettings } from '../settings/settings.loader';
import { RateLimitService } from '../ratelimit';
import {
  RuleConfigHolder,
  compileRules,
  parseRuleFile,
  RuleStatsFactory,
  ServiceStats,
} from '../ratelimit/testing';
import { ApiRateLimiter } from './rate-limiter';
import type { Settings } from '../settings/settings';

/** Rules of the API guard's unit tests (domain `api`). */
export const API_GUARD_RULES = `
domain: api
descriptors:
  - key: api
    value: graphql
    descriptors:
      - key: token
        rate_limit: {unit: minute, requests_per_unit: 2}
      - key: remote_address
        rate_limit: {unit: hour, requests_per_unit: 3}
  - key: api
    value: teams
    rate_limit: {unit: second, requests_per_unit: 100}
    descriptors:
      - key: remote_address
        shadow_mode: true
        rate_limit: {unit: minute, requests_per_unit: 1}
`;

/** The memory store, failing while `down` is set (a store outage without a server to stop). */
class SwitchableStore extends CounterStore {
  readonly kind = 'switchable';
  down = false;
  constructor(private readonly memory: MemoryCounterStore) {
    super();
  }
  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    if (this.down) return Promise.reject(new Error('connection refused'));
    return this.memory.increment(batch);
  }
  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return this.memory.read(counters);
  }
}

/** An ApiRateLimiter over the real RateLimitService, memory store and a fixed clock. */
export function apiGuardHarness(
  env: Record<string, string> = {},
  rules: string | null = API_GUARD_RULES,
): {
  settings: Settings;
  limiter: ApiRateLimiter;
  store: SwitchableStore;
  clock: ManualClock;
  stat: (name: string) => number;
} {
  const settings = loadSettings({ API_RATE_LIMIT_DOMAIN: 'api', ...env });
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  if (rules !== null) {
    holder.replace(
      compileRules([{ name: 'api.yaml', document: parseRuleFile('api.yaml', rules) }], {
        mergeDomainConfig: false,
        statsFor: (key) => ruleStats.forKey(key),
      }),
    );
  }
  // 12:00:30 on some day: 30 s left in the minute, 3570 s in the hour.
  const clock = new ManualClock(Date.UTC(2024, 4, 1, 12, 0, 30));
  const store = new SwitchableStore(new MemoryCounterStore(clock, 10_000, new Counter('evicted')));
  const service = new RateLimitService(
    settings,
    holder,
    store,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
  );
  const limiter = new ApiRateLimiter(settings, service, registry, clock, new Tracing(undefined));
  const stat = (name: string) => registry.counter(name).value;
  return { settings, limiter, store, clock, stat };
}
