import { Migration } from './migration';

/**
 * What the Kubernetes-style teams resource (`/apis/iam.grafana.app`) needs beside the `/api`
 * data: a resource version per team, the object's labels and annotations, and the team sync
 * groups (`spec.externalGroups`, `/api/teams/:id/groups`).
 *
 * The resource version comes from one sequence and changes on every write to a team's row; a
 * write to its members or groups touches the row (triggers), so whichever API changes a team, its
 * version changes in the same transaction and optimistic concurrency cannot miss it.
 */
export const TEAM_RESOURCES: Migration = {
  id: '0005',
  name: 'team_resources',
  statements: [
    `CREATE SEQUENCE team_resource_versions`,
    `ALTER TABLE teams ADD COLUMN resource_version bigint NOT NULL DEFAULT nextval('team_resource_versions')`,
    `ALTER TABLE teams ADD COLUMN labels jsonb NOT NULL DEFAULT '{}'::jsonb`,
    `ALTER TABLE teams ADD COLUMN annotations jsonb NOT NULL DEFAULT '{}'::jsonb`,
    `CREATE TABLE team_groups (
      team_id bigint NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      group_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT team_groups_pkey PRIMARY KEY (team_id, group_id)
    )`,
    `CREATE FUNCTION teams_next_resource_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.resource_version := nextval('team_resource_versions');
      RETURN NEW;
    END
    $$`,
    `CREATE TRIGGER teams_resource_version BEFORE UPDATE ON teams
      FOR EACH ROW EXECUTE FUNCTION teams_next_resource_version()`,
    `CREATE FUNCTION team_children_touch_team() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE teams SET updated_at = now() WHERE id = OLD.team_id;
      ELSE
        UPDATE teams SET updated_at = now() WHERE id = NEW.team_id;
      END IF;
      RETURN NULL;
    END
    $$`,
    `CREATE TRIGGER team_members_touch_team AFTER INSERT OR UPDATE OR DELETE ON team_members
      FOR EACH ROW EXECUTE FUNCTION team_children_touch_team()`,
    `CREATE TRIGGER team_groups_touch_team AFTER INSERT OR UPDATE OR DELETE ON team_groups
      FOR EACH ROW EXECUTE FUNCTION team_children_touch_team()`,
  ],
};
