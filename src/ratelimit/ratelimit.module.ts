import { Module } from '@nestjs/common';
import { RuleConfigHolder } from './config/rule-config.holder';
import { RuleLoaderService } from './config/rule-loader.service';
import { FileRuleSource } from './config-sources/file-rule-source';
import { DebugServer } from './debug/debug-server';
import { RateLimitService } from './limiter/rate-limit.service';
import { RuleStatsFactory } from './stats/rule-stats';
import { ServiceStats } from './stats/service-stats';
import { HealthGrpcController } from './transport/grpc/health.grpc-controller';
import { RateLimitGrpcController } from './transport/grpc/rate-limit.grpc-controller';
import { JsonController } from './transport/http/json.controller';

/** The Envoy-compatible rate limit decision service: rules, limiter, gRPC and /json, debug listener. */
@Module({
  controllers: [RateLimitGrpcController, HealthGrpcController, JsonController],
  providers: [
    RateLimitService,
    RuleConfigHolder,
    RuleLoaderService,
    FileRuleSource,
    RuleStatsFactory,
    ServiceStats,
    DebugServer,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
