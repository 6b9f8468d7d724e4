import { All, Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  Code,
  InvalidRateLimitRequestError,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { RateLimitService } from '../../limiter/rate-limit.service';
import { decodeJsonRequest } from './json-request.decoder';
import { encodeJsonResponse } from './json-response.encoder';

/**
 * `/json`, any method (as upstream): 200 when nothing is over limit, 429 otherwise. Errors are
 * JSON `{"message"}`: 400 for a bad request, 503 when no decision can be made.
 */
@Controller()
export class JsonController {
  constructor(private readonly rateLimit: RateLimitService) {}

  @All('json')
  async shouldRateLimit(@Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    let status: number;
    let payload: unknown;
    try {
      const response = await this.rateLimit.shouldRateLimit(decodeJsonRequest(body));
      status = response.overallCode === Code.OVER_LIMIT ? 429 : 200;
      payload = encodeJsonResponse(response);
    } catch (error) {
      if (error instanceof InvalidRateLimitRequestError) status = 400;
      else if (error instanceof RateLimitUnavailableError) status = 503;
      else throw error;
      payload = { message: error.message };
    }
    await reply.status(status).send(payload);
  }
}
