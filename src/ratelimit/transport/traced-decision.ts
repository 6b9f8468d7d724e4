import type { TextMapGetter } from '@opentelemetry/api';
import { DecisionTracer } from '../../infra/tracing/decision-tracer';
import { Code, RateLimitRequest, RateLimitResponse } from '../limiter/rate-limit.model';
import { DecisionCallback, RateLimitService } from '../limiter/rate-limit.service';

/**
 * A transport's decision, answered through `done`: straight to the limiter while tracing is off
 * (`tracer` undefined: no promise or span work per decision), else inside its span, whose parent
 * is read from `carrier`. Positional on purpose: nothing is allocated per untraced decision.
 */
export function decideFor<Carrier>(
  rateLimit: RateLimitService,
  tracer: DecisionTracer | undefined,
  decision: RateLimitRequest,
  done: DecisionCallback,
  transport: 'grpc' | 'http',
  carrier: Carrier,
  getter: TextMapGetter<Carrier>,
): void {
  if (tracer === undefined) {
    rateLimit.decide(decision, done);
    return;
  }
  tracedDecision(tracer, transport, carrier, getter, rateLimit, decision).then(
    (response) => done(null, response),
    (error: Error) => done(error),
  );
}

/**
 * A decision inside its span (TRACING_ENABLED), with the attributes every transport reports: the
 * one place they are written.
 */
function tracedDecision<Carrier>(
  tracer: DecisionTracer,
  transport: 'grpc' | 'http',
  carrier: Carrier,
  getter: TextMapGetter<Carrier>,
  rateLimit: RateLimitService,
  decision: RateLimitRequest,
): Promise<RateLimitResponse> {
  return tracer.trace(
    carrier,
    getter,
    {
      'ratelimit.transport': transport,
      'ratelimit.domain': decision.domain,
      'ratelimit.descriptor_count': decision.descriptors.length,
    },
    () => rateLimit.shouldRateLimit(decision),
    (response) => ({ 'ratelimit.overall_code': Code[response.overallCode] }),
  );
}
