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
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { DecisionCallback, RateLimitService } from '../../limiter/rate-limit.service';
import { decideFor } from '../traced-decision';
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

  private handle(request: FastifyRequest, reply: FastifyReply): void {
    const done: DecisionCallback = (error, response) => {
      if (error === null) {
        void reply
          .status(response!.overallCode === Code.OVER_LIMIT ? 429 : 200)
          .send(encodeJsonResponse(response!));
      } else if (error instanceof InvalidRateLimitRequestError) {
        void reply.status(400).send({ message: error.message });
      } else if (error instanceof RateLimitUnavailableError) {
        void reply.status(503).send({ message: error.message });
      } else {
        void reply.send(error);
      }
    };
    let decision: RateLimitRequest;
    try {
      decision = decodeJsonRequest(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    decideFor(
      this.rateLimit,
      this.tracer,
      decision,
      done,
      'http',
      request.headers,
      httpHeadersGetter,
    );
  }
}
