import type { SchemaRequestHeaders } from './schema-request-headers';

/**
 * The headers schema selection reads, from Node's raw header list: Node keeps only the first of
 * repeated `Authorization` headers in `request.headers`, while Craft examines every one.
 */
export function schemaRequestHeaders(rawHeaders: readonly string[]): SchemaRequestHeaders {
  const authorization = values(rawHeaders, 'authorization');
  const craftAuthorization = values(rawHeaders, 'x-craft-authorization');
  const gqlSchema = values(rawHeaders, 'x-craft-gql-schema');
  const gqlCache = values(rawHeaders, 'x-craft-gql-cache');
  return {
    authorization,
    craftAuthorization: craftAuthorization.length > 0 ? craftAuthorization : undefined,
    gqlSchema: gqlSchema.length > 0 ? gqlSchema.join(', ') : undefined,
    gqlCache: gqlCache.length > 0 ? gqlCache.join(', ') : undefined,
  };
}

/** Values of one header, in order; `rawHeaders` alternates names and values. */
function values(rawHeaders: readonly string[], name: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === name) found.push(rawHeaders[i + 1]);
  }
  return found;
}
