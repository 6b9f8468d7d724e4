import type { Credentials } from '../support/grafana-api';
import { ACCESS_DENIED } from './suites/identity.suite';
import { addMember, createTeam, startWorld, type World } from './world';

/*
 * Refusals of the permission-writing Teams routes (/api/access-control/teams/...) and what
 * EDITORS_CAN_ADMIN changes. Each refusal is checked against the stored state (nothing changed)
 * and beside an allowed caller on the same route, so a route that refused everyone, or answered
 * 403 after writing, would fail here. PGlite; the suites in suites/ run the allowed paths on both
 * databases.
 */

interface Permission {
  userId: number;
  permission: string;
}

const WRITE_DENIED = ACCESS_DENIED('teams.permissions:write');

async function permissionsOf(world: World, teamId: number): Promise<[number, string][]> {
  const answer = await world.api.get<Permission[]>(`/api/access-control/teams/${teamId}`);
  expect(answer.status).toBe(200);
  return answer.body.map((p) => [p.userId, p.permission] as [number, string]).sort();
}

/** Both writing routes, as `caller`, for `userId` in `teamId`. */
function writes(world: World, caller: Credentials, teamId: number, userId: number) {
  const as = world.api.as(caller);
  return [
    () => as.post(`/api/access-control/teams/${teamId}/users/${userId}`, { permission: 'Admin' }),
    () =>
      as.post(`/api/access-control/teams/${teamId}`, {
        permissions: [{ userId, permission: 'Admin' }],
      }),
  ];
}

describe('permission-writing Teams routes refuse who may not write', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld('pglite');
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  it('refuses org Viewers, Editors, team Members and a Viewer service account with 403, changing nothing', async () => {
    const team = await createTeam(world);
    await addMember(world, team.id, world.teamMember.id);
    const before = await permissionsOf(world, team.id);
    const callers: [string, Credentials][] = [
      ['viewer', world.viewer.auth],
      ['editor', world.editor.auth],
      ['team member', world.teamMember.auth],
      ['viewer service account', { token: world.viewerToken }],
    ];
    for (const [who, caller] of callers) {
      for (const write of writes(world, caller, team.id, world.teamMember.id)) {
        const answer = await write();
        expect([who, answer.status, answer.body]).toEqual([who, 403, WRITE_DENIED]);
      }
    }
    expect(await permissionsOf(world, team.id)).toEqual(before);
  });

  it('refuses a caller without credentials with 401', async () => {
    const team = await createTeam(world);
    for (const path of [
      `/api/access-control/teams/${team.id}/users/${world.teamMember.id}`,
      `/api/access-control/teams/${team.id}`,
    ]) {
      const answer = await fetch(`${world.service.httpUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ permission: 'Admin' }),
      });
      expect(answer.status).toBe(401);
    }
  });

  it('lets a team Admin write the permissions of that team, and of no other', async () => {
    const [own, other] = [await createTeam(world), await createTeam(world)];
    await addMember(world, own.id, world.teamAdmin.id, true);
    const [single] = writes(world, world.teamAdmin.auth, own.id, world.teamMember.id);
    expect((await single()).body).toEqual({ message: 'Permission updated' });
    expect(await permissionsOf(world, own.id)).toContainEqual([world.teamMember.id, 'Admin']);
    const before = await permissionsOf(world, other.id);
    for (const write of writes(world, world.teamAdmin.auth, other.id, world.teamMember.id)) {
      expect((await write()).body).toEqual(WRITE_DENIED);
    }
    expect(await permissionsOf(world, other.id)).toEqual(before);
  });

  it('without EDITORS_CAN_ADMIN an Editor may not create a team', async () => {
    const answer = await world.api.as(world.editor.auth).post('/api/teams', {
      name: world.unique('editor-team'),
    });
    expect(answer.status).toBe(403);
  });
});

describe('EDITORS_CAN_ADMIN=true', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld('pglite', { EDITORS_CAN_ADMIN: 'true' });
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  it("an Editor creates a team and administers it, but not other teams' permissions; Viewers still may not", async () => {
    const editor = world.api.as(world.editor.auth);
    const created = await editor.post<{ teamId: number }>('/api/teams', {
      name: world.unique('editor-team'),
    });
    expect(created.status).toBe(200);
    const own = created.body.teamId;
    const [single] = writes(world, world.editor.auth, own, world.teamMember.id);
    expect((await single()).body).toEqual({ message: 'Permission updated' });
    expect(await permissionsOf(world, own)).toContainEqual([world.teamMember.id, 'Admin']);

    const other = await createTeam(world);
    const before = await permissionsOf(world, other.id);
    for (const write of writes(world, world.editor.auth, other.id, world.teamMember.id)) {
      expect((await write()).body).toEqual(WRITE_DENIED);
    }
    for (const write of writes(world, world.viewer.auth, own, world.viewer.id)) {
      expect((await write()).body).toEqual(WRITE_DENIED);
    }
    expect(await permissionsOf(world, other.id)).toEqual(before);
    const viewerTeam = await world.api.as(world.viewer.auth).post('/api/teams', {
      name: world.unique('viewer-team'),
    });
    expect(viewerTeam.status).toBe(403);
  });
});
