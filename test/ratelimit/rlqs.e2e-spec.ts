import * as grpc from '@grpc/grpc-js';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { ruleDirectory } from '../support/rule-dir';
import {
  actionsOf,
  mapFormClient,
  QuotaCall,
  repeatedFormClient,
  usage,
} from '../support/rlqs-clients';
import { type ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/**
 * Envoy's rate limit quota service (docs/rlqs.md) over a real gRPC socket, with the clients Envoy
 * would be (test/support/rlqs-clients.ts): the repeated form every Envoy release sends and the map
 * form of Envoy's newest rlqs.proto. Both share the ShouldRateLimit budget.
 */

const RULES = `
domain: envoy
descriptors:
  - key: tenant
    value: acme
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: tenant
    value: metered
    rate_limit: { unit: second, requests_per_unit: 5, unit_multiplier: 30, algorithm: token_bucket, burst: 8 }
  - key: tenant
    value: free
    rate_limit: { unlimited: true }
`;

let service: ServiceProcess;

beforeAll(async () => {
  service = await startService({
    ...ruleDirectory({ 'envoy.yaml': RULES }),
    RLQS_ASSIGNMENT_TTL: '7s',
    // Long enough for every other test's stream; short enough to see an abandon.
    RLQS_BUCKET_IDLE_TIMEOUT: '2s',
    // Shorter than the abandon test's stream: a quota stream outlives both once it has spoken.
    GRPC_REQUEST_TIMEOUT: '1s',
    GRPC_CALL_TIMEOUT: '1s',
  });
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('StreamRateLimitQuotas', () => {
  it.each([
    ['repeated (every Envoy release)', repeatedFormClient],
    ['map (Envoy’s newest proto)', mapFormClient],
  ])(
    'answers usage reports in the %s form with assignments from the rules',
    async (_form, make) => {
      const client = make(service.grpcAddress);
      const call = new QuotaCall(client);
      // `name` (no rule names it) is left out of the descriptor: buckets that differ only in it
      // count into one counter, whose share each stream gets; each test ends its stream (and the
      // server lets go of its buckets) before the next begins.
      const name = make === mapFormClient ? 'map' : 'repeated';
      const buckets: Record<string, string>[] = [
        { tenant: 'acme', name },
        { tenant: 'metered', name },
        { tenant: 'free', name },
        { path: '/not-ruled', name },
      ];
      const usages = buckets.map((bucket) => usage(bucket, 0));
      call.send({
        domain: 'envoy',
        bucketQuotaUsages:
          make === mapFormClient
            ? Object.fromEntries(usages.map((u, i) => [String(i + 101), u]))
            : usages,
      });
      expect(actionsOf(await call.next())).toEqual([
        {
          bucket: buckets[0],
          ttl: 7,
          // Envoy's filter enforces token buckets only: a minute's share, refilled each minute.
          tokenBucket: {
            maxTokens: 10,
            tokensPerFill: { value: 10 },
            fillInterval: { seconds: 60 },
          },
        },
        {
          bucket: buckets[1],
          ttl: 7,
          tokenBucket: { maxTokens: 8, tokensPerFill: { value: 5 }, fillInterval: { seconds: 30 } },
        },
        { bucket: buckets[2], ttl: 7, blanketRule: 'ALLOW_ALL' },
        { bucket: buckets[3], ttl: 7, blanketRule: 'ALLOW_ALL' },
      ]);
      expect((await call.finish()).code).toBe(grpc.status.OK);
      client.close();
    },
  );

  it('shares one budget with ShouldRateLimit: reported requests count, and a spent budget denies all', async () => {
    await withinOneWindow(60, 20);
    const tenant = { key: 'tenant', value: 'acme' };
    const rls = rateLimitClient(service.grpcAddress);
    const client = repeatedFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    const bucket = { tenant: 'acme' };
    // Envoy let 6 requests through locally; ShouldRateLimit then sees them counted.
    call.send({ domain: 'envoy', bucketQuotaUsages: [usage(bucket, 6)] });
    expect(actionsOf(await call.next())[0]).toMatchObject({
      // 4 of the 10 remain: the bucket holds 4 now and is refilled with 10 each minute.
      tokenBucket: { maxTokens: 4, tokensPerFill: { value: 10 } },
    });
    const seen = await unary<{ statuses: { limitRemaining?: number; code: string }[] }>(
      rls,
      'ShouldRateLimit',
      { domain: 'envoy', descriptors: [{ entries: [tenant] }], hitsAddend: 3 },
    );
    expect(seen.statuses[0]).toMatchObject({ code: 'OK', limitRemaining: 1 });
    // 6 + 3 + 2 = 11 > 10: the budget is spent; the assignment denies all until the minute ends.
    call.send({ bucketQuotaUsages: [usage(bucket, 2)] });
    const denied = actionsOf(await call.next())[0] as { ttl: number; blanketRule?: string };
    expect(denied.blanketRule).toBe('DENY_ALL');
    expect(denied.ttl).toBeGreaterThanOrEqual(1);
    expect(denied.ttl).toBeLessThanOrEqual(7);
    const after = await unary<{ overallCode: string }>(rls, 'ShouldRateLimit', {
      domain: 'envoy',
      descriptors: [{ entries: [tenant] }],
    });
    expect(after.overallCode).toBe('OVER_LIMIT');
    call.stream.end();
    client.close();
    rls.close();
  });

  it('refuses a stream whose first report names no domain', async () => {
    const client = repeatedFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    call.send({ bucketQuotaUsages: [usage({ tenant: 'acme' }, 1)] });
    await new Promise<void>((resolve) => call.stream.on('status', () => resolve()));
    expect(call.status?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(call.status?.details).toBe('the first usage report must name the domain');
    client.close();
  });

  it('refuses a stream whose domain has no rules', async () => {
    const client = mapFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    call.send({ domain: 'nowhere', bucketQuotaUsages: { '1': usage({ tenant: 'acme' }, 1) } });
    await new Promise<void>((resolve) => call.stream.on('status', () => resolve()));
    expect(call.status?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(call.status?.details).toBe('unknown rate limit domain "nowhere"');
    client.close();
  });

  it('abandons a bucket no report has named for RLQS_BUCKET_IDLE_TIMEOUT', async () => {
    const client = mapFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    const bucket = { tenant: 'free', name: 'idle' };
    call.send({ domain: 'envoy', bucketQuotaUsages: { '7': usage(bucket, 1) } });
    expect(actionsOf(await call.next())).toEqual([{ bucket, ttl: 7, blanketRule: 'ALLOW_ALL' }]);
    // No further report: the server's next message abandons the bucket.
    expect(actionsOf(await call.next())).toEqual([{ bucket, abandon: true }]);
    call.stream.end();
    client.close();
  });

  it('abandons a bucket reported only with zero usage for RLQS_BUCKET_IDLE_TIMEOUT', async () => {
    const client = mapFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    const bucket = { tenant: 'free', name: 'quiet' };
    call.send({ domain: 'envoy', bucketQuotaUsages: { '7': usage(bucket, 1) } });
    expect(actionsOf(await call.next())).toEqual([{ bucket, ttl: 7, blanketRule: 'ALLOW_ALL' }]);
    // Envoy keeps reporting the idle bucket, with zero usage, until the server abandons it.
    let abandoned = false;
    for (let report = 0; report < 20 && !abandoned; report++) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      call.send({ bucketQuotaUsages: { '7': usage(bucket, 0) } });
      const actions = actionsOf(await call.next());
      abandoned = actions.some((action) => 'abandon' in action);
      if (!abandoned) expect(actions).toEqual([{ bucket, ttl: 7, blanketRule: 'ALLOW_ALL' }]);
    }
    expect(abandoned).toBe(true);
    call.stream.end();
    client.close();
  });

  it('ends a stream whose first report does not come within GRPC_REQUEST_TIMEOUT', async () => {
    const client = repeatedFormClient(service.grpcAddress);
    const call = new QuotaCall(client);
    await new Promise<void>((resolve) => call.stream.on('status', () => resolve()));
    expect(call.status?.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    client.close();
  });

  it('counts streams, reports and assignments on /stats', async () => {
    const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
    expect(stats).toMatch(/ratelimit\.rlqs\.reports: [1-9]/);
    expect(stats).toMatch(/ratelimit\.rlqs\.reports_map_form: [1-9]/);
    expect(stats).toMatch(/ratelimit\.rlqs\.deny_all: [1-9]/);
    expect(stats).toMatch(/ratelimit\.rlqs\.streams: [1-9]/);
    expect(stats).toMatch(/ratelimit\.rlqs\.abandons: [1-9]/);
  });
});
