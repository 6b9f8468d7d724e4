import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from './rule-stats';

describe('RuleStatsFactory', () => {
  it('bounds the stats keys request values create, folding the rest into one per rule', () => {
    const registry = new StatsRegistry();
    const factory = new RuleStatsFactory(registry, 3);
    const configured = factory.forKey('domain.key');
    for (let i = 0; i < 10; i++) factory.forKey(`domain.key_${i}`, 'domain.key').totalHits.inc();
    // Configured keys do not count against the bound and are never folded.
    expect(factory.forKey('domain.other')).not.toBe(configured);
    const names = registry
      .snapshot()
      .map(([name]) => name)
      .filter((name) => name.endsWith('.total_hits'));
    expect(names.sort()).toEqual([
      'ratelimit.service.rate_limit.domain.key.overflow.total_hits',
      'ratelimit.service.rate_limit.domain.key.total_hits',
      'ratelimit.service.rate_limit.domain.key_0.total_hits',
      'ratelimit.service.rate_limit.domain.key_1.total_hits',
      'ratelimit.service.rate_limit.domain.key_2.total_hits',
      'ratelimit.service.rate_limit.domain.other.total_hits',
    ]);
    expect(
      registry.counter('ratelimit.service.rate_limit.domain.key.overflow.total_hits').value,
    ).toBe(7);
    expect(registry.counter('ratelimit.service.stats_keys_folded').value).toBe(7);
    // A value already known keeps its own stats.
    expect(factory.forKey('domain.key_1', 'domain.key').key).toBe('domain.key_1');
  });
});
