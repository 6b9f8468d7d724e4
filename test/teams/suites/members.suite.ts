import { addMember, createTeam, createUser, World } from '../world';

interface Member {
  orgId: number;
  teamId: number;
  teamUID: string;
  userId: number;
  login: string;
  email: string;
  permission: number;
}

const TEAM_NOT_FOUND = { message: 'Team not found', traceID: '' };
const BAD_REQUEST = { message: 'bad request data', traceID: '' };

export function membersSuite(world: () => World): void {
  const api = () => world().api;
  const members = async (teamId: number | string) =>
    (await api().get<Member[]>(`/api/teams/${teamId}/members`)).body;

  describe('GET /api/teams/:teamId/members (E6)', () => {
    it("lists people with Grafana's member DTO, by login, without service accounts", async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamMember.id);
      await addMember(w, team.id, w.serviceAccountId);
      const list = await api().get<Member[]>(`/api/teams/${team.uid}/members`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          orgId: 1,
          teamId: team.id,
          teamUID: team.uid,
          userId: 1,
          userUID: expect.any(String),
          auth_module: '',
          email: 'admin@localhost',
          name: 'admin',
          login: 'admin',
          avatarUrl: '/avatar/46d229b033af06a191ff2267bca9ae56',
          labels: [],
          permission: 4,
        },
        expect.objectContaining({
          userId: w.teamMember.id,
          login: w.teamMember.login,
          permission: 0,
        }),
      ]);
      // The service account counts as a member, but is not listed.
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({ memberCount: 3 });
    });

    it('answers 404 Team not found for a missing team (Grafana: [])', async () => {
      expect((await api().get('/api/teams/987654/members')).body).toEqual(TEAM_NOT_FOUND);
    });

    it('hides HIDDEN_USERS from lists and counts, except for Grafana Admins', async () => {
      const w = world();
      let hidden = await api().get<{ id: number }>('/api/users/lookup?loginOrEmail=hidden-user');
      if (hidden.status === 404) {
        await api().post('/api/admin/users', {
          login: 'hidden-user',
          email: 'hidden@x',
          password: 'pass',
        });
        hidden = await api().get<{ id: number }>('/api/users/lookup?loginOrEmail=hidden-user');
      }
      const orgAdminUser = await createUser(w, 'org-admin');
      const orgAdminLogin = orgAdminUser.login;
      await api().patch(`/api/org/users/${orgAdminUser.id}`, { role: 'Admin' });
      const team = await createTeam(w);
      await addMember(w, team.id, hidden.body.id);
      expect((await members(team.id)).map((m) => m.login)).toContain('hidden-user');
      const orgAdmin = api().as({ basic: [orgAdminLogin, 'pass'] });
      const seen = await orgAdmin.get<Member[]>(`/api/teams/${team.id}/members`);
      expect(seen.body.map((m) => m.login)).toEqual(['admin']);
      expect((await orgAdmin.get(`/api/teams/${team.id}`)).body).toMatchObject({ memberCount: 1 });
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({ memberCount: 2 });
      // The hidden user sees themselves.
      await api().patch(`/api/org/users/${hidden.body.id}`, { role: 'Admin' });
      const self = await api()
        .as({ basic: ['hidden-user', 'pass'] })
        .get<Member[]>(`/api/teams/${team.id}/members`);
      expect(self.body.map((m) => m.login)).toContain('hidden-user');
      await api().patch(`/api/org/users/${hidden.body.id}`, { role: 'Viewer' });
    });

    it('shows a team Admin without org.users:read an empty list, as Grafana 11 does', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamAdmin.id, true);
      const list = await api().as(w.teamAdmin.auth).get(`/api/teams/${team.id}/members`);
      expect([list.status, list.body]).toEqual([200, []]);
    });
  });

  describe('POST /api/teams/:teamId/members (E7)', () => {
    it('adds a Member, reading userID in any case and ignoring a permission', async () => {
      const w = world();
      const team = await createTeam(w);
      const added = await api().post(`/api/teams/${team.id}/members`, {
        userID: w.teamMember.id,
        permission: 4,
      });
      expect([added.status, added.body]).toEqual([200, { message: 'Member added to Team' }]);
      expect((await members(team.id)).find((m) => m.userId === w.teamMember.id)?.permission).toBe(
        0,
      );
      const again = await api().post(`/api/teams/${team.id}/members`, { USERID: w.teamMember.id });
      expect([again.status, again.body]).toEqual([
        400,
        { message: 'User is already added to this team' },
      ]);
    });

    it("answers Grafana's errors", async () => {
      const w = world();
      const team = await createTeam(w);
      for (const body of [
        {},
        { userId: 0 },
        { userId: '2' },
        { userId: 2.5 },
        { userId: null },
        '[1]',
      ]) {
        expect((await api().post(`/api/teams/${team.id}/members`, body)).body).toEqual(BAD_REQUEST);
      }
      const missingUser = await api().post(`/api/teams/${team.id}/members`, { userId: 987654 });
      expect([missingUser.status, missingUser.body]).toEqual([
        500,
        { message: 'Failed to add Member to Team', traceID: '' },
      ]);
      // A user of another org only (created there by its Admin) is not addable here.
      const outsider = await createUser(w, 'outsider', { orgId: w.otherOrgId });
      expect(
        (await api().post(`/api/teams/${team.id}/members`, { userId: outsider.id })).status,
      ).toBe(500);
      expect((await api().post('/api/teams/987654/members', { userId: 1 })).body).toEqual(
        TEAM_NOT_FOUND,
      );
      expect((await members(team.id)).map((m) => m.userId)).toEqual([1]);
    });
  });

  describe('PUT /api/teams/:teamId/members (E8, bulk)', () => {
    it('makes the membership exactly the lists given, admins winning', async () => {
      const w = world();
      const team = await createTeam(w);
      const extra = await createUser(w, 'bulk-extra');
      await addMember(w, team.id, extra.id);
      await addMember(w, team.id, w.teamAdmin.id);
      const answer = await api().put(`/api/teams/${team.id}/members`, {
        members: [w.teamMember.email.toUpperCase(), w.teamAdmin.email],
        admins: [w.teamAdmin.email, 'admin@localhost'],
      });
      expect([answer.status, answer.body]).toEqual([
        200,
        { message: 'Team memberships have been updated' },
      ]);
      const result = (await members(team.id)).map((m) => [m.userId, m.permission]);
      expect(result.sort((a, b) => a[0] - b[0])).toEqual(
        [
          [1, 4],
          [w.teamAdmin.id, 4],
          [w.teamMember.id, 0],
        ].sort((a, b) => a[0] - b[0]),
      );
      expect((await api().put(`/api/teams/${team.id}/members`, {})).status).toBe(200);
      expect(await members(team.id)).toEqual([]);
    });

    it('changes nothing when an email is unknown; 404 for a missing team', async () => {
      const w = world();
      const team = await createTeam(w);
      const answer = await api().put(`/api/teams/${team.id}/members`, {
        members: [w.teamMember.email, 'nobody@nowhere'],
      });
      expect([answer.status, answer.body]).toEqual([404, { message: 'user not found' }]);
      expect((await members(team.id)).map((m) => m.userId)).toEqual([1]);
      expect((await api().put('/api/teams/987654/members', { members: [] })).body).toEqual({
        message: 'team not found',
      });
      expect((await api().put(`/api/teams/${team.id}/members`, { members: 'a@b' })).body).toEqual(
        BAD_REQUEST,
      );
    });
  });

  describe('PUT /api/teams/:teamId/members/:userId (E9)', () => {
    it('sets Admin with 4 and Member with anything else', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamMember.id);
      const permission = async () =>
        (await members(team.id)).find((m) => m.userId === w.teamMember.id)?.permission;
      const answer = await api().put(`/api/teams/${team.id}/members/${w.teamMember.id}`, {
        Permission: 4,
      });
      expect([answer.status, answer.body]).toEqual([200, { message: 'Team member updated' }]);
      expect(await permission()).toBe(4);
      await api().put(`/api/teams/${team.id}/members/${w.teamMember.id}`, { permission: 1 });
      expect(await permission()).toBe(0);
      await api().put(`/api/teams/${team.id}/members/${w.teamMember.id}`, { permission: 4 });
      await api().put(`/api/teams/${team.id}/members/${w.teamMember.id}`, {});
      expect(await permission()).toBe(0);
    });

    it("answers Grafana's errors", async () => {
      const w = world();
      const team = await createTeam(w);
      const notMember = await api().put(`/api/teams/${team.id}/members/${w.viewer.id}`, {
        permission: 4,
      });
      expect([notMember.status, notMember.body]).toEqual([
        404,
        { message: 'Team member not found.' },
      ]);
      expect(
        (await api().put(`/api/teams/${team.id}/members/abc`, { permission: 4 })).body,
      ).toEqual({ message: 'userId is invalid', traceID: '' });
      expect(
        (await api().put(`/api/teams/${team.id}/members/1`, { permission: '4' })).body,
      ).toEqual(BAD_REQUEST);
    });
  });

  describe('DELETE /api/teams/:teamId/members/:userId (E10)', () => {
    it('removes a member, even the last Admin', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamMember.id);
      const answer = await api().delete(`/api/teams/${team.id}/members/${w.teamMember.id}`);
      expect([answer.status, answer.body]).toEqual([200, { message: 'Team Member removed' }]);
      expect((await api().delete(`/api/teams/${team.id}/members/1`)).status).toBe(200);
      expect(await members(team.id)).toEqual([]);
    });

    it("answers Grafana's errors", async () => {
      const team = await createTeam(world());
      expect((await api().delete(`/api/teams/${team.id}/members/987654`)).body).toEqual({
        message: 'Team member not found',
      });
      expect((await api().delete('/api/teams/987654/members/1')).body).toEqual(TEAM_NOT_FOUND);
      expect((await api().delete(`/api/teams/${team.id}/members/1x`)).body).toEqual({
        message: 'userId is invalid',
        traceID: '',
      });
      expect((await api().delete(`/api/teams/no-such-uid/members/1`)).body).toEqual({
        message: 'Not found',
      });
    });
  });
}
