/**
 * What the API guard (src/api-guard) uses of the rate limiter: its module and service, the
 * decision's request and response shapes, and the rate limit headers. Files outside
 * src/ratelimit import it from here only, or from `testing.ts` in fixtures (eslint.config.mjs
 * `boundary`).
 */
export { RateLimitModule } from './ratelimit.module';
export { RateLimitService } from './limiter/rate-limit.service';
export { Code } from './limiter/rate-limit.model';
export type {
  DescriptorStatus,
  RateLimitRequest,
  RateLimitResponse,
  RequestDescriptor,
} from './limiter/rate-limit.model';
export { rateLimitHeaders } from './limiter/response-headers';
export { Unit, UNIT_SECONDS } from './rules/rate-limit-unit';
export type { Entry } from './rules/tree';
