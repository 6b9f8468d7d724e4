import { DynamicModule, Module } from '@nestjs/common';
import { ClockModule } from './infra/clock/clock.module';
import { ContentModule } from './content/content.module';
import { CountersModule } from './infra/counters/counters.module';
import { HealthModule } from './infra/health/health.module';
import { IdentityModule } from './identity/identity.module';
import { LifecycleModule } from './infra/lifecycle/lifecycle.module';
import { LoggingModule } from './infra/logging/logging.module';
import { StatsExportModule } from './infra/stats/stats-export.module';
import { StatsModule } from './infra/stats/stats.module';
import { TracingModule } from './infra/tracing/tracing.module';
import { RateLimitModule } from './ratelimit/ratelimit.module';
import { Settings } from './settings/settings';
import { SettingsModule } from './settings/settings.module';
import { OpenApiModule } from './teams/openapi/openapi.module';
import { TeamsModule } from './teams/teams.module';

@Module({})
export class AppModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.forRoot(settings),
        LoggingModule,
        ClockModule,
        StatsModule,
        StatsExportModule,
        TracingModule,
        HealthModule,
        CountersModule,
        LifecycleModule,
        RateLimitModule,
        IdentityModule,
        TeamsModule,
        OpenApiModule,
        ContentModule,
      ],
    };
  }
}
