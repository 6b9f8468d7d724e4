import { parseList } from './setting-parsers';

/*
 * The values of the API_RATE_LIMIT_* settings. Imported by the settings schema: this file must not
 * import anything that reads Settings.
 */

/**
 * The APIs the rate limit domain can protect in process, also the value of the `api` descriptor
 * entry: `graphql` (GRAPHQL_PATH and `/api` exactly), `teams` (the REST API under `/api/`).
 */
export const PROTECTED_APIS = ['graphql', 'teams'] as const;
export type ProtectedApi = (typeof PROTECTED_APIS)[number];

/** API_RATE_LIMIT_ROUTES: a comma list of API names, each once. */
export function parseProtectedApis(raw: string): ProtectedApi[] {
  const fail = (): never => {
    throw new Error(`allowed values: a comma list of ${PROTECTED_APIS.join(', ')}`);
  };
  const names = parseList(raw.toLowerCase());
  if (names.length === 0) fail();
  const apis: ProtectedApi[] = [];
  for (const name of names) {
    const api = PROTECTED_APIS.find((candidate) => candidate === name) ?? fail();
    if (!apis.includes(api)) apis.push(api);
  }
  return apis;
}

/**
 * API_RATE_LIMIT_HEADERS: `draft` writes the IETF draft's `RateLimit-Limit`, `-Remaining` and
 * `-Reset` (the names and choice of LIMIT_RESPONSE_HEADERS_ENABLED), `envoy` the `X-RateLimit-*`
 * headers of Envoy's rate limit filter with `enable_x_ratelimit_headers: DRAFT_VERSION_03`.
 */
export const API_LIMIT_HEADER_MODES = ['draft', 'envoy', 'both', 'none'] as const;
export type ApiLimitHeaderMode = (typeof API_LIMIT_HEADER_MODES)[number];
