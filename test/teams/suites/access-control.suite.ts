import { addMember, createTeam, createUser, World } from '../world';
import { ACCESS_DENIED } from './identity.suite';

interface Permission {
  userId: number;
  permission: string;
  actions: string[];
  isServiceAccount: boolean;
}

export function accessControlSuite(world: () => World): void {
  const api = () => world().api;
  const permissionsOf = async (teamId: number) =>
    (await api().get<Permission[]>(`/api/access-control/teams/${teamId}`)).body;

  describe('team permissions through /api/access-control/teams (E16)', () => {
    it('describes the assignable permissions', async () => {
      const answer = await api().get('/api/access-control/teams/description');
      expect([answer.status, answer.body]).toEqual([
        200,
        {
          assignments: { users: true, serviceAccounts: true, teams: false, builtInRoles: false },
          permissions: ['Member', 'Admin'],
        },
      ]);
      const w = world();
      expect(
        (await api().as(w.viewer.auth).get('/api/access-control/teams/description')).body,
      ).toEqual(ACCESS_DENIED('teams.permissions:read'));
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamAdmin.id, true);
      expect(
        (await api().as(w.teamAdmin.auth).get('/api/access-control/teams/description')).status,
      ).toBe(200);
    });

    it('lists one managed permission per member, service accounts included', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.serviceAccountId);
      const list = await api().get<Permission[]>(`/api/access-control/teams/${team.uid}`);
      expect(list.body).toContainEqual({
        id: 1,
        roleName: 'managed:users:1:permissions',
        isManaged: true,
        isInherited: false,
        isServiceAccount: false,
        userId: 1,
        userUid: expect.any(String),
        userLogin: 'admin',
        userAvatarUrl: '/avatar/46d229b033af06a191ff2267bca9ae56',
        actions: [
          'teams.permissions:read',
          'teams.permissions:write',
          'teams:delete',
          'teams:read',
          'teams:write',
        ],
        permission: 'Admin',
      });
      expect(list.body.find((p) => p.userId === w.serviceAccountId)).toMatchObject({
        isServiceAccount: true,
        permission: 'Member',
        actions: ['teams:read'],
      });
      expect((await api().get('/api/access-control/teams/987654')).body).toEqual({
        message: 'Team not found',
        traceID: '',
      });
      await addMember(w, team.id, w.teamMember.id);
      expect(
        (await api().as(w.teamMember.auth).get(`/api/access-control/teams/${team.id}`)).body,
      ).toEqual(ACCESS_DENIED('teams.permissions:read'));
    });

    it('adds, promotes and removes a member with one user permission', async () => {
      const w = world();
      const team = await createTeam(w);
      const path = `/api/access-control/teams/${team.id}/users/${w.teamMember.id}`;
      expect((await api().post(path, { permission: 'Member' })).body).toEqual({
        message: 'Permission updated',
      });
      expect((await api().post(path, { Permission: 'Admin' })).status).toBe(200);
      expect(
        (await permissionsOf(team.id)).find((p) => p.userId === w.teamMember.id),
      ).toMatchObject({
        permission: 'Admin',
      });
      const members = await api().get<{ userId: number; permission: number }[]>(
        `/api/teams/${team.id}/members`,
      );
      expect(members.body.find((m) => m.userId === w.teamMember.id)?.permission).toBe(4);
      expect((await api().post(path, { permission: '' })).body).toEqual({
        message: 'Permission removed',
      });
      expect((await permissionsOf(team.id)).map((p) => p.userId)).toEqual([1]);
    });

    it("answers Grafana's errors, the Go client's object body included", async () => {
      const w = world();
      const team = await createTeam(w);
      const base = `/api/access-control/teams/${team.id}/users`;
      const invalid = await api().post(`${base}/${w.teamMember.id}`, { permission: 'Boss' });
      expect([invalid.status, invalid.body]).toEqual([
        400,
        {
          message: 'Permission [Boss] is invalid for this resource type',
          messageId: 'resourcePermissions.invalidPermission',
          statusCode: 400,
          traceID: '',
        },
      ]);
      const goClientBody = await api().post(`${base}/${w.teamMember.id}`, {
        permission: { userId: w.teamMember.id, permission: 'Admin' },
      });
      expect([goClientBody.status, goClientBody.body]).toEqual([
        400,
        { message: 'bad request data', traceID: '' },
      ]);
      expect((await api().post(`${base}/abc`, { permission: 'Member' })).body).toEqual({
        message: 'userID is invalid',
        traceID: '',
      });
      const outsider = await createUser(w, 'acl-outsider', { orgId: w.otherOrgId });
      expect((await api().post(`${base}/${outsider.id}`, { permission: 'Member' })).body).toEqual({
        message: 'failed to set user permission',
        traceID: '',
      });
    });

    it('sets several permissions at once, all or nothing', async () => {
      const w = world();
      const team = await createTeam(w);
      const path = `/api/access-control/teams/${team.id}`;
      const answer = await api().post(path, {
        permissions: [
          { userId: w.teamMember.id, permission: 'Member' },
          { userId: w.teamAdmin.id, permission: 'Admin' },
          { userId: 1, permission: '' },
        ],
      });
      expect([answer.status, answer.body]).toEqual([200, { message: 'Permissions updated' }]);
      const after = (await permissionsOf(team.id)).map((p) => [p.userId, p.permission]);
      expect(after.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        [
          [w.teamAdmin.id, 'Admin'],
          [w.teamMember.id, 'Member'],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      const failed = await api().post(path, {
        permissions: [
          { userId: w.teamMember.id, permission: 'Admin' },
          { userId: 987654, permission: 'Member' },
        ],
      });
      expect(failed.body).toEqual({ message: 'failed to set permissions', traceID: '' });
      expect(
        (await permissionsOf(team.id)).find((p) => p.userId === w.teamMember.id),
      ).toMatchObject({ permission: 'Member' });
      expect(
        (await api().post(path, { permissions: [{ teamId: 3, permission: 'Member' }] })).body,
      ).toMatchObject({ messageId: 'resourcePermissions.invalidAssignment' });
    });
  });
}
