import { StatsRegistry } from '../../stats/registry';
import { CounterOperations, incrementCounter } from './increment';
import { MemcachedStats } from './stats';

/** Scripted answers, one per call, and the calls made. */
function fakeOperations(increments: Array<boolean | Error>, adds: Array<boolean | Error> = []) {
  const calls: string[] = [];
  const answer = (queue: Array<boolean | Error>) => {
    const next = queue.shift();
    if (next === undefined) throw new Error('unexpected call');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const operations: CounterOperations = {
    increment: (key, amount, expiry) => {
      calls.push(`incr ${key} ${amount} ${expiry}`);
      return answer(increments);
    },
    add: (key, value, expiry) => {
      calls.push(`add ${key} ${value} ${expiry}`);
      return answer(adds);
    },
  };
  return { operations, calls };
}

describe('incrementCounter (upstream increment, add on miss, increment again on not stored)', () => {
  let registry: StatsRegistry;
  let stats: MemcachedStats;
  const values = () => Object.fromEntries(registry.snapshot());
  beforeEach(() => {
    registry = new StatsRegistry();
    stats = new MemcachedStats(registry);
  });

  it('one increment when it lands', async () => {
    const { operations, calls } = fakeOperations([true]);
    await incrementCounter(operations, stats, 'k', 3, 60);
    expect(calls).toEqual(['incr k 3 60']);
    expect(values()).toMatchObject({ 'ratelimit.memcache.increment.__code=success': 1 });
  });

  it('a miss adds the key with the hits and the expiry', async () => {
    const { operations, calls } = fakeOperations([false], [true]);
    await incrementCounter(operations, stats, 'k', 2, 61);
    expect(calls).toEqual(['incr k 2 61', 'add k 2 61']);
    expect(values()).toMatchObject({
      'ratelimit.memcache.increment.__code=miss': 1,
      'ratelimit.memcache.add.__code=success': 1,
    });
  });

  it('an add beaten by another instance increments again', async () => {
    const { operations, calls } = fakeOperations([false, true], [false]);
    await incrementCounter(operations, stats, 'k', 1, 60);
    expect(calls).toEqual(['incr k 1 60', 'add k 1 60', 'incr k 1 60']);
    expect(values()).toMatchObject({
      'ratelimit.memcache.increment.__code=miss': 1,
      'ratelimit.memcache.add.__code=not_stored': 1,
      'ratelimit.memcache.increment.__code=success': 1,
    });
  });

  it('counts and rethrows failures', async () => {
    const first = fakeOperations([new Error('refused')]);
    await expect(incrementCounter(first.operations, stats, 'k', 1, 60)).rejects.toThrow('refused');
    const second = fakeOperations([false], [new Error('reset')]);
    await expect(incrementCounter(second.operations, stats, 'k', 1, 60)).rejects.toThrow('reset');
    const third = fakeOperations([false, false], [false]);
    await expect(incrementCounter(third.operations, stats, 'k', 1, 60)).rejects.toThrow(
      /missing again/,
    );
    expect(values()).toMatchObject({
      'ratelimit.memcache.increment.__code=error': 1,
      'ratelimit.memcache.increment.__code=miss': 3,
      'ratelimit.memcache.add.__code=error': 1,
      'ratelimit.memcache.add.__code=not_stored': 1,
    });
  });
});
