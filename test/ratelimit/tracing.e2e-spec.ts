import * as grpc from '@grpc/grpc-js';
import { eventually } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { OtlpReceiver } from '../support/otlp-receiver';
import { ruleDirectory } from '../support/rule-dir';
import { startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/*
 * What the built service exports over OTLP, after a known sequence of decisions. Day-unit rules: one window holds the run.
 */

import { ALICE, callWithMetadata, postJson, RULES, WEB } from './observability.fixtures';

describe('tracing of the built service', () => {
  let receiver: OtlpReceiver;
  const rules = ruleDirectory({ 'obs.yaml': RULES });
  const TRACE_A = '4bf92f3577b34da6a3ce929d0e0e4736';
  const TRACE_B = '0af7651916cd43dd8448eb211c80319c';
  const PARENT = '00f067aa0ba902b7';

  beforeEach(async () => {
    receiver = await OtlpReceiver.start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  it('exports one span per decision over OTLP/HTTP, continuing incoming W3C trace context, flushed at shutdown', async () => {
    const service = await startService({
      ...rules,
      TRACING_ENABLED: 'true',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.tracesUrl,
      TRACING_SERVICE_NAME: 'ratelimit-e2e',
      TRACING_SERVICE_NAMESPACE: 'edge',
      TRACING_SERVICE_INSTANCE_ID: 'instance-7',
    });
    try {
      await withinOneWindow(86_400, 30);
      const client = rateLimitClient(service.grpcAddress);
      try {
        const metadata = new grpc.Metadata();
        metadata.set('traceparent', `00-${TRACE_A}-${PARENT}-01`);
        await callWithMetadata(client, 'ShouldRateLimit', ALICE, metadata);
        await unary(client, 'ShouldRateLimit', ALICE);
        await unary(client, 'ShouldRateLimit', ALICE);
        await expect(
          unary(client, 'ShouldRateLimit', { domain: '', descriptors: [] }),
        ).rejects.toThrow(/INVALID_ARGUMENT|domain must not be empty/);
      } finally {
        client.close();
      }
      const over = await postJson(service, ALICE, { traceparent: `00-${TRACE_B}-${PARENT}-01` });
      expect(over.status).toBe(429);
    } finally {
      // The batch processor's 5 s delay has not passed: the spans leave at shutdown.
      await service.stop();
    }
    await eventually('five spans', () => (receiver.spans.length >= 5 ? true : undefined), 10_000);
    expect(receiver.problems).toEqual([]);
    const spans = receiver.spans;
    expect(spans).toHaveLength(5);
    expect(new Set(spans.map((span) => span.name))).toEqual(new Set(['ShouldRateLimit Execution']));
    expect(spans[0].resource).toMatchObject({
      'service.name': 'ratelimit-e2e',
      'service.namespace': 'edge',
      'service.instance.id': 'instance-7',
    });
    const grpcChild = spans.find((span) => span.traceId === TRACE_A)!;
    expect(grpcChild.parentSpanId).toBe(PARENT);
    expect(grpcChild.attributes).toEqual({
      'ratelimit.transport': 'grpc',
      'ratelimit.domain': 'obs',
      'ratelimit.descriptor_count': 1,
      'ratelimit.overall_code': 'OK',
    });
    const httpChild = spans.find((span) => span.traceId === TRACE_B)!;
    expect(httpChild.parentSpanId).toBe(PARENT);
    expect(httpChild.attributes).toMatchObject({
      'ratelimit.transport': 'http',
      'ratelimit.overall_code': 'OVER_LIMIT',
    });
    const roots = spans.filter((span) => span.traceId !== TRACE_A && span.traceId !== TRACE_B);
    expect(roots).toHaveLength(3);
    expect(roots.every((span) => span.parentSpanId === '')).toBe(true);
    const failed = roots.filter((span) => span.statusCode === 2);
    expect(failed).toHaveLength(1);
    expect(failed[0].attributes['ratelimit.domain']).toBe('');
  });

  it('exports nothing when TRACING_ENABLED is not set', async () => {
    const service = await startService({
      ...rules,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.tracesUrl,
    });
    try {
      const client = rateLimitClient(service.grpcAddress);
      const metadata = new grpc.Metadata();
      metadata.set('traceparent', `00-${TRACE_A}-${PARENT}-01`);
      await callWithMetadata(client, 'ShouldRateLimit', ALICE, metadata);
      client.close();
      expect((await postJson(service, WEB)).status).toBe(200);
    } finally {
      await service.stop();
    }
    expect(receiver.spans).toEqual([]);
    expect(receiver.problems).toEqual([]);
  });
});
