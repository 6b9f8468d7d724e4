import { Metadata } from '@grpc/grpc-js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { loadSettings } from '../../settings/settings.loader';
import { DECISION_SPAN_NAME, DecisionTracer } from './decision-tracer';
import { grpcMetadataGetter, httpHeadersGetter } from './trace-carriers';
import { createTracing } from './tracing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

function setUp(rate = 1) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(rate) }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const tracer = new DecisionTracer(provider.getTracer('test'), new W3CTraceContextPropagator());
  return { exporter, tracer };
}

describe('DecisionTracer', () => {
  it('makes one span per decision with domain, descriptor count and overall code', async () => {
    const { exporter, tracer } = setUp();
    const result = await tracer.trace(
      {},
      httpHeadersGetter,
      { 'ratelimit.domain': 'd', 'ratelimit.descriptor_count': 2 },
      () => Promise.resolve('OVER_LIMIT'),
      (code) => ({ 'ratelimit.overall_code': code }),
    );
    expect(result).toBe('OVER_LIMIT');
    const [span] = exporter.getFinishedSpans();
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expect(span.name).toBe(DECISION_SPAN_NAME);
    expect(span.name).toBe('ShouldRateLimit Execution');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.attributes).toEqual({
      'ratelimit.domain': 'd',
      'ratelimit.descriptor_count': 2,
      'ratelimit.overall_code': 'OVER_LIMIT',
    });
    expect(span.parentSpanContext).toBeUndefined();
  });

  it('continues the trace of an incoming gRPC traceparent', async () => {
    const { exporter, tracer } = setUp();
    const metadata = new Metadata();
    metadata.set('traceparent', `00-${TRACE_ID}-${PARENT_ID}-01`);
    await tracer.trace(
      metadata,
      grpcMetadataGetter,
      {},
      () => Promise.resolve(1),
      () => ({}),
    );
    const [span] = exporter.getFinishedSpans();
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_ID);
  });

  it('follows the parent sampling decision: an unsampled caller gives no exported span', async () => {
    const { exporter, tracer } = setUp();
    await tracer.trace(
      { traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` },
      httpHeadersGetter,
      {},
      () => Promise.resolve(1),
      () => ({}),
    );
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('samples root spans at TRACING_SAMPLING_RATE', async () => {
    const { exporter, tracer } = setUp(0);
    await tracer.trace(
      {},
      httpHeadersGetter,
      {},
      () => Promise.resolve(1),
      () => ({}),
    );
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('marks a failed decision and rethrows', async () => {
    const { exporter, tracer } = setUp();
    await expect(
      tracer.trace(
        {},
        httpHeadersGetter,
        {},
        () => Promise.reject(new Error('no config')),
        () => ({}),
      ),
    ).rejects.toThrow('no config');
    const [span] = exporter.getFinishedSpans();
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'no config' });
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });
});

describe('createTracing', () => {
  it('builds nothing when tracing is off', async () => {
    const tracing = await createTracing(loadSettings({}));
    expect(tracing.decisions).toBeUndefined();
    await tracing.onApplicationShutdown();
  });

  it('builds a tracer when on, and shuts its provider down', async () => {
    const tracing = await createTracing(
      loadSettings({ TRACING_ENABLED: 'true', TRACING_EXPORTER_PROTOCOL: 'grpc' }),
    );
    expect(tracing.decisions).toBeInstanceOf(DecisionTracer);
    await tracing.onApplicationShutdown();
  });
});
