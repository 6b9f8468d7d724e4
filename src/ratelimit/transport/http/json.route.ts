import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DecisionTracer } from '../../../infra/tracing/decision-tracer';
import { httpHeadersGetter } from '../../../infra/tracing/trace-carriers';
import { Tracing } from '../../../infra/tracing/tracing';
import {
  Code,
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitResponse,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { RateLimitService } from '../../limiter/rate-limit.service';
import { decodeJsonRequest } from './json-request.decoder';
import { encodeJsonResponse } from './json-response.encoder';

const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * `/json`, any method (as upstream): 200 when nothing is over limit, 429 otherwise. Errors are
 * JSON `{"message"}`: 400 for a bad request, 503 when no decision can be made.
 *
 * A plain Fastify route rather than a Nest controller: a decision needs none of Nest's
 * per-request pipeline (execution context, guards, interceptors, pipes), and this is a hot path.
 */
@Injectable()
export class JsonRoute implements OnModuleInit {
  /** Undefined unless TRACING_ENABLED: decided once here, so an untraced call does no span work. */
  private readonly tracer: DecisionTracer | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rateLimit: RateLimitService,
    tracing: Tracing,
  ) {
    this.tracer = tracing.decisions;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.route({
      method: [...ANY_METHOD],
      url: '/json',
      handler: (request, reply) => this.handle(request, reply),
    });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const decision = decodeJsonRequest(request.body);
      const response =
        this.tracer === undefined
          ? await this.rateLimit.shouldRateLimit(decision)
          : await this.traced(this.tracer, decision, request);
      return reply
        .status(response.overallCode === Code.OVER_LIMIT ? 429 : 200)
        .send(encodeJsonResponse(response));
    } catch (error) {
      if (error instanceof InvalidRateLimitRequestError)
        return reply.status(400).send({ message: error.message });
      if (error instanceof RateLimitUnavailableError)
        return reply.status(503).send({ message: error.message });
      throw error;
    }
  }

  private traced(
    tracer: DecisionTracer,
    decision: RateLimitRequest,
    request: FastifyRequest,
  ): Promise<RateLimitResponse> {
    return tracer.trace(
      request.headers,
      httpHeadersGetter,
      {
        'ratelimit.transport': 'http',
        'ratelimit.domain': decision.domain,
        'ratelimit.descriptor_count': decision.descriptors.length,
      },
      () => this.rateLimit.shouldRateLimit(decision),
      (response) => ({ 'ratelimit.overall_code': Code[response.overallCode] }),
    );
  }
}
