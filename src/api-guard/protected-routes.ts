import { API_PATH } from '../infra/http/api-path';
import { ProtectedApi } from '../settings/api-guard.settings';

/**
 * Which API a route belongs to, by its URL pattern: the GraphQL endpoint's paths (GRAPHQL_PATH
 * and `/api` exactly) first, then the REST API under `/api/` (teams, users, orgs, service
 * accounts, content administration, and its not-found fallback). Undefined for every other route.
 */
export function protectedApiOf(url: string, graphqlPath: string): ProtectedApi | undefined {
  if (url === graphqlPath || url === API_PATH) return 'graphql';
  if (url.startsWith(`${API_PATH}/`)) return 'teams';
  return undefined;
}
