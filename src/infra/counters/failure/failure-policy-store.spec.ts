import { ManualClock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { Counter } from '../../stats/counter';
import { StatsRegistry } from '../../stats/registry';
import {
  CounterIncrement,
  CounterKeyRejectedError,
  CounterStore,
  CounterStoreError,
} from '../counter-store.port';
import { MemoryCounterStore } from '../memory-counter-store';
import { AllowAnswers, LocalAnswers } from './failure-answers';
import { FailurePolicyCounterStore, servingHealth } from './failure-policy-store';

const fixed = (key: string, hits = 1, limit = 10): CounterIncrement => ({
  key,
  hits,
  windowSeconds: 60,
  windowEnd: 1_000_020,
  limit,
});
const sliding = (key: string, hits = 1): CounterIncrement => ({
  key,
  hits,
  windowSeconds: 120,
  windowEnd: 1_000_080,
  previousKey: `${key}-previous`,
});
const bucket = (key: string, nowMs: number, hits = 1): CounterIncrement => ({
  key,
  hits,
  windowSeconds: 10,
  windowEnd: 0,
  bucket: { capacity: 4, refillPerMs: 0.001, nowMs },
});

/** A store whose answer each test chooses: counts from a memory store, or a failure. */
class ScriptedStore extends CounterStore {
  readonly kind = 'kvstore';
  calls = 0;
  failWith: Error | undefined;
  constructor(private readonly counts: MemoryCounterStore) {
    super();
  }
  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    this.calls++;
    if (this.failWith !== undefined) return Promise.reject(this.failWith);
    return Promise.resolve(this.counts.incrementSync(batch));
  }
  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    this.calls++;
    if (this.failWith !== undefined) return Promise.reject(this.failWith);
    return Promise.resolve(this.counts.readSync(counters));
  }
}

const START_MS = 1_000_000_000;

function setup(mode: 'allow' | 'local', instances = 1) {
  const clock = new ManualClock(START_MS);
  const memory = () => new MemoryCounterStore(clock, 10_000, new Counter('evicted'));
  const inner = new ScriptedStore(memory());
  const stats = new StatsRegistry();
  const health = new HealthState();
  health.set('kvstore', true);
  const logs: string[] = [];
  const answers = mode === 'allow' ? new AllowAnswers() : new LocalAnswers(memory(), instances);
  const store = new FailurePolicyCounterStore(inner, answers, {
    clock,
    stats,
    health,
    component: 'kvstore',
    trialIntervalMs: 500,
    logger: { warn: (m: string) => logs.push(`warn: ${m}`), log: (m: string) => logs.push(m) },
  });
  const stat = (name: string) =>
    Object.fromEntries(stats.snapshot())[`ratelimit.store.failure.${name}`];
  return { clock, inner, store, stats, health, logs, stat };
}

const refused = () =>
  new CounterStoreError('primary store: not connected (refused)', { unsent: true });

