import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Code,
  InvalidRateLimitRequestError,
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
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rateLimit: RateLimitService,
  ) {}

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
      const response = await this.rateLimit.shouldRateLimit(decodeJsonRequest(request.body));
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
}
