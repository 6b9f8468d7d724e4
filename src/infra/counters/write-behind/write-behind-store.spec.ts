import { ManualClock } from '../../clock/clock';
import { Counter } from '../../stats/counter';
import { StatsRegistry } from '../../stats/registry';
import { CounterIncrement, CounterStore, CounterStoreError } from '../counter-store.port';
import { MemoryCounterStore } from '../memory-counter-store';
import { WriteBehindCounterStore } from './write-behind-store';

/*
 * The write-behind cache over a shared in-process "Redis" (a memory store, which runs the same
 * rules as the Redis script, debits included), several caches standing for several instances. The
 * clock is fixed; flushes are driven by the test.
 */

const PERIOD_MS = 100;
const T0 = 1_800_000_000_000; // a minute boundary

/** Fixed window of a minute starting at T0, limit `limit`. */
const fixed = (key: string, hits = 1, limit = 5, startS = T0 / 1000): CounterIncrement => ({
  key: `${key}_${startS}`,
  hits,
  windowSeconds: 60,
  windowEnd: startS + 60,
  limit,
});

/** A store that answers from a shared memory store, or fails as told. */
class SharedRedis extends CounterStore {
  readonly kind = 'kvstore';
  calls: CounterIncrement[][] = [];
  fail: 'no' | 'refused' | 'timeout-after-applying' = 'no';
  constructor(readonly counts: MemoryCounterStore) {
    super();
  }
  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    this.calls.push([...batch]);
    if (this.fail === 'refused') {
      return Promise.reject(new CounterStoreError('not connected', { unsent: true }));
    }
    const results = this.counts.incrementSync(batch);
    if (this.fail === 'timeout-after-applying') {
      return Promise.reject(new CounterStoreError('Command timed out'));
    }
    return Promise.resolve(results);
  }
  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    if (this.fail !== 'no') return Promise.reject(new CounterStoreError('not connected'));
    return Promise.resolve(this.counts.readSync(counters));
  }
}

function world(instances = 1, maxKeys = 1000) {
  const clock = new ManualClock(T0);
  const redis = new SharedRedis(new MemoryCounterStore(clock, 100_000, new Counter('evicted')));
  const stats = new StatsRegistry();
  const caches = Array.from(
    { length: instances },
    () =>
      new WriteBehindCounterStore(redis, {
        clock,
        stats,
        flushPeriodMs: PERIOD_MS,
        flushBatch: 1000,
        maxKeys,
        manualFlush: true,
        logger: { warn: () => {}, log: () => {} },
      }),
  );
  const stat = (name: string) =>
    Object.fromEntries(stats.snapshot())[`ratelimit.store.cache.${name}`];
  /** A decision as the limiter makes it: the synchronous path first. */
  const decide = async (cache: WriteBehindCounterStore, batch: CounterIncrement[]) =>
    cache.incrementSync(batch) ?? (await cache.increment(batch));
  const stored = (counter: CounterIncrement) => redis.counts.readSync([counter]);
  return { clock, redis, caches, stat, decide, stored };
}

