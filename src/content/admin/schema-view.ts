import type { GqlSchemaDefinition } from '../model/content-model';

/** A GraphQL schema of the content model as the admin API and command show it. */
export interface SchemaView {
  readonly uid: string;
  readonly handle: string;
  readonly name: string;
  readonly public: boolean;
  readonly enabled: boolean;
  readonly expiryDate: string | null;
  /** Enabled and not expired now: requests may use it (tokens also need to be valid). */
  readonly usable: boolean;
  /** Scope components as stored: items by uid (`sections.<uid>:read`). */
  readonly scope: readonly string[];
  /** Tokens granting this schema (the public schema needs none). */
  readonly tokens: number;
}

export function schemaView(
  schema: GqlSchemaDefinition,
  tokens: number,
  usable: boolean,
): SchemaView {
  return {
    uid: schema.uid,
    handle: schema.handle,
    name: schema.name,
    public: schema.isPublic,
    enabled: schema.enabled,
    expiryDate: schema.expiryDate?.toISOString() ?? null,
    usable,
    scope: schema.scope,
    tokens,
  };
}
