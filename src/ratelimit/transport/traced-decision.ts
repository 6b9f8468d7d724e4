import type { TextMapGetter } from '@opentelemetry/api';
import { DecisionTracer } from '../../infra/tracing/decision-tracer';
import { Code, RateLimitRequest, RateLimitResponse } from '../limiter/rate-limit.model';
import { RateLimitService } from '../limiter/rate-limit.service';

/**
 * A decision inside its span (TRACING_ENABLED), with the attributes every transport reports: the
 * one place they are written.
 */
export function tracedDecision<Carrier>(
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
