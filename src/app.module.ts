import { DynamicModule, Module, Type } from '@nestjs/common';
import { ClockModule } from './infra/clock/clock.module';
import { HealthModule } from './infra/health/health.module';
import { LifecycleModule } from './infra/lifecycle/lifecycle.module';
import { LoggingModule } from './infra/logging/logging.module';
import { StatsExportModule } from './infra/stats/stats-export.module';
import { StatsModule } from './infra/stats/stats.module';
import { TracingModule } from './infra/tracing/tracing.module';
import { Settings } from './settings/settings';
import { LoadedSettings } from './settings/settings.module';

/**
 * The domain modules MODULES selects. Each is loaded with a dynamic import, so a process that
 * serves only some domains never even requires the others (no PGlite, GraphQL or identity code in
 * a `MODULES=ratelimit` process).
 */
async function domainModules(settings: Settings): Promise<Type[]> {
  const enabled = new Set(settings.modules.enabled);
  const modules: Type[] = [];
  if (enabled.has('ratelimit')) {
    modules.push((await import('./infra/counters/counters.module')).CountersModule);
    modules.push((await import('./ratelimit/ratelimit.module')).RateLimitModule);
    // The guard's statistics exist (at 0) whenever it could run, as before MODULES.
    if (enabled.has('content') || enabled.has('teams')) {
      modules.push((await import('./api-guard/api-guard.module')).ApiGuardModule);
    }
  }
  if (enabled.has('content') || enabled.has('teams')) {
    modules.push((await import('./identity/identity.module')).IdentityModule);
  }
  if (enabled.has('teams')) {
    modules.push((await import('./teams/teams.module')).TeamsModule);
    modules.push((await import('./teams/openapi/openapi.module')).OpenApiModule);
  }
  if (enabled.has('content')) {
    modules.push((await import('./content/content.module')).ContentModule);
  }
  return modules;
}

@Module({})
export class AppModule {
  static async forRoot(loaded: LoadedSettings): Promise<DynamicModule> {
    return {
      module: AppModule,
      imports: [
        loaded.module,
        LoggingModule,
        ClockModule,
        StatsModule,
        StatsExportModule,
        TracingModule,
        HealthModule,
        LifecycleModule,
        ...(await domainModules(loaded.settings)),
      ],
    };
  }
}
