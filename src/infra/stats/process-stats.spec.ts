import { ProcessStats } from './process-stats';
import { FakeScheduler } from './scheduler.fixtures';
import { StatsRegistry } from './registry';

describe('ProcessStats', () => {
  it('registers the ratelimit.node.* figures, sampled per period', () => {
    const registry = new StatsRegistry();
    const scheduler = new FakeScheduler();
    const stats = new ProcessStats(registry, 1000, scheduler);
    const names = registry.snapshot().map(([name]) => name);
    expect(names).toEqual(
      [
        'activeResources',
        'arrayBuffers',
        'eventLoopDelayMax',
        'eventLoopDelayMean',
        'eventLoopDelayP99',
        'external',
        'gcPauseTotalNs',
        'heapTotal',
        'heapUsed',
        'numGC',
        'rss',
      ].map((name) => `ratelimit.node.${name}`),
    );
    const value = (name: string) =>
      registry.snapshot().find(([stat]) => stat === `ratelimit.node.${name}`)![1];
    expect(value('rss')).toBeGreaterThan(0);
    expect(value('eventLoopDelayMean')).toBeGreaterThanOrEqual(0);
    scheduler.advance(1000);
    expect(value('heapUsed')).toBeGreaterThan(0);
    stats.stop();
    expect(scheduler.pending).toBe(0);
  });
});
