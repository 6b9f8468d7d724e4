import { ManualClock } from '../../infra/clock/clock';
import { CounterStore } from '../../infra/counters/counter-store.port';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { compileRules } from '../rules/compiler';
import { parseRuleFile } from '../rules/rule-file.parser';
import { BASIC_CONFIG } from '../rules/rules.fixtures';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { RateLimitRequest, RequestDescriptor } from './rate-limit.model';
import { RateLimitService } from './rate-limit.service';

/** Rules beside BASIC_CONFIG: replaces, shadow, quota and unlimited descriptors. */
export const EXTRA_RULES = `
domain: extra
descriptors:
  - {key: free, rate_limit: {name: free_plan, unit: minute, requests_per_unit: 2}}
  - {key: promo, rate_limit: {unit: minute, requests_per_unit: 5, replaces: [{name: free_plan}]}}
  - {key: shadow, shadow_mode: true, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: quota, quota_mode: true, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: regular, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: unlimited, rate_limit: {unlimited: true}}
`;

/** A RateLimitService over the given rules and store (memory unless given), its clock and stats. */
export function harness(
  env: Record<string, string> = {},
  rules: string[] | null = [BASIC_CONFIG, EXTRA_RULES],
  store?: CounterStore,
): {
  service: RateLimitService;
  clock: ManualClock;
  memory: MemoryCounterStore;
  stat: (name: string) => number;
  gauge: (name: string) => number | undefined;
} {
  const settings = loadSettings(env);
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  if (rules) {
    holder.replace(
      compileRules(
        rules.map((text, i) => ({
          name: `f${i}.yaml`,
          document: parseRuleFile(`f${i}.yaml`, text),
        })),
        { mergeDomainConfig: false, statsFor: (key) => ruleStats.forKey(key) },
      ),
    );
  }
  const clock = new ManualClock(2222_000);
  const memory = new MemoryCounterStore(clock, 100_000, new Counter('evicted'));
  const service = new RateLimitService(
    settings,
    holder,
    store ?? memory,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
  );
  const stat = (name: string) => registry.counter(name).value;
  const gauge = (name: string) => registry.snapshot().find(([n]) => n === name)?.[1];
  return { service, clock, memory, stat, gauge };
}

/** A request descriptor from key/value pairs. */
export const d = (
  pairs: [string, string][],
  extra: Partial<RequestDescriptor> = {},
): RequestDescriptor => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
  limit: undefined,
  hitsAddend: undefined,
  ...extra,
});
/** A decision request. */
export const req = (
  domain: string,
  descriptors: RequestDescriptor[],
  hitsAddend = 0,
): RateLimitRequest => ({
  domain,
  descriptors,
  hitsAddend,
});
