import * as grpc from '@grpc/grpc-js';
import { eventually } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { receivedMore, unreadBytes, watchHealth } from '../support/in-flight';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { runServiceToExit, startService } from '../support/service-process';
import { E2E_RULES } from './rules';

const request = { domain: 'e2e', descriptors: [{ entries: [{ key: 'tier', value: 'gold' }] }] };

describe('service lifecycle', () => {
  it('serves the bundled example rules with no environment set', async () => {
    const service = await startService();
    try {
      const response = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify({
          domain: 'example',
          descriptors: [{ entries: [{ key: 'api_key', value: 'k' }] }],
        }),
      });
      expect(await response.json()).toMatchObject({
        statuses: [{ currentLimit: { requestsPerUnit: 20, unit: 'MINUTE' } }],
      });
    } finally {
      await service.stop();
    }
  });

  it('stops the boot on an invalid setting, naming the variable and the allowed values', async () => {
    const { code, output } = await runServiceToExit({
      NEAR_LIMIT_RATIO: '1.5',
      BACKEND_TYPE: 'mongo',
    });
    expect(code).toBe(1);
    expect(output).toContain('NEAR_LIMIT_RATIO="1.5": allowed values: a number from 0 to 1');
    expect(output).toContain(
      'BACKEND_TYPE="mongo": allowed values: memory, kvstore (alias redis), altcache (alias memcache)',
    );
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('without a valid configuration answers UNAVAILABLE / 503, and is unhealthy when configured so', async () => {
    const service = await startService({
      ...ruleDirectory({
        'bad.yaml':
          'domain: e2e\ndescriptors:\n  - key: k\n    rate_limit: {unit: fortnight, requests_per_unit: 1}\n',
      }),
      HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: 'true',
    });
    const client = rateLimitClient(service.grpcAddress);
    try {
      expect(service.output()).toContain("config.bad.yaml: invalid rate limit unit 'fortnight'");
      await expect(unary(client, 'ShouldRateLimit', request)).rejects.toMatchObject({
        code: grpc.status.UNAVAILABLE,
        details: 'no rate limit configuration loaded',
      });
      const json = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify(request),
      });
      expect(json.status).toBe(503);
      expect(await json.json()).toEqual({ message: 'no rate limit configuration loaded' });
      const health = await fetch(`${service.httpUrl}/healthcheck`);
      expect(health.status).toBe(500);
      expect(await health.json()).toMatchObject({
        status: 'error',
        error: { config: { status: 'down' } },
      });
    } finally {
      client.close();
      await service.stop();
    }
  });

  it('writes JSON log lines with @timestamp, @message and level', async () => {
    const service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });
    await service.stop();
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(typeof entry['@message']).toBe('string');
      expect(new Date(entry['@timestamp'] as string).toISOString()).toBe(entry['@timestamp']);
      expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(entry.level);
    }
    expect(
      lines.some((line) => line.includes('loaded rate limit configuration: 1 domain(s)')),
    ).toBe(true);
  });

  /*
   * Calls are held in flight by freezing the Redis store under them (SIGSTOP): each call's script
   * is seen arriving in the store's receive queue before SIGTERM goes out, so "in flight at SIGTERM"
   * is a fact the test established, not a timing guess; an instant death would fail them.
   */
  it('on SIGTERM: health turns NOT_SERVING, the calls in flight complete OK, the process ends gracefully', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
      MODULES: 'ratelimit',
      KVSTORE_URL: redis.url,
      KVSTORE_TIMEOUT: '60s',
    });
    const client = rateLimitClient(service.grpcAddress);
    const watch = await watchHealth(service.grpcAddress);
    let frozen = false;
    try {
      await unary(client, 'ShouldRateLimit', request);
      process.kill(redis.pid!, 'SIGSTOP');
      frozen = true;
      const inFlight: Promise<{ overallCode: string }>[] = [];
      let received = unreadBytes(redis.port);
      for (let i = 0; i < 4; i++) {
        inFlight.push(unary(client, 'ShouldRateLimit', request));
        received = await receivedMore(redis.port, received);
      }
      const exited = service.stop('SIGTERM');
      await eventually('NOT_SERVING on the health Watch stream', () =>
        watch.statuses.includes('NOT_SERVING') ? true : undefined,
      );
      // The Watch stream stays open: the server ends it when its listeners close.
      process.kill(redis.pid!, 'SIGCONT');
      frozen = false;
      for (const answer of await Promise.all(inFlight)) expect(answer.overallCode).toBe('OK');
      // Nest re-raises the signal once closed: a graceful end is that signal (or 0), never code 1.
      const exit = await exited;
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      expect(watch.statuses).toEqual(['SERVING', 'NOT_SERVING']);
      expect(service.output()).toContain('SIGTERM received: draining in-flight calls');
    } finally {
      if (frozen) process.kill(redis.pid!, 'SIGCONT');
      watch.close();
      client.close();
      await service.stop('SIGKILL');
      await redis.stop();
    }
  });

  /*
   * The drain delay is an hour: the test sees the listeners still answering after health turned
   * unhealthy (no race with the delay), and a second SIGTERM ends it.
   */
  it('SHUTDOWN_DRAIN_DELAY: health turns unhealthy while both listeners still answer; a second SIGTERM closes them', async () => {
    const service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
      MODULES: 'ratelimit',
      SHUTDOWN_DRAIN_DELAY: '1h',
    });
    const client = rateLimitClient(service.grpcAddress);
    const watch = await watchHealth(service.grpcAddress);
    try {
      const exited = service.stop('SIGTERM');
      await eventually('NOT_SERVING on the health Watch stream', () =>
        watch.statuses.includes('NOT_SERVING') ? true : undefined,
      );
      expect((await fetch(`${service.httpUrl}/healthcheck`)).status).toBe(500);
      const decided = await unary<{ overallCode: string }>(client, 'ShouldRateLimit', request);
      expect(decided.overallCode).toBe('OK');
      const json = await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify(request),
      });
      expect(json.status).toBe(200);
      expect(service.output()).toContain('listeners close in 3600000 ms (SHUTDOWN_DRAIN_DELAY)');
      service.child.kill('SIGTERM');
      const exit = await exited;
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      expect(service.output()).toContain('SIGTERM received again: closing the listeners now');
    } finally {
      watch.close();
      client.close();
      await service.stop('SIGKILL');
    }
  });

  it('on SIGTERM with calls that never finish: exits 1 after SHUTDOWN_TIMEOUT, saying why', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'e2e.yaml': E2E_RULES }),
      MODULES: 'ratelimit',
      KVSTORE_URL: redis.url,
      KVSTORE_TIMEOUT: '60s',
      SHUTDOWN_TIMEOUT: '1s',
    });
    const client = rateLimitClient(service.grpcAddress);
    try {
      await unary(client, 'ShouldRateLimit', request);
      process.kill(redis.pid!, 'SIGSTOP');
      const stuck = unary(client, 'ShouldRateLimit', request).catch((error: unknown) => error);
      await receivedMore(redis.port, unreadBytes(redis.port));
      expect(await service.stop('SIGTERM')).toEqual({ code: 1, signal: null });
      expect(service.output()).toContain('in-flight calls did not finish within 1000 ms; exiting');
      // The call never got an answer from the store: the caller sees the connection go.
      expect(await stuck).toMatchObject({ code: grpc.status.UNAVAILABLE });
    } finally {
      process.kill(redis.pid!, 'SIGCONT');
      client.close();
      await service.stop('SIGKILL');
      await redis.stop();
    }
  });
});
