import { Provider } from '@nestjs/common';
import { ApiGuardRoutes } from './api-guard.routes';
import { ApiRateLimiter } from './api-rate-limiter';

/** Rate limiting the GraphQL and teams APIs in process (API_RATE_LIMIT_DOMAIN). */
export const API_GUARD_PROVIDERS: Provider[] = [ApiRateLimiter, ApiGuardRoutes];
