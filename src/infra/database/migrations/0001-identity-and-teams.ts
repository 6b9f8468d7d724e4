import { Migration } from './migration';

/** Orgs, users, org memberships, service account tokens, teams, members, preferences; org 1. */
export const IDENTITY_AND_TEAMS: Migration = {
  id: '0001',
  name: 'identity_and_teams',
  statements: [
    `CREATE TABLE orgs (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT orgs_name_key UNIQUE (name)
    )`,
    `CREATE TABLE users (
      id bigserial PRIMARY KEY,
      uid text NOT NULL,
      login text NOT NULL,
      email text NOT NULL,
      name text NOT NULL DEFAULT '',
      password_hash text,
      is_grafana_admin boolean NOT NULL DEFAULT false,
      is_service_account boolean NOT NULL DEFAULT false,
      is_disabled boolean NOT NULL DEFAULT false,
      org_id bigint NOT NULL REFERENCES orgs (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_uid_key UNIQUE (uid)
    )`,
    `CREATE UNIQUE INDEX users_login_lower_key ON users (lower(login))`,
    `CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`,
    `CREATE TABLE org_users (
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT org_users_pkey PRIMARY KEY (org_id, user_id),
      CONSTRAINT org_users_role_check CHECK (role IN ('Viewer', 'Editor', 'Admin', 'None'))
    )`,
    `CREATE INDEX org_users_user_id_idx ON org_users (user_id)`,
    `CREATE TABLE service_account_tokens (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      service_account_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      key_hash text NOT NULL,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT service_account_tokens_key_hash_key UNIQUE (key_hash),
      CONSTRAINT service_account_tokens_org_name_key UNIQUE (org_id, name)
    )`,
    `CREATE INDEX service_account_tokens_sa_idx ON service_account_tokens (service_account_id)`,
    `CREATE TABLE teams (
      id bigserial PRIMARY KEY,
      uid text NOT NULL,
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name text NOT NULL,
      email text NOT NULL DEFAULT '',
      external_uid text NOT NULL DEFAULT '',
      is_provisioned boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT teams_org_name_key UNIQUE (org_id, name),
      CONSTRAINT teams_org_uid_key UNIQUE (org_id, uid)
    )`,
    `CREATE TABLE team_members (
      team_id bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      permission smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT team_members_pkey PRIMARY KEY (team_id, user_id),
      CONSTRAINT team_members_permission_check CHECK (permission IN (0, 4))
    )`,
    `CREATE INDEX team_members_user_id_idx ON team_members (user_id)`,
    `CREATE TABLE team_preferences (
      team_id bigint PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      theme text NOT NULL DEFAULT '',
      home_dashboard_id bigint NOT NULL DEFAULT 0,
      timezone text NOT NULL DEFAULT '',
      week_start text NOT NULL DEFAULT '',
      json_data jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Org 1 always exists (Grafana's "Main Org."); the sequence continues after it.
    `INSERT INTO orgs (id, name) VALUES (1, 'Main Org.')`,
    `SELECT setval(pg_get_serial_sequence('orgs', 'id'), 1)`,
  ],
};
