import * as grpc from '@grpc/grpc-js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { ruleDirectory } from '../support/rule-dir';
import {
  actionsOf,
  type Json,
  QuotaCall,
  repeatedFormClient,
  usage,
} from '../support/rlqs-clients';
import { type ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/**
 * A quota stream's life beyond reports (docs/rlqs.md): a rule reload re-assigns at once and
 * abandons buckets whose rule is gone; the stream limits end a stream with a clear status and
 * leave the service serving; SIGTERM sends every assignment again with a time to live of 0 and
 * ends the streams, so the service stops without waiting for them.
 */

const METHOD = '/envoy.service.rate_limit_quota.v3.RateLimitQuotaService/StreamRateLimitQuotas';
const rules = (a: number, withB: boolean) => `
domain: streams
descriptors:
  - key: tenant
    value: a
    rate_limit: { unit: minute, requests_per_unit: ${a} }
${withB ? '  - key: tenant\n    value: b\n    rate_limit: { unit: minute, requests_per_unit: 20 }\n' : ''}`;

const MAX_BUCKETS = 3;
const MAX_STREAMS = 4;
const MAX_MESSAGE = 2048;

let service: ServiceProcess;
let ruleFile: string;
const clients: grpc.Client[] = [];

function client(): grpc.Client {
  const made = repeatedFormClient(service.grpcAddress);
  clients.push(made);
  return made;
}

/** A client sending whatever bytes it is given as a usage report. */
function rawClient(): grpc.Client {
  const Client = grpc.makeGenericClientConstructor(
    {
      StreamRateLimitQuotas: {
        path: METHOD,
        requestStream: true,
        responseStream: true,
        requestSerialize: (bytes: Buffer) => bytes,
        requestDeserialize: (bytes: Buffer) => bytes,
        responseSerialize: (bytes: Buffer) => bytes,
        responseDeserialize: (bytes: Buffer) => bytes,
      },
    },
    'RateLimitQuotaService',
  );
  const made = new Client(service.grpcAddress, grpc.credentials.createInsecure());
  clients.push(made);
  return made;
}

function statusOf(call: QuotaCall): Promise<grpc.StatusObject> {
  if (call.status !== undefined) return Promise.resolve(call.status);
  return new Promise((resolve) => call.stream.on('status', resolve));
}

beforeAll(async () => {
  const env = ruleDirectory({ 'streams.yaml': rules(10, true) });
  ruleFile = join(env.RUNTIME_ROOT, 'ratelimit', 'config', 'streams.yaml');
  service = await startService({
    ...env,
    // Directory mode: writing the rule file reloads it.
    RUNTIME_WATCH_ROOT: 'false',
    MODULES: 'ratelimit',
    RLQS_MAX_BUCKETS_PER_STREAM: String(MAX_BUCKETS),
    RLQS_MAX_STREAMS: String(MAX_STREAMS),
    RLQS_MAX_MESSAGE_SIZE: String(MAX_MESSAGE),
    SHUTDOWN_DRAIN_DELAY: '0s',
  });
}, 60_000);

afterAll(async () => {
  for (const made of clients) made.close();
  if (service.child.exitCode === null && service.child.signalCode === null) await service.stop();
});

describe('a rule reload under open quota streams', () => {
  it('pushes a changed limit at once and abandons the bucket whose rule was removed', async () => {
    // A minute's rollover would push a fresh assignment of its own: none comes during the test.
    await withinOneWindow(60, 20);
    const call = new QuotaCall(client());
    const [a, b] = [{ tenant: 'a' }, { tenant: 'b' }];
    call.send({ domain: 'streams', bucketQuotaUsages: [usage(a, 0), usage(b, 0)] });
    expect(actionsOf(await call.next())).toEqual([
      {
        bucket: a,
        ttl: 10,
        tokenBucket: { maxTokens: 10, tokensPerFill: { value: 10 }, fillInterval: { seconds: 60 } },
      },
      {
        bucket: b,
        ttl: 10,
        tokenBucket: { maxTokens: 20, tokensPerFill: { value: 20 }, fillInterval: { seconds: 60 } },
      },
    ]);
    writeFileSync(ruleFile, rules(30, false));
    // No report: the reload alone brings the new limit and the abandon.
    expect(actionsOf(await call.next())).toEqual([
      {
        bucket: a,
        ttl: 10,
        tokenBucket: { maxTokens: 30, tokensPerFill: { value: 30 }, fillInterval: { seconds: 60 } },
      },
      { bucket: b, abandon: true },
    ]);
    // Envoy starts the abandoned bucket anew: it now has no rule.
    call.send({ bucketQuotaUsages: [usage(b, 1)] });
    expect(actionsOf(await call.next())).toEqual([
      { bucket: b, ttl: 10, blanketRule: 'ALLOW_ALL' },
    ]);
    expect((await call.finish()).code).toBe(grpc.status.OK);
  });
});

describe('stream limits', () => {
  it('ends a stream asking for more buckets than RLQS_MAX_BUCKETS_PER_STREAM', async () => {
    const call = new QuotaCall(client());
    const buckets = Array.from({ length: MAX_BUCKETS }, (_, i) => usage({ tenant: `t${i}` }, 0));
    call.send({ domain: 'streams', bucketQuotaUsages: buckets });
    expect(actionsOf(await call.next())).toHaveLength(MAX_BUCKETS);
    // Buckets it already holds are no new ones; one more is.
    call.send({ bucketQuotaUsages: [...buckets, usage({ tenant: 'one-more' }, 0)] });
    const status = await statusOf(call);
    expect(status.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(status.details).toBe(
      `a quota stream holds at most ${MAX_BUCKETS} buckets (RLQS_MAX_BUCKETS_PER_STREAM)`,
    );
  });

  it('ends a stream whose report is larger than RLQS_MAX_MESSAGE_SIZE', async () => {
    const call = new QuotaCall(client());
    call.send({ domain: 'streams', bucketQuotaUsages: [usage({ tenant: 'x'.repeat(4000) }, 1)] });
    const status = await statusOf(call);
    expect(status.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(status.details).toMatch(
      new RegExp(`^a usage report is at most ${MAX_MESSAGE} bytes \\(RLQS_MAX_MESSAGE_SIZE\\)`),
    );
  });

  it('ends a stream that sends bytes that are no usage report', async () => {
    const raw = rawClient() as unknown as Record<
      string,
      () => grpc.ClientDuplexStream<Buffer, Buffer>
    >;
    const stream = raw.StreamRateLimitQuotas.call(raw);
    stream.on('data', () => undefined);
    stream.on('error', () => undefined);
    const status = new Promise<grpc.StatusObject>((resolve) => stream.on('status', resolve));
    // Field 2, length-delimited, claiming 100 bytes it does not have.
    stream.write(Buffer.from([0x12, 100, 1, 2, 3]));
    expect((await status).code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await status).details).toMatch(/^not a RateLimitQuotaUsageReports message: /);
  });

  it('ends a stream whose client stops reading its assignments, and lets go of it', async () => {
    const call = new QuotaCall(client());
    call.send({ domain: 'streams', bucketQuotaUsages: [usage({ path: '/unread' }, 0)] });
    await call.next();
    call.stream.pause();
    // Each report is answered; unread answers fill HTTP/2's window, then the server's buffer.
    const report = { bucketQuotaUsages: [usage({ path: '/unread' }, 1)] };
    for (let i = 0; i < 5000 && call.status === undefined; i++) {
      if (!call.stream.write(report)) {
        await new Promise<void>((resolve) => call.stream.once('drain', resolve));
      }
    }
    await eventually('the server to let go of the stream', async () => {
      const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
      return /^ratelimit\.rlqs\.active_streams: 0$/m.test(stats) ? true : undefined;
    });
    call.stream.resume();
    const status = await statusOf(call);
    expect(status.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(status.details).toBe(
      'the client does not read its quota assignments; the stream is ended',
    );
  });

  it('refuses one stream more than RLQS_MAX_STREAMS, and serves again once one ends', async () => {
    const open: QuotaCall[] = [];
    for (let i = 0; i < MAX_STREAMS; i++) {
      const call = new QuotaCall(client());
      call.send({ domain: 'streams', bucketQuotaUsages: [usage({ tenant: 'a' }, 0)] });
      await call.next();
      open.push(call);
    }
    const refused = new QuotaCall(client());
    refused.send({ domain: 'streams', bucketQuotaUsages: [usage({ tenant: 'a' }, 0)] });
    const status = await statusOf(refused);
    expect(status.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(status.details).toBe(
      `this process serves at most ${MAX_STREAMS} quota streams (RLQS_MAX_STREAMS)`,
    );
    await open.pop()!.finish();
    const next = new QuotaCall(client());
    next.send({ domain: 'streams', bucketQuotaUsages: [usage({ tenant: 'a' }, 0)] });
    expect(actionsOf(await next.next())[0]).toMatchObject({ bucket: { tenant: 'a' } });
    for (const call of [...open, next]) await call.finish();
  });
});

describe('SIGTERM', () => {
  it('sends every assignment again with a time to live of 0, ends the streams and stops', async () => {
    const calls = [new QuotaCall(client()), new QuotaCall(client())];
    const buckets: Record<string, string>[] = [{ tenant: 'a', envoy: '1' }, { tenant: 'unruled' }];
    for (const [i, call] of calls.entries()) {
      call.send({ domain: 'streams', bucketQuotaUsages: [usage(buckets[i], 1)] });
      await call.next();
    }
    const stopped = service.stop('SIGTERM');
    for (const [i, call] of calls.entries()) {
      const final = actionsOf(await call.next()) as (Json & { ttl: number })[];
      expect(final).toHaveLength(1);
      expect(final[0]).toMatchObject({ bucket: buckets[i], ttl: 0 });
      expect((await statusOf(call)).code).toBe(grpc.status.OK);
    }
    // The streams did not hold the stop until SHUTDOWN_TIMEOUT (which exits with code 1).
    expect(await stopped).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
