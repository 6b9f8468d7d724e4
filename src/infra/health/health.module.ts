import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthState } from './health-state';
import { HealthCheckController } from './health-check.controller';
import { ServiceHealthService } from './service-health.service';

/** Shared health components; `/healthcheck` answers from them through terminus. */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthCheckController],
  providers: [HealthState, ServiceHealthService],
  exports: [HealthState, ServiceHealthService],
})
export class HealthModule {}