describe('WriteBehindCounterStore', () => {
  it('reads a key through once, then answers locally and flushes the hits in one call', async () => {
    const { caches, redis, decide, stored, stat } = world();
    const [cache] = caches;
    expect(cache.incrementSync([fixed('a')])).toBeUndefined();
    expect(await cache.increment([fixed('a')])).toEqual([1]);
    expect(redis.calls.map((call) => call.map((c) => c.hits))).toEqual([[0]]);
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push(...cache.incrementSync([fixed('a')])!);
    expect(counts).toEqual([2, 3, 4, 5]);
    expect(stored(fixed('a'))).toEqual([0]);
    await cache.flush();
    expect(redis.calls.map((call) => call.map((c) => c.hits))).toEqual([[0], [5]]);
    expect(stored(fixed('a'))).toEqual([5]);
    expect(await decide(cache, [fixed('a')])).toEqual([6]);
    expect(stat('read_through')).toBe(1);
    expect(stat('flushes')).toBe(2);
    expect(stat('flushed_hits')).toBe(5);
    expect(stat('local_keys')).toBe(1);
  });

  it('decisions waiting for the same key share one read and are counted in their order', async () => {
    const { caches, redis } = world();
    const [cache] = caches;
    const answers = await Promise.all([1, 2, 3].map(() => cache.increment([fixed('a')])));
    expect(answers).toEqual([[1], [2], [3]]);
    expect(redis.calls).toHaveLength(1);
  });

  it('three instances: each sees the others after a flush, and the overshoot is what went over', async () => {
    const { caches, decide, stored, stat } = world(3);
    // Each allows 3 of a limit of 5 before any flush: 9 allowed, 4 of them beyond the limit.
    for (const cache of caches) {
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) counts.push(...(await decide(cache, [fixed('a')])));
      expect(counts).toEqual([1, 2, 3]);
    }
    for (const cache of caches) await cache.flush();
    expect(stored(fixed('a'))).toEqual([9]);
    expect(stat('overshoot')).toBe(4);
    // The last instance to flush sees all of it; the first one, the count its flush got back (3)
    // until its next flush (a key is refreshed by the flush of its hits, or read again when stale).
    expect(await decide(caches[2], [fixed('a')])).toEqual([10]);
    expect(await decide(caches[0], [fixed('a')])).toEqual([4]);
    await caches[0].flush();
    // That hit was the eleventh: one more beyond the limit.
    expect(stat('overshoot')).toBe(5);
    // 9 + its own two: the last instance's tenth hit is not flushed yet.
    expect(await decide(caches[0], [fixed('a')])).toEqual([11]);
  });

  it('a view older than two flush periods is read again; a new window is a new key read once', async () => {
    const { caches, clock, redis, decide, stat } = world();
    const [cache] = caches;
    await decide(cache, [fixed('a')]);
    clock.advance(2 * PERIOD_MS);
    expect(cache.incrementSync([fixed('a')])).toEqual([2]);
    clock.advance(1);
    expect(cache.incrementSync([fixed('a')])).toBeUndefined();
    // Others counted meanwhile: the read brings their hits in.
    redis.counts.incrementSync([fixed('a', 10)]);
    expect(await cache.increment([fixed('a')])).toEqual([13]);
    const next = fixed('a', 1, 5, T0 / 1000 + 60);
    clock.set(T0 + 60_000);
    expect(cache.incrementSync([next])).toBeUndefined();
    expect(await cache.increment([next])).toEqual([1]);
    expect(stat('read_through')).toBe(3);
  });

  it('sliding window: the previous window comes from the store, and its weight counts toward the limit', async () => {
    const { caches, redis, decide, stat } = world(2);
    const startS = T0 / 1000;
    const sliding = (hits = 1): CounterIncrement => ({
      key: `s_${startS}`,
      hits,
      windowSeconds: 120,
      windowEnd: startS + 120,
      previousKey: `s_${startS - 60}`,
      limit: 10,
    });
    redis.counts.incrementSync([
      { key: `s_${startS - 60}`, hits: 8, windowSeconds: 120, windowEnd: startS + 60 },
    ]);
    // At the window's start the previous one weighs fully: 8 + 2 = 10 is the limit.
    expect(await decide(caches[0], [sliding()])).toEqual([1, 8]);
    expect(await decide(caches[1], [sliding()])).toEqual([1, 8]);
    expect(await decide(caches[1], [sliding()])).toEqual([2, 8]);
    for (const cache of caches) await cache.flush();
    // 8 + 3 allowed: one beyond.
    expect(stat('overshoot')).toBe(1);
    expect(redis.counts.readSync([sliding()])).toEqual([3, 8]);
  });

  it('token bucket: taken locally, debited on flush, the overshoot is what the bucket did not have', async () => {
    const { caches, clock, redis, decide, stat } = world(2);
    const bucket = (): CounterIncrement => ({
      key: 'b',
      hits: 1,
      windowSeconds: 4,
      windowEnd: 0,
      bucket: { capacity: 4, refillPerMs: 0.001, nowMs: clock.nowMs() },
    });
    const answers: number[][] = [];
    for (const cache of caches) {
      for (let i = 0; i < 3; i++) answers.push(await decide(cache, [bucket()]));
    }
    expect(answers).toEqual([
      [1, 3000],
      [1, 2000],
      [1, 1000],
      [1, 3000],
      [1, 2000],
      [1, 1000],
    ]);
    for (const cache of caches) await cache.flush();
    expect(stat('overshoot')).toBe(2);
    // The bucket is in debt by 2 tokens, which the next hits pay back.
    expect(redis.counts.readSync([{ ...bucket(), hits: 0 }])).toEqual([0, -2000]);
    // The first instance has not seen the second one's debit yet: it takes its last token.
    expect(await decide(caches[0], [bucket()])).toEqual([1, 0]);
    clock.advance(2 * PERIOD_MS + 1); // stale: read again, sending that hit (taken from nothing)
    expect(caches[0].incrementSync([{ ...bucket(), hits: 0 }])).toBeUndefined();
    expect(await caches[0].increment([{ ...bucket(), hits: 0 }])).toEqual([0, 0]);
    expect(stat('overshoot')).toBe(3);
    // -2.799 tokens at +201 ms: a whole one again 3.799 s later.
    clock.advance(3700);
    expect((await decide(caches[0], [bucket()]))[0]).toBe(0);
    clock.advance(200);
    expect((await decide(caches[0], [bucket()]))[0]).toBe(1);
  });

  it('a flush refused before it was sent is sent again; one that may have been applied is not', async () => {
    const { caches, redis, decide, stored, stat } = world();
    const [cache] = caches;
    for (let i = 0; i < 3; i++) await decide(cache, [fixed('a', 1, 100)]);
    redis.fail = 'refused';
    await cache.flush();
    expect(stat('flush_errors')).toBe(1);
    // Decisions fail at once while the store is away.
    expect(cache.incrementSync([fixed('a', 1, 100)])).toBeUndefined();
    await expect(cache.increment([fixed('a', 1, 100)])).rejects.toBeInstanceOf(CounterStoreError);
    redis.fail = 'no';
    await cache.flush();
    expect(stored(fixed('a'))).toEqual([3]);
    expect(await decide(cache, [fixed('a', 1, 100)])).toEqual([4]);
    await cache.flush();
    expect(stored(fixed('a'))).toEqual([4]);

    await decide(cache, [fixed('a', 2, 100)]);
    redis.fail = 'timeout-after-applying';
    await cache.flush();
    redis.fail = 'no';
    await cache.flush();
    // Applied once by the timed-out flush, not sent again.
    expect(stored(fixed('a'))).toEqual([6]);
    expect(stat('hits_dropped')).toBe(2);
  });

  it('while the store is away with nothing to send, a probe finds it back', async () => {
    const { caches, redis } = world();
    const [cache] = caches;
    redis.fail = 'refused';
    await expect(cache.increment([fixed('a')])).rejects.toBeInstanceOf(CounterStoreError);
    await expect(cache.increment([fixed('a')])).rejects.toThrow(/^write-behind cache: /);
    await cache.flush();
    await expect(cache.increment([fixed('a')])).rejects.toBeInstanceOf(CounterStoreError);
    redis.fail = 'no';
    await cache.flush();
    expect(await cache.increment([fixed('a')])).toEqual([1]);
  });

  it('holds at most maxKeys keys; an evicted key’s hits are still flushed', async () => {
    const { caches, decide, stored, stat } = world(1, 100);
    const [cache] = caches;
    for (let i = 0; i < 150; i++) await decide(cache, [fixed(`k${i}`)]);
    expect(cache.localKeys).toBeLessThanOrEqual(100);
    expect(stat('evicted')).toBe(50);
    await cache.flush();
    for (const i of [0, 75, 149]) expect(stored(fixed(`k${i}`))).toEqual([1]);
  });

  it('flushes what it holds at shutdown', async () => {
    const { caches, decide, stored } = world();
    const [cache] = caches;
    for (let i = 0; i < 3; i++) await decide(cache, [fixed('a')]);
    await cache.onApplicationShutdown();
    expect(stored(fixed('a'))).toEqual([3]);
  });

  it('closes once, after its last flush, however often Nest asks (the store is two providers)', async () => {
    const { caches, redis, decide, stored } = world();
    const [cache] = caches;
    const events: string[] = [];
    const send = redis.increment.bind(redis);
    let storeClosed = false;
    redis.increment = (batch) => {
      events.push('flush');
      // Written a turn later, as the Redis store's batcher does: too late once it has closed.
      return new Promise((resolve, reject) =>
        setImmediate(() =>
          storeClosed
            ? reject(new CounterStoreError('Connection is closed.'))
            : resolve(send(batch)),
        ),
      );
    };
    Object.assign(redis, {
      onApplicationShutdown: () => {
        events.push('close');
        storeClosed = true;
      },
    });
    for (let i = 0; i < 3; i++) await decide(cache, [fixed('a')]);
    events.length = 0;
    await Promise.all([cache.onApplicationShutdown(), cache.onApplicationShutdown()]);
    expect(events).toEqual(['flush', 'close']);
    expect(stored(fixed('a'))).toEqual([3]);
  });

  it('reads fresh keys locally and others from the store (stop-increment mode)', async () => {
    const { caches, redis } = world();
    const [cache] = caches;
    redis.counts.incrementSync([fixed('b', 7)]);
    await cache.increment([fixed('a', 2)]);
    expect(await cache.read([fixed('a', 0)])).toEqual([2]);
    expect(await cache.read([fixed('a', 0), fixed('b', 0)])).toEqual([0, 7]);
  });
});
