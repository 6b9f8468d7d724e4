import { API_LIMIT_HEADER_MODES, PROTECTED_APIS, parseProtectedApis } from '../api-guard.settings';
import { setting } from '../setting-definition';
import { NO_TRUSTED_PROXIES, TrustedProxies, parseTrustedProxies } from '../trusted-proxies';
import { choice, str } from './setting-builders';

/** The rate limits the service applies to its own content and Teams APIs. */
export const API_GUARD_SETTINGS = {
  apiRateLimit: {
    domain: str(
      'API_RATE_LIMIT_DOMAIN',
      'rate limit domain protecting the GraphQL and teams APIs in process (docs/api-rate-limits.md); empty: off',
    ),
    routes: setting('API_RATE_LIMIT_ROUTES', 'APIs the domain protects: graphql, teams', {
      default: [...PROTECTED_APIS],
      defaultText: PROTECTED_APIS.join(','),
      parse: parseProtectedApis,
    }),
    trustedProxies: setting<TrustedProxies>(
      'API_RATE_LIMIT_TRUSTED_PROXIES',
      'X-Forwarded-For for the client address: empty ignores it; a number of trusted proxy hops; or proxy addresses/CIDRs',
      { default: NO_TRUSTED_PROXIES, defaultText: '', parse: parseTrustedProxies },
    ),
    headers: choice(
      'API_RATE_LIMIT_HEADERS',
      'rate limit headers on API answers: draft (RateLimit-*), envoy (X-RateLimit-*), both or none',
      API_LIMIT_HEADER_MODES,
      'draft',
    ),
  },
} as const;
