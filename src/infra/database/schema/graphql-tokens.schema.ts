import { bigserial, boolean, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/*
 * GraphQL access tokens of the content API. Must match migrations/0003-graphql-tokens.ts (a unit
 * test compares them).
 */

export const graphqlTokens = pgTable(
  'graphql_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    /** The uid of a GraphQL schema of the content model. */
    schemaUid: text('schema_uid').notNull(),
    /** Hex SHA-256 of the access token. */
    tokenHash: text('token_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiryDate: timestamp('expiry_date', { withTimezone: true, mode: 'date' }),
    lastUsed: timestamp('last_used', { withTimezone: true, mode: 'date' }),
    dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    unique('graphql_tokens_uid_key').on(t.uid),
    unique('graphql_tokens_name_key').on(t.name),
    unique('graphql_tokens_token_hash_key').on(t.tokenHash),
  ],
);
