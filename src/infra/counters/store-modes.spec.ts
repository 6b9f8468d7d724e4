import { ManualClock } from '../clock/clock';
import { HealthState } from '../health/health-state';
import { StatsRegistry } from '../stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { CounterIncrement, CounterStore } from './counter-store.port';
import { FailurePolicyCounterStore } from './failure/failure-policy-store';
import { storeHealth, withStoreModes } from './store-modes';
import { WriteBehindCounterStore } from './write-behind/write-behind-store';

class PlainStore extends CounterStore {
  readonly kind = 'kvstore';
  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(batch.map(() => 1));
  }
  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(counters.map(() => 0));
  }
}

function wrap(env: Record<string, string>) {
  const settings = loadSettings({ KVSTORE_URL: '127.0.0.1:6379', ...env });
  const health = new HealthState();
  const store = new PlainStore();
  const wrapped = withStoreModes(store, settings, new ManualClock(0), new StatsRegistry(), health);
  return { store, wrapped, settings, health };
}

describe('withStoreModes', () => {
  it('leaves the store alone with the defaults (no decorator on the hot path)', () => {
    const { store, wrapped, settings, health } = wrap({});
    expect(wrapped).toBe(store);
    expect(storeHealth(settings, health)).toBe(health);
  });

  it('puts the write-behind cache around the store, and the failure policy outermost', async () => {
    const cached = wrap({ KVSTORE_CACHE_MODE: 'write_behind' }).wrapped;
    expect(cached).toBeInstanceOf(WriteBehindCounterStore);
    await (cached as WriteBehindCounterStore).onApplicationShutdown();

    const both = wrap({ KVSTORE_CACHE_MODE: 'write_behind', KVSTORE_FAILURE_MODE: 'local' });
    expect(both.wrapped).toBeInstanceOf(FailurePolicyCounterStore);
    expect(both.wrapped.kind).toBe('kvstore');
    // The cache's synchronous path is offered through the policy.
    expect((both.wrapped as FailurePolicyCounterStore).incrementSync).toBeDefined();
    expect(storeHealth(both.settings, both.health)).not.toBe(both.health);
    await (both.wrapped as FailurePolicyCounterStore).onApplicationShutdown();

    const policy = wrap({ KVSTORE_FAILURE_MODE: 'allow' }).wrapped as FailurePolicyCounterStore;
    expect(policy).toBeInstanceOf(FailurePolicyCounterStore);
    expect(policy.incrementSync).toBeUndefined();
  });
});
