import { Module } from '@nestjs/common';
import { RuleConfigHolder } from './config/rule-config.holder';
import { RuleLoaderService } from './config/rule-loader.service';
import { FileRuleSource } from './config-sources/file-rule-source';
import { RuleSource } from './config-sources/rule-source';
import { XdsRuleSource } from './config-sources/xds/xds-rule-source';
import { StatsRegistry } from '../infra/stats/registry';
import { Settings } from '../settings/settings';
import { DebugServer } from './debug/debug-server';
import { RateLimitService } from './limiter/rate-limit.service';
import { RuleStatsFactory } from './stats/rule-stats';
import { ServiceStats } from './stats/service-stats';
import { HealthGrpcController } from './transport/grpc/health.grpc-controller';
import { RateLimitGrpcController } from './transport/grpc/rate-limit.grpc-controller';
import { RateLimitGrpcHandler } from './transport/grpc/rate-limit.grpc-handler';
import { RateLimitQuotaService } from './quota/rate-limit-quota.service';
import { JsonRoute } from './transport/http/json.route';
import { ConsoleAccounting } from './console/console-accounting';
import { ConsoleRoutes } from './console/console-routes';
import { CounterInspector } from './console/counter-inspector';
import { DryRunService } from './console/dry-run';
import { DecisionObserver } from './limiter/decision-observer';

/** The Envoy-compatible rate limit decision service: rules, limiter, gRPC and /json, debug listener. */
@Module({
  controllers: [RateLimitGrpcController, HealthGrpcController],
  providers: [
    RateLimitService,
    RuleConfigHolder,
    RuleLoaderService,
    {
      provide: RuleSource,
      inject: [Settings, RuleLoaderService],
      useFactory: (settings: Settings, loader: RuleLoaderService): RuleSource => {
        if (settings.rules.configType === 'GRPC_XDS_SOTW') {
          return new XdsRuleSource(settings, loader);
        }
        return new FileRuleSource(settings, loader);
      },
    },
    {
      provide: RuleStatsFactory,
      inject: [StatsRegistry, Settings],
      useFactory: (registry: StatsRegistry, settings: Settings) =>
        new RuleStatsFactory(registry, settings.stats.maxKeys),
    },
    ServiceStats,
    DebugServer,
    ConsoleAccounting,
    ConsoleRoutes,
    CounterInspector,
    DryRunService,
    {
      // The console's top callers, only while its accounting is on (null: the limiter has none).
      provide: DecisionObserver,
      inject: [ConsoleAccounting],
      useFactory: (accounting: ConsoleAccounting) => accounting.callers ?? null,
    },
    JsonRoute,
    RateLimitGrpcHandler,
    RateLimitQuotaService,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