describe('FailurePolicyCounterStore', () => {
  it('passes decisions through while the store answers', async () => {
    const { store, inner, stat, health } = setup('allow');
    expect(await store.increment([fixed('a')])).toEqual([1]);
    expect(await store.increment([fixed('a')])).toEqual([2]);
    expect(inner.calls).toBe(2);
    expect(stat('degraded')).toBe(0);
    expect(stat('allowed')).toBe(0);
    expect(health.degraded().size).toBe(0);
  });

  it('allow: answers OK with nothing counted, at once, until the store answers a trial again', async () => {
    const { store, inner, stat, health, logs, clock } = setup('allow');
    inner.failWith = refused();
    const now = clock.nowMs();
    expect(await store.increment([fixed('a'), sliding('s'), bucket('b', now)])).toEqual([
      0, 0, 0, 1, 4000,
    ]);
    expect(stat('degraded')).toBe(1);
    expect(health.isHealthy()).toBe(true);
    expect(health.degraded().get('kvstore')).toMatch(
      /^the store does not answer since .* \(primary store: not connected \(refused\)\); KVSTORE_FAILURE_MODE=allow answers every decision OK without counting it$/,
    );
    // Within the trial interval the store is not asked.
    for (let i = 0; i < 5; i++) expect(await store.increment([fixed('a', 3)])).toEqual([0]);
    expect(inner.calls).toBe(1);
    expect(stat('allowed')).toBe(6);

    // The store is back: the next trial succeeds and every decision goes to it again.
    inner.failWith = undefined;
    clock.advance(500);
    expect(await store.increment([fixed('a')])).toEqual([1]);
    expect(stat('degraded')).toBe(0);
    expect(health.degraded().size).toBe(0);
    expect(await store.increment([fixed('a')])).toEqual([2]);
    expect(inner.calls).toBe(3);
    expect(stat('entered')).toBe(1);
    expect(logs).toEqual([
      'warn: counter store (kvstore) does not answer (primary store: not connected (refused)): KVSTORE_FAILURE_MODE=allow answers every decision OK without counting it until it answers again',
      'counter store (kvstore) answers again after 0.5 s: decisions are counted in it again (6 answered by KVSTORE_FAILURE_MODE=allow meanwhile; it had failed with: primary store: not connected (refused))',
    ]);
  });

  it('a failed trial keeps the failure mode, and only one trial is in flight at a time', async () => {
    const { store, inner, clock, stat } = setup('allow');
    inner.failWith = refused();
    await store.increment([fixed('a')]);
    clock.advance(500);
    let release: (() => void) | undefined;
    const slowTrial = new Promise<number[]>((_resolve, reject) => {
      release = () => reject(new CounterStoreError('Command timed out'));
    });
    const increment = jest.spyOn(inner, 'increment').mockReturnValueOnce(slowTrial);
    const trial = store.increment([fixed('a')]);
    // Others meanwhile: answered at once, not sent.
    expect(await store.increment([fixed('a')])).toEqual([0]);
    expect(increment).toHaveBeenCalledTimes(1);
    release!();
    expect(await trial).toEqual([0]);
    expect(stat('degraded')).toBe(1);
    expect(stat('entered')).toBe(1);
    // The next trial waits for the interval again.
    expect(await store.increment([fixed('a')])).toEqual([0]);
    expect(increment).toHaveBeenCalledTimes(1);
    clock.advance(500);
    increment.mockRestore();
    inner.failWith = undefined;
    expect(await store.increment([fixed('a')])).toEqual([1]);
    expect(stat('degraded')).toBe(0);
  });

  it('local: decides with in-process counters under the same rules', async () => {
    const { store, inner, clock, stat } = setup('local');
    inner.failWith = refused();
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push(...(await store.increment([fixed('a')])));
    expect(counts).toEqual([1, 2, 3]);
    expect(await store.increment([sliding('s', 2)])).toEqual([2, 0]);
    const now = clock.nowMs();
    // A bucket of 4: four hits are taken, the fifth is not.
    expect(await store.increment([bucket('b', now, 4)])).toEqual([1, 0]);
    expect(await store.increment([bucket('b', now, 1)])).toEqual([0, 0]);
    expect(await store.read([fixed('a')])).toEqual([3]);
    expect(stat('local')).toBe(7);
  });

  it('local with an expected instance count: each limit divided by it, reported in its own units', async () => {
    const { store, inner, clock } = setup('local', 2);
    inner.failWith = refused();
    // Counts are charged twice over: a limit of 10 is over at the sixth local hit.
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push(...(await store.increment([fixed('a')])));
    expect(counts).toEqual([2, 4, 6, 8, 10, 12]);
    expect(await store.increment([sliding('s')])).toEqual([2, 0]);
    // A bucket of 4 holds 2 here: two hits are taken, reported as tokens of the whole bucket.
    const now = clock.nowMs();
    expect(await store.increment([bucket('b', now)])).toEqual([1, 2000]);
    expect(await store.increment([bucket('b', now)])).toEqual([1, 0]);
    expect(await store.increment([bucket('b', now)])).toEqual([0, 0]);
    // Refilled at half the rate: after 1 s half a token here, a whole one reported.
    expect(await store.read([bucket('b', now + 1000, 0)])).toEqual([1, 1000]);
  });

  it('a key the store refuses is the request’s fault, not the store’s: no failure mode', async () => {
    const { store, inner, stat } = setup('allow');
    inner.failWith = new CounterKeyRejectedError('key too long');
    await expect(store.increment([fixed('a')])).rejects.toBeInstanceOf(CounterKeyRejectedError);
    expect(stat('degraded')).toBe(0);
  });

  it('gives the inner store’s synchronous path, answered by the failure mode while degraded', async () => {
    const { inner, clock, stats, health } = setup('allow');
    const sync = Object.assign(inner, {
      incrementSync: (batch: readonly CounterIncrement[]): number[] | undefined =>
        batch.length === 1 ? [7] : undefined,
    });
    const store = new FailurePolicyCounterStore(sync, new AllowAnswers(), {
      clock,
      stats,
      health,
      component: 'kvstore',
      logger: { warn: () => {}, log: () => {} },
    });
    expect(store.incrementSync!([fixed('a')])).toEqual([7]);
    expect(store.incrementSync!([fixed('a'), fixed('b')])).toBeUndefined();
    inner.failWith = refused();
    expect(await store.increment([fixed('a')])).toEqual([0]);
    expect(store.incrementSync!([fixed('a')])).toEqual([0]);
    clock.advance(1000);
    // The trial is due: the synchronous path leaves it to `increment`, which sends it.
    expect(store.incrementSync!([fixed('a')])).toBeUndefined();
    inner.failWith = undefined;
    expect(await store.increment([fixed('a')])).toEqual([1]);
    expect(store.degraded).toBe(false);
    expect(store.incrementSync!([fixed('a')])).toEqual([7]);
  });
});

describe('servingHealth', () => {
  it('lets the store hold the boot, then keeps it healthy whatever its connection does', () => {
    const health = new HealthState();
    const view = servingHealth(health, 'kvstore');
    view.set('kvstore', false);
    expect(health.isHealthy()).toBe(false);
    view.set('kvstore', true);
    view.set('kvstore', false);
    expect(health.isHealthy()).toBe(true);
    view.set('other', false);
    expect(health.isHealthy()).toBe(false);
  });
});
