import * as grpc from '@grpc/grpc-js';
import { rateLimitClient, unary } from '../support/grpc-clients';
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

  it('on SIGTERM drains: calls under way complete, later ones are refused cleanly, the process stops', async () => {
    const service = await startService(ruleDirectory({ 'e2e.yaml': E2E_RULES }));
    const client = rateLimitClient(service.grpcAddress);
    let succeeded = 0;
    const failures: grpc.status[] = [];
    let stopped: ReturnType<typeof service.stop> | undefined;
    // Eight callers in a loop; SIGTERM goes out while they are busy. Every loop ends at its first
    // refusal or after 2000 calls, so the test is bounded.
    const worker = async () => {
      for (let i = 0; i < 2000; i++) {
        try {
          await unary(client, 'ShouldRateLimit', request);
          succeeded++;
          if (succeeded === 200) stopped = service.stop('SIGTERM');
        } catch (error) {
          failures.push((error as grpc.ServiceError).code);
          return;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(stopped).toBeDefined();
      const exit = await stopped!;
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      expect(succeeded).toBeGreaterThanOrEqual(200);
      expect(failures.every((code) => code === grpc.status.UNAVAILABLE)).toBe(true);
      expect(service.output()).toContain('SIGTERM received: draining in-flight calls');
    } finally {
      client.close();
    }
  });
});
