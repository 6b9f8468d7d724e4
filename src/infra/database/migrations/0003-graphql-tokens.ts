import { Migration } from './migration';

/**
 * GraphQL access tokens (Craft's GqlToken). Only the SHA-256 of a token is stored: the token is
 * shown once, when it is created. The schema is referenced by the content model's uid (schemas
 * live in the project-config YAML, not in a table), so a token outlives a schema that comes back.
 */
export const GRAPHQL_TOKENS: Migration = {
  id: '0003',
  name: 'graphql_tokens',
  statements: [
    `CREATE TABLE graphql_tokens (
      id bigserial PRIMARY KEY,
      uid text NOT NULL,
      name text NOT NULL,
      schema_uid text NOT NULL,
      token_hash text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      expiry_date timestamptz,
      last_used timestamptz,
      date_created timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT graphql_tokens_uid_key UNIQUE (uid),
      CONSTRAINT graphql_tokens_name_key UNIQUE (name),
      CONSTRAINT graphql_tokens_token_hash_key UNIQUE (token_hash)
    )`,
  ],
};
