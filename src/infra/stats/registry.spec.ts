import { StatsRegistry } from './registry';

describe('StatsRegistry', () => {
  it('shows counters, gauges and each timer as count, mean and last, sorted', () => {
    const registry = new StatsRegistry();
    registry.counter('b.counter').add(2);
    registry.gauge('a.gauge', () => 4);
    const timer = registry.timer('c.response_time');
    timer.record(1);
    timer.record(2.5);
    expect(registry.snapshot()).toEqual([
      ['a.gauge', 4],
      ['b.counter', 2],
      ['c.response_time.count', 2],
      ['c.response_time.last', 2.5],
      ['c.response_time.mean', 1.75],
    ]);
  });

  it('gives the same timer for the same name', () => {
    const registry = new StatsRegistry();
    expect(registry.timer('x')).toBe(registry.timer('x'));
  });
});
