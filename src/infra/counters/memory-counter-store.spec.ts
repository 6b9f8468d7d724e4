import { ManualClock } from '../clock/clock';
import { Counter } from '../stats/counter';
import { MEMORY_ENTRY_OVERHEAD_BYTES, MemoryCounterStore } from './memory-counter-store';

describe('MemoryCounterStore', () => {
  const at = (second: number) => new ManualClock(second * 1000);

  it('counts per key and returns the count after the increment', () => {
    const store = new MemoryCounterStore(at(100), 1000, new Counter('evicted'));
    const inc = (key: string, hits: number) =>
      store.incrementSync([{ key, hits, windowSeconds: 60, windowEnd: 120 }])[0];
    expect(inc('a', 1)).toBe(1);
    expect(inc('a', 2)).toBe(3);
    expect(inc('b', 1)).toBe(1);
    expect(inc('a', 0)).toBe(3);
  });

  it('a zero increment of a missing key reads 0 and stores nothing', () => {
    const store = new MemoryCounterStore(at(100), 1000, new Counter('evicted'));
    expect(store.incrementSync([{ key: 'a', hits: 0, windowSeconds: 60, windowEnd: 120 }])).toEqual(
      [0],
    );
    expect(store.size).toBe(0);
  });

  it('reclaims counters once their window has ended', () => {
    const clock = at(100);
    const store = new MemoryCounterStore(clock, 1000, new Counter('evicted'));
    store.incrementSync([
      { key: 'minute', hits: 1, windowSeconds: 60, windowEnd: 120 },
      { key: 'hour', hits: 1, windowSeconds: 3600, windowEnd: 3600 },
    ]);
    clock.set(119_999);
    store.incrementSync([]);
    expect(store.size).toBe(2);
    clock.set(120_000);
    store.incrementSync([]);
    expect(store.size).toBe(1);
    expect(
      store.incrementSync([{ key: 'hour', hits: 1, windowSeconds: 3600, windowEnd: 3600 }]),
    ).toEqual([2]);
  });

  it('stays within maxKeys by evicting the oldest counters, and counts evictions', () => {
    const evicted = new Counter('evicted');
    const store = new MemoryCounterStore(at(100), 1000, evicted);
    for (let i = 0; i < 1500; i++) {
      store.incrementSync([{ key: `k${i}`, hits: 1, windowSeconds: 60, windowEnd: 120 }]);
    }
    expect(store.size).toBe(1000);
    expect(evicted.value).toBe(500);
    expect(
      store.incrementSync([{ key: 'k1499', hits: 1, windowSeconds: 60, windowEnd: 120 }]),
    ).toEqual([2]);
    expect(
      store.incrementSync([{ key: 'k0', hits: 1, windowSeconds: 60, windowEnd: 120 }]),
    ).toEqual([1]);
  });

  it('keeps the counters and their expiry index within maxKeys with day windows and 10× as many values', () => {
    const clock = at(86_400 * 20_000 + 100);
    const maxKeys = 1000;
    const store = new MemoryCounterStore(clock, maxKeys, new Counter('evicted'));
    const dayEnd = 86_400 * 20_001;
    const day = (key: string) => ({ key, hits: 1, windowSeconds: 86_400, windowEnd: dayEnd });
    for (let i = 0; i < 10 * maxKeys; i++) {
      store.incrementSync([day(`user_${i}`)]);
      // Values seen before and evicted since come back: indexed once, not twice.
      if (i % 10 === 0) store.incrementSync([day(`user_${i >> 1}`)]);
    }
    expect(store.size).toBe(maxKeys);
    expect(store.indexedSize).toBe(maxKeys);
    clock.set(dayEnd * 1000);
    store.incrementSync([]);
    expect(store.size).toBe(0);
    expect(store.indexedSize).toBe(0);
  });

  it('reads a sliding window pair and keeps a token bucket until it is full again', () => {
    const clock = at(1000);
    const store = new MemoryCounterStore(clock, 1000, new Counter('evicted'));
    store.incrementSync([{ key: 'w1', hits: 4, windowSeconds: 120, windowEnd: 1120 }]);
    const pair = store.incrementSync([
      { key: 'w2', hits: 1, windowSeconds: 120, windowEnd: 1180, previousKey: 'w1' },
    ]);
    expect(pair).toEqual([1, 4]);
    const bucket = { capacity: 2, refillPerMs: 0.001, nowMs: 1_000_000 };
    const take = () =>
      store.incrementSync([{ key: 'b', hits: 1, windowSeconds: 2, windowEnd: 0, bucket }]);
    expect(take()).toEqual([1, 1000]);
    expect(take()).toEqual([1, 0]);
    expect(take()).toEqual([0, 0]);
    clock.set(1_002_000); // two tokens back: full, so the state is dropped
    store.incrementSync([]);
    expect(store.size).toBe(2);
  });

  it('stays within maxBytes whatever the key sizes, evicting the oldest, and keeps the charge exact', () => {
    const clock = at(100);
    const evicted = new Counter('evicted');
    const charge = (key: string) => key.length + MEMORY_ENTRY_OVERHEAD_BYTES;
    const maxBytes = 64 * 1024;
    const store = new MemoryCounterStore(clock, 1_000_000, evicted, maxBytes);
    const long = (i: number) => `${i}_`.padEnd(4096, 'v');
    for (let i = 0; i < 100; i++) {
      store.incrementSync([{ key: long(i), hits: 1, windowSeconds: 60, windowEnd: 120 }]);
    }
    // 4 KiB keys: the byte bound, not the key bound, decides.
    expect(store.size).toBe(Math.floor(maxBytes / charge(long(0))));
    expect(store.bytes).toBe(store.size * charge(long(0)));
    expect(store.bytes).toBeLessThanOrEqual(maxBytes);
    expect(evicted.value).toBe(100 - store.size);
    // The newest are kept.
    expect(
      store.incrementSync([{ key: long(99), hits: 1, windowSeconds: 60, windowEnd: 120 }]),
    ).toEqual([2]);
    // Expired entries give their bytes back.
    store.incrementSync([{ key: 'short', hits: 1, windowSeconds: 600, windowEnd: 700 }]);
    clock.set(120_000);
    store.incrementSync([]);
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(charge('short'));
  });
});
