import { Module } from '@nestjs/common';
import { Database } from '../infra/database/database';
import { DatabaseModule } from '../infra/database/database.module';
import { RateLimitModule } from '../ratelimit';
import { Settings } from '../settings/settings';
import { ApiGuardKey, loadApiGuardKey } from './guard-key';
import { ApiGuardRoutes } from './api-guard.routes';
import { ApiRateLimiter } from './rate-limiter';

/**
 * Rate limiting the GraphQL and teams APIs in process (API_RATE_LIMIT_DOMAIN): decisions come from
 * the rate limit service; the callers are told apart with the content and identity token formats.
 * Loaded when the ratelimit module and an API it can protect run; idle while the domain is empty.
 */
@Module({
  imports: [RateLimitModule, DatabaseModule],
  providers: [
    ApiRateLimiter,
    ApiGuardRoutes,
    { provide: ApiGuardKey, inject: [Settings, Database], useFactory: loadApiGuardKey },
  ],
})
export class ApiGuardModule {}
