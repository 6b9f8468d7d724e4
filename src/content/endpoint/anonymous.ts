import { PUBLIC_ACCESS_TOKEN } from '../../infra/http/craft-request/public-access-token';
import { findBearerToken } from '../../infra/http/craft-request/bearer-token';
import type { SchemaRequestHeaders } from '../../infra/http/craft-request/schema-request-headers';

/**
 * The one definition of an anonymous request (docs/architecture.md#one-answer-path): it presents no
 * credential that could choose a schema other than the public one. A credential is a Bearer token
 * other than `__PUBLIC__` (X-Craft-Authorization first, else Authorization, as the selector reads
 * them) or an admin's `X-Craft-Gql-Schema`. Anything else (`Authorization: x`, an empty header, a
 * Basic pair without `X-Craft-Gql-Schema`, `Bearer __PUBLIC__`) is anonymous: the selector answers
 * it with the public schema, so the allow-list (GRAPHQL_PERSISTED_QUERIES=only), the public caps
 * and the public body limit apply to it. A presented credential that turns out invalid is
 * refused by the selector before anything else, so it never runs a query.
 *
 * Used by the route's body limit (before the body is read), by the endpoint (allow-list,
 * persisted-query registration, caps, result cache) and by the early answers.
 */
export function isAnonymous(headers: SchemaRequestHeaders): boolean {
  if (headers.gqlSchema !== undefined) return false;
  const token = findBearerToken(headers.craftAuthorization ?? headers.authorization);
  return token === undefined || token === PUBLIC_ACCESS_TOKEN;
}
