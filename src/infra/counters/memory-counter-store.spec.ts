import { ManualClock } from '../clock/clock';
import { Counter } from '../stats/counter';
import { MemoryCounterStore } from './memory-counter-store';

describe('MemoryCounterStore', () => {
  const at = (second: number) => new ManualClock(second * 1000);

  it('counts per key and returns the count after the increment', () => {
    const store = new MemoryCounterStore(at(100), 1000, new Counter('evicted'));
    const inc = (key: string, hits: number) =>
      store.incrementNow([{ key, hits, windowSeconds: 60, windowEnd: 120 }])[0];
    expect(inc('a', 1)).toBe(1);
    expect(inc('a', 2)).toBe(3);
    expect(inc('b', 1)).toBe(1);
    expect(inc('a', 0)).toBe(3);
  });

  it('a zero increment of a missing key reads 0 and stores nothing', () => {
    const store = new MemoryCounterStore(at(100), 1000, new Counter('evicted'));
    expect(store.incrementNow([{ key: 'a', hits: 0, windowSeconds: 60, windowEnd: 120 }])).toEqual([
      0,
    ]);
    expect(store.size).toBe(0);
  });

  it('reclaims counters once their window has ended', () => {
    const clock = at(100);
    const store = new MemoryCounterStore(clock, 1000, new Counter('evicted'));
    store.incrementNow([
      { key: 'minute', hits: 1, windowSeconds: 60, windowEnd: 120 },
      { key: 'hour', hits: 1, windowSeconds: 3600, windowEnd: 3600 },
    ]);
    clock.set(119_999);
    store.incrementNow([]);
    expect(store.size).toBe(2);
    clock.set(120_000);
    store.incrementNow([]);
    expect(store.size).toBe(1);
    expect(
      store.incrementNow([{ key: 'hour', hits: 1, windowSeconds: 3600, windowEnd: 3600 }]),
    ).toEqual([2]);
  });

  it('stays within maxKeys by evicting the oldest counters, and counts evictions', () => {
    const evicted = new Counter('evicted');
    const store = new MemoryCounterStore(at(100), 1000, evicted);
    for (let i = 0; i < 1500; i++)
      store.incrementNow([{ key: `k${i}`, hits: 1, windowSeconds: 60, windowEnd: 120 }]);
    expect(store.size).toBe(1000);
    expect(evicted.value).toBe(500);
    expect(
      store.incrementNow([{ key: 'k1499', hits: 1, windowSeconds: 60, windowEnd: 120 }]),
    ).toEqual([2]);
    expect(store.incrementNow([{ key: 'k0', hits: 1, windowSeconds: 60, windowEnd: 120 }])).toEqual(
      [1],
    );
  });
});
