import * as grpc from '@grpc/grpc-js';
import { grpcClientCall } from './grpc-call';
import { healthClient, rateLimitClient, unary } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';
import { E2E_RULES } from './rules';

interface Status {
  code: string;
  currentLimit?: { requestsPerUnit: number; unit: string; name?: string };
  limitRemaining?: number;
  durationUntilReset?: { seconds: number };
}
interface Response {
  overallCode: string;
  statuses: Status[];
}

const entries = (...pairs: [string, string][]) => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
});

describe('gRPC ShouldRateLimit over a real socket', () => {
  let service: ServiceProcess;
  let client: grpc.Client;
  const call = grpcClientCall<Response>(() => client, 'ShouldRateLimit');

  beforeAll(async () => {
    service = await startService(ruleDirectory({ 'e2e.yaml': E2E_RULES }));
    client = rateLimitClient(service.grpcAddress);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
  });

  it('answers two descriptors with one status each, limits, remaining counts and reset durations', async () => {
    await withinOneWindow(3600, 5);
    const before = Math.floor(Date.now() / 1000);
    const response = await call({
      domain: 'e2e',
      descriptors: [entries(['path', '/login']), entries(['tier', 'gold'])],
    });
    const after = Math.floor(Date.now() / 1000);
    expect(response.overallCode).toBe('OK');
    expect(response.statuses).toHaveLength(2);
    expect(response.statuses[0]).toMatchObject({
      code: 'OK',
      currentLimit: { requestsPerUnit: 3, unit: 'HOUR', name: 'login' },
      limitRemaining: 2,
    });
    expect(response.statuses[1]).toMatchObject({
      code: 'OK',
      currentLimit: { requestsPerUnit: 1000, unit: 'DAY' },
      limitRemaining: 999,
    });
    const resets = [3600 - (after % 3600), 3600 - (before % 3600)];
    expect(resets).toContain(response.statuses[0].durationUntilReset!.seconds);
    expect(response.statuses[1].durationUntilReset!.seconds).toBeGreaterThanOrEqual(
      86400 - (after % 86400),
    );
    expect(response.statuses[1].durationUntilReset!.seconds).toBeLessThanOrEqual(
      86400 - (before % 86400),
    );
  });

  it('the 21st call to a 20/minute rule is OVER_LIMIT', async () => {
    await withinOneWindow(60, 10);
    const request = { domain: 'e2e', descriptors: [entries(['user', 'alice'])] };
    for (let i = 1; i <= 20; i++) {
      const response = await call(request);
      expect(response.overallCode).toBe('OK');
      expect(response.statuses[0].limitRemaining ?? 0).toBe(20 - i);
    }
    const over = await call(request);
    expect(over.overallCode).toBe('OVER_LIMIT');
    expect(over.statuses[0]).toMatchObject({
      code: 'OVER_LIMIT',
      currentLimit: { requestsPerUnit: 20, unit: 'MINUTE' },
    });
    expect(over.statuses[0].limitRemaining ?? 0).toBe(0);
  });

  it('answers unknown domains, unmatched descriptors, unlimited and banned rules', async () => {
    expect(await call({ domain: 'nope', descriptors: [entries(['user', 'x'])] })).toMatchObject({
      overallCode: 'OK',
      statuses: [{ code: 'OK' }],
    });
    const response = await call({
      domain: 'e2e',
      descriptors: [
        entries(['nothing', 'x']),
        entries(['internal', 'x']),
        entries(['banned', 'x']),
      ],
    });
    expect(response.overallCode).toBe('OVER_LIMIT');
    expect(response.statuses[0]).toEqual({ code: 'OK' });
    expect(response.statuses[1]).toEqual({ code: 'OK', limitRemaining: 4294967295 });
    expect(response.statuses[2]).toMatchObject({
      code: 'OVER_LIMIT',
      currentLimit: { unit: 'HOUR' },
    });
  });

  it('honours request overrides and hits_addend', async () => {
    await withinOneWindow(60, 5);
    const response = await call({
      domain: 'e2e',
      hitsAddend: 4,
      descriptors: [
        { ...entries(['custom', 'y']), limit: { requestsPerUnit: 10, unit: 'MINUTE' } },
        { ...entries(['user', 'bob']), hitsAddend: { value: 0 } },
      ],
    });
    expect(response.statuses[0]).toMatchObject({
      code: 'OK',
      currentLimit: { requestsPerUnit: 10, unit: 'MINUTE' },
      limitRemaining: 6,
    });
    expect(response.statuses[1]).toMatchObject({ code: 'OK', limitRemaining: 20 });
  });

  it.each([
    [
      'empty domain',
      { domain: '', descriptors: [entries(['user', 'x'])] },
      'rate limit domain must not be empty',
    ],
    [
      'no descriptors',
      { domain: 'e2e', descriptors: [] },
      'rate limit descriptor list must not be empty',
    ],
    [
      'an override without a unit',
      {
        domain: 'e2e',
        descriptors: [{ ...entries(['user', 'x']), limit: { requestsPerUnit: 5 } }],
      },
      'descriptors[0].limit: unit must be one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR',
    ],
    [
      'a huge descriptor list',
      {
        domain: 'e2e',
        descriptors: Array.from({ length: 5000 }, (_, i) => entries(['user', `u${i}`])),
      },
      'rate limit descriptor list has 5000 descriptors; at most 1000 are allowed',
    ],
  ])('rejects %s with INVALID_ARGUMENT', async (_name, request, message) => {
    await expect(call(request)).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: message,
    });
  });

  it('rejects a message over the size limit without harm to later calls', async () => {
    const huge = { domain: 'e2e', descriptors: [entries(['user', 'x'.repeat(5 * 1024 * 1024)])] };
    await expect(call(huge)).rejects.toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED });
    expect(
      (await call({ domain: 'e2e', descriptors: [entries(['tier', 'gold'])] })).overallCode,
    ).toBe('OK');
  });

  it('serves the standard gRPC health service', async () => {
    const health = healthClient(service.grpcAddress);
    try {
      expect(await unary(health, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
      expect(await unary(health, 'Check', { service: 'ratelimit' })).toEqual({ status: 'SERVING' });
      await expect(unary(health, 'Check', { service: 'other' })).rejects.toMatchObject({
        code: grpc.status.NOT_FOUND,
      });
    } finally {
      health.close();
    }
  });
});
