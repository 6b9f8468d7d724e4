import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The identity store: organisations, users (service accounts are users with a flag, as in Grafana),
 * org memberships with their role, and service account tokens. Shared by the teams API and, later,
 * the content API. Must match migrations/0001-identity-and-teams.ts (a unit test compares them).
 */

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const orgs = pgTable(
  'orgs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('orgs_name_key').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** `$scrypt$ln=..,r=..,p=..$salt$hash`; null for service accounts, which cannot sign in. */
    passwordHash: text('password_hash'),
    isGrafanaAdmin: boolean('is_grafana_admin').notNull().default(false),
    isServiceAccount: boolean('is_service_account').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** The org used when a request names none (Grafana's "current org"). */
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_uid_key').on(t.uid),
    // Logins and emails are unique regardless of case, as Grafana's lookups are.
    uniqueIndex('users_login_lower_key').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const ORG_ROLES = ['Viewer', 'Editor', 'Admin', 'None'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const orgUsers = pgTable(
  'org_users',
  {
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrgRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'org_users_pkey', columns: [t.orgId, t.userId] }),
    index('org_users_user_id_idx').on(t.userId),
    check('org_users_role_check', sql`${t.role} in ('Viewer', 'Editor', 'Admin', 'None')`),
  ],
);

export const serviceAccountTokens = pgTable(
  'service_account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    serviceAccountId: bigint('service_account_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole token: the secret itself is never stored. */
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('service_account_tokens_key_hash_key').on(t.keyHash),
    unique('service_account_tokens_org_name_key').on(t.orgId, t.name),
    index('service_account_tokens_sa_idx').on(t.serviceAccountId),
  ],
);
