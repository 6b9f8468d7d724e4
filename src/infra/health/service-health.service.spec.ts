import { HealthState } from './health-state';
import { ServiceHealthService } from './service-health.service';

describe('ServiceHealthService', () => {
  let state: HealthState;
  let health: ServiceHealthService;
  beforeEach(() => {
    state = new HealthState();
    health = new ServiceHealthService(state);
  });

  it('reports every component up as ok, with each under info and details', () => {
    state.set('config', true);
    state.set('sigterm', true);
    expect(health.check()).toEqual({
      status: 'ok',
      info: { config: { status: 'up' }, sigterm: { status: 'up' } },
      error: {},
      details: { config: { status: 'up' }, sigterm: { status: 'up' } },
    });
    expect(health.degraded()).toBe(false);
  });

  it('reports a down component as an error, listed after the up ones in details', () => {
    state.set('config', false);
    state.set('sigterm', true);
    const report = health.check();
    expect(report).toEqual({
      status: 'error',
      info: { sigterm: { status: 'up' } },
      error: { config: { status: 'down' } },
      details: { sigterm: { status: 'up' }, config: { status: 'down' } },
    });
    expect(Object.keys(report.details)).toEqual(['sigterm', 'config']);
  });

  it('names why a component is degraded, also one that is no health component of its own', () => {
    state.set('counter_store', true);
    state.degrade('counter_store', 'answered by KVSTORE_FAILURE_MODE=allow');
    state.degrade('rlqs', 'no counter store');
    expect(health.check()).toEqual({
      status: 'ok',
      info: {
        counter_store: { status: 'up', degraded: 'answered by KVSTORE_FAILURE_MODE=allow' },
        rlqs: { status: 'up', degraded: 'no counter store' },
      },
      error: {},
      details: {
        counter_store: { status: 'up', degraded: 'answered by KVSTORE_FAILURE_MODE=allow' },
        rlqs: { status: 'up', degraded: 'no counter store' },
      },
    });
    expect(health.degraded()).toBe(true);
  });
});
