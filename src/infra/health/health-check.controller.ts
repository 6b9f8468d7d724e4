import { All, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ServiceHealthService } from './service-health.service';

/**
 * `/healthcheck` on the main HTTP listener, any method: 200 `OK` when every component is healthy
 * (as upstream), else 500 with the report naming the unhealthy components. A healthy
 * service with a degraded component (a counter store answered by KVSTORE_FAILURE_MODE) answers 200
 * with the report, which says why under the component's `degraded`.
 */
@Controller()
export class HealthCheckController {
  constructor(private readonly health: ServiceHealthService) {}

  @All('healthcheck')
  async healthcheck(@Res() reply: FastifyReply): Promise<void> {
    const result = this.health.check();
    if (result.status === 'ok') {
      if (this.health.degraded()) {
        await reply.status(200).type('application/json; charset=utf-8').send(result);
        return;
      }
      await reply.status(200).type('text/plain; charset=utf-8').send('OK');
      return;
    }
    await reply.status(500).type('application/json; charset=utf-8').send(result);
  }
}
