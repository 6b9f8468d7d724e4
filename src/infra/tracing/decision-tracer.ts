import {
  Attributes,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TextMapGetter,
  TextMapPropagator,
  Tracer,
} from '@opentelemetry/api';

/** Upstream's span name (docs/observability.md#tracing: one span per decision). */
export const DECISION_SPAN_NAME = 'ShouldRateLimit Execution';

/**
 * One span per rate limit decision, child of the caller's W3C trace context when the request
 * carries one. Exists only when TRACING_ENABLED=true; callers hold `undefined` otherwise and never
 * reach this code.
 */
export class DecisionTracer {
  constructor(
    private readonly tracer: Tracer,
    private readonly propagator: TextMapPropagator,
  ) {}

  /**
   * Runs `decide` inside the span: `attributes` are known before (domain, descriptor count),
   * `outcome` reads the rest from the result; an error marks the span as failed and is rethrown.
   */
  async trace<Carrier, Result>(
    carrier: Carrier,
    getter: TextMapGetter<Carrier>,
    attributes: Attributes,
    decide: () => Promise<Result>,
    outcome: (result: Result) => Attributes,
  ): Promise<Result> {
    const parent = this.propagator.extract(ROOT_CONTEXT, carrier, getter);
    const span = this.tracer.startSpan(
      DECISION_SPAN_NAME,
      { kind: SpanKind.SERVER, attributes },
      parent,
    );
    try {
      const result = await decide();
      span.setAttributes(outcome(result));
      return result;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      span.recordException(failure);
      span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
      throw error;
    } finally {
      span.end();
    }
  }
}
