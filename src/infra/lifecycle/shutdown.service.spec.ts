import { loadSettings } from '../../settings/settings.loader';
import { HealthState } from '../health/health-state';
import { ShutdownService } from './shutdown.service';

describe('ShutdownService', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function service(env: Record<string, string>) {
    const health = new HealthState();
    return { health, shutdown: new ShutdownService(loadSettings(env), health) };
  }

  it('turns health unhealthy at once and keeps the listeners for SHUTDOWN_DRAIN_DELAY', async () => {
    const { health, shutdown } = service({ SHUTDOWN_DRAIN_DELAY: '5s' });
    expect(health.isHealthy()).toBe(true);
    let drained = false;
    const draining = shutdown.drain('SIGTERM').then(() => (drained = true));
    expect(health.isHealthy()).toBe(false);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(drained).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await draining;
    expect(drained).toBe(true);
  });

  it('a second signal ends the delay early', async () => {
    const { shutdown } = service({ SHUTDOWN_DRAIN_DELAY: '1h' });
    let drained = false;
    const draining = shutdown.drain('SIGTERM').then(() => (drained = true));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(drained).toBe(false);
    shutdown.hurry('SIGTERM');
    await draining;
    expect(drained).toBe(true);
  });

  it('without a delay (the default) the drain step ends at once', async () => {
    const { health, shutdown } = service({});
    await shutdown.drain('SIGINT');
    expect(health.isHealthy()).toBe(false);
  });
});
