import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GrafanaApi, Credentials } from '../support/grafana-api';
import { createPostgresDatabase, PostgresDatabase } from '../support/postgres-database';
import { ServiceProcess, startService } from '../support/service-process';

export type Backend = 'pglite' | 'postgres';

export interface TestUser {
  readonly id: number;
  readonly login: string;
  readonly email: string;
  readonly password: string;
  readonly auth: Credentials;
}

/**
 * One running service with a cast of users, shared by every test of a file (PGlite's first start
 * takes seconds). Tests create what they change under unique names, so they stay independent.
 */
export interface World {
  readonly backend: Backend;
  readonly service: ServiceProcess;
  /** As the bootstrapped admin (Grafana Admin, Admin of org 1). */
  readonly api: GrafanaApi;
  readonly admin: TestUser;
  readonly editor: TestUser;
  readonly viewer: TestUser;
  /** Viewer in the org, made Admin of teams by the tests that need one. */
  readonly teamAdmin: TestUser;
  /** Viewer in the org, made Member of teams by the tests that need one. */
  readonly teamMember: TestUser;
  /** Token of a service account with the Admin role, and of one with the Viewer role. */
  readonly adminToken: string;
  readonly viewerToken: string;
  readonly serviceAccountId: number;
  /** A second org, with `editor` as its Admin. */
  readonly otherOrgId: number;
  unique(prefix: string): string;
  stop(): Promise<void>;
}

export const ADMIN_PASSWORD = 'admin-secret';

let counter = 0;

export async function startWorld(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teams-e2e-'));
  let database: PostgresDatabase | undefined;
  if (backend === 'postgres') database = await createPostgresDatabase();
  const service = await startService({
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ADMIN_PASSWORD,
    HIDDEN_USERS: 'hidden-user',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const admin: TestUser = {
    id: 1,
    login: 'admin',
    email: 'admin@localhost',
    password: ADMIN_PASSWORD,
    auth: { basic: ['admin', ADMIN_PASSWORD] },
  };
  const api = new GrafanaApi(service.httpUrl, admin.auth);
  const tag = `${process.pid}${counter++}`;
  const user = async (name: string, role: string): Promise<TestUser> => {
    const login = `${name}-${tag}`;
    const email = `${login}@example.com`;
    const password = `${name}-password`;
    const created = await api.post<{ id: number }>('/api/admin/users', {
      name,
      login,
      email,
      password,
    });
    if (created.status !== 200) throw new Error(`cannot create ${login}: ${created.text}`);
    if (role !== 'Viewer') {
      const changed = await api.patch(`/api/org/users/${created.body.id}`, { role });
      if (changed.status !== 200) throw new Error(`cannot make ${login} ${role}: ${changed.text}`);
    }
    return { id: created.body.id, login, email, password, auth: { basic: [login, password] } };
  };
  const token = async (role: string) => {
    const account = await api.post<{ id: number }>('/api/serviceaccounts', {
      name: `sa-${role}-${tag}`,
      role,
    });
    const created = await api.post<{ key: string }>(
      `/api/serviceaccounts/${account.body.id}/tokens`,
      { name: `token-${role}` },
    );
    return { id: account.body.id, key: created.body.key };
  };
  const [editor, viewer, teamAdmin, teamMember] = [
    await user('editor', 'Editor'),
    await user('viewer', 'Viewer'),
    await user('team-admin', 'Viewer'),
    await user('team-member', 'Viewer'),
  ];
  const adminSa = await token('Admin');
  const viewerSa = await token('Viewer');
  const org = await api.post<{ orgId: number }>('/api/orgs', { name: `Other ${tag}` });
  await api.post(`/api/orgs/${org.body.orgId}/users`, {
    loginOrEmail: editor.login,
    role: 'Admin',
  });
  return {
    backend,
    service,
    api,
    admin,
    editor,
    viewer,
    teamAdmin,
    teamMember,
    adminToken: adminSa.key,
    viewerToken: viewerSa.key,
    serviceAccountId: adminSa.id,
    otherOrgId: org.body.orgId,
    unique: (prefix) => `${prefix}-${tag}-${counter++}`,
    stop: async () => {
      await service.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a team as the admin and returns its id and uid. */
export async function createTeam(
  world: World,
  name = world.unique('team'),
  email?: string,
): Promise<{ id: number; uid: string; name: string }> {
  const created = await world.api.post<{ teamId: number; uid: string }>('/api/teams', {
    name,
    ...(email === undefined ? {} : { email }),
  });
  if (created.status !== 200) throw new Error(`cannot create team ${name}: ${created.text}`);
  return { id: created.body.teamId, uid: created.body.uid, name };
}

/** Adds a user to a team as the admin; `admin` makes them a team Admin. */
export async function addMember(world: World, teamId: number, userId: number, admin = false) {
  const added = await world.api.post(`/api/teams/${teamId}/members`, { userId });
  if (added.status !== 200) throw new Error(`cannot add ${userId} to ${teamId}: ${added.text}`);
  if (admin) await world.api.put(`/api/teams/${teamId}/members/${userId}`, { permission: 4 });
}

/** Creates a user (Viewer of org 1 unless `orgId` says otherwise) and returns its id. */
export async function createUser(
  world: World,
  prefix: string,
  options: { orgId?: number; password?: string } = {},
): Promise<{ id: number; login: string; email: string; password: string }> {
  const login = world.unique(prefix);
  const email = `${login}@example.com`;
  const password = options.password ?? 'pass';
  const created = await world.api.post<{ id: number }>('/api/admin/users', {
    login,
    email,
    password,
    ...(options.orgId === undefined ? {} : { orgId: options.orgId }),
  });
  if (created.status !== 200) throw new Error(`cannot create ${login}: ${created.text}`);
  return { id: created.body.id, login, email, password };
}
