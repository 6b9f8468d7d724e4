import { Global, Module } from '@nestjs/common';
import { HealthState } from './health-state';
import { HealthCheckController } from './health-check.controller';
import { ServiceHealthService } from './service-health.service';

/** Shared health components; `/healthcheck` answers from them. */
@Global()
@Module({
  controllers: [HealthCheckController],
  providers: [HealthState, ServiceHealthService],
  exports: [HealthState, ServiceHealthService],
})
export class HealthModule {}
