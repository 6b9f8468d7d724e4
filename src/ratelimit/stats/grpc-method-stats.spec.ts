import { StatsRegistry } from '../../infra/stats/registry';
import { GrpcMethodStats } from './grpc-method-stats';

describe('GrpcMethodStats', () => {
  it('counts each call and records its duration in milliseconds under upstream names', async () => {
    const registry = new StatsRegistry();
    const stats = new GrpcMethodStats(registry, 'ShouldRateLimit');
    const started = stats.started();
    await new Promise((resolve) => setTimeout(resolve, 20));
    stats.finished(started);
    expect(registry.counter('ratelimit_server.ShouldRateLimit.total_requests').value).toBe(1);
    const timer = registry.timer('ratelimit_server.ShouldRateLimit.response_time');
    expect(timer.count).toBe(1);
    expect(timer.lastMs).toBeGreaterThanOrEqual(15);
    expect(timer.lastMs).toBeLessThan(1000);
  });
});
