import { HealthState } from './health-state';

describe('HealthState', () => {
  it('is the AND of its components, and a watch sees each change once', () => {
    const health = new HealthState();
    const seen: boolean[] = [];
    let completed = false;
    health
      .watch()
      .subscribe({ next: (healthy) => seen.push(healthy), complete: () => (completed = true) });
    health.set('config', true);
    health.set('store', false);
    health.set('config', false);
    health.set('store', true);
    expect(health.isHealthy()).toBe(false);
    health.set('config', true);
    expect(seen).toEqual([true, false, true]);
    expect(completed).toBe(false);
  });

  it('endWatches completes every open watch (a gRPC Watch stream would hold the shutdown)', () => {
    const health = new HealthState();
    let completed = 0;
    health.watch().subscribe({ complete: () => completed++ });
    health.watch().subscribe({ complete: () => completed++ });
    health.endWatches();
    expect(completed).toBe(2);
  });

  it('a degraded component keeps health as it is and is listed with its reason until it recovers', () => {
    const health = new HealthState();
    health.set('kvstore', true);
    health.degrade('kvstore', 'the store does not answer');
    expect(health.isHealthy()).toBe(true);
    expect([...health.degraded()]).toEqual([['kvstore', 'the store does not answer']]);
    health.degrade('kvstore', undefined);
    expect(health.degraded().size).toBe(0);
  });
});
