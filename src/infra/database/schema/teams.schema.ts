import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orgs, users } from './identity.schema';

/*
 * Teams, their members and their preferences. Team names are unique per org (exact string, as on
 * Grafana's PostgreSQL); the database constraint decides races between concurrent creates.
 */

export const teams = pgTable(
  'teams',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').notNull(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    externalUid: text('external_uid').notNull().default(''),
    isProvisioned: boolean('is_provisioned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Changes with every write to the team, its members or groups (migration 0005 triggers). */
    resourceVersion: bigint('resource_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('team_resource_versions')`),
    /** The `/apis` object's own labels and annotations (string values). */
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    annotations: jsonb('annotations').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    unique('teams_org_name_key').on(t.orgId, t.name),
    unique('teams_org_uid_key').on(t.orgId, t.uid),
  ],
);

/** Team member permission: 0 Member, 4 Admin (Grafana's numbers). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    permission: smallint('permission').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'team_members_pkey', columns: [t.teamId, t.userId] }),
    index('team_members_user_id_idx').on(t.userId),
    check('team_members_permission_check', sql`${t.permission} in (0, 4)`),
  ],
);

/** The JSON part of a team's preferences (Grafana keeps the same fields in `json_data`). */
export interface TeamPreferencesJson {
  language?: string;
  regionalFormat?: string;
  queryHistory?: { homeTab: string };
  navbar?: { bookmarkUrls: string[] };
  cookiePreferences?: Record<string, Record<string, never>>;
}

/** One row per team that has stored preferences; a PUT replaces the row. */
export const teamPreferences = pgTable('team_preferences', {
  teamId: bigint('team_id', { mode: 'number' })
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  orgId: bigint('org_id', { mode: 'number' })
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull().default(''),
  /** Kept as sent (deprecated field); never returned, as no dashboard can resolve it here. */
  homeDashboardId: bigint('home_dashboard_id', { mode: 'number' }).notNull().default(0),
  timezone: text('timezone').notNull().default(''),
  weekStart: text('week_start').notNull().default(''),
  jsonData: jsonb('json_data').$type<TeamPreferencesJson>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Team sync groups (Grafana Enterprise's external groups): stored mappings, nothing synced. */
export const teamGroups = pgTable(
  'team_groups',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'team_groups_pkey', columns: [t.teamId, t.groupId] })],
);
