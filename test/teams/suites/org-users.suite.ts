import { addMember, createTeam, createUser, World } from '../world';
import { ACCESS_DENIED } from './identity.suite';

interface OrgUser {
  orgId: number;
  userId: number;
  uid: string;
  email: string;
  login: string;
  role: string;
  accessControl?: Record<string, boolean>;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

export function orgUsersSuite(world: () => World): void {
  const api = () => world().api;

  describe('GET /api/org/users', () => {
    it("lists every person of the current org, Viewers included, as Grafana's OrgUserDTO", async () => {
      const w = world();
      const list = await api().get<OrgUser[]>('/api/org/users');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toMatch(/^application\/json/);
      const admin = list.body.find((user) => user.userId === 1);
      expect(admin).toEqual({
        orgId: 1,
        userId: 1,
        uid: expect.any(String),
        email: 'admin@localhost',
        name: 'admin',
        avatarUrl: '/avatar/46d229b033af06a191ff2267bca9ae56',
        login: 'admin',
        role: 'Admin',
        lastSeenAt: expect.stringMatching(ISO),
        created: expect.stringMatching(ISO),
        lastSeenAtAge: '10 years',
        isDisabled: false,
        authLabels: null,
        isExternallySynced: false,
        isProvisioned: false,
      });
      // Key order is Grafana's.
      expect(Object.keys(admin ?? {})).toEqual([
        'orgId',
        'userId',
        'uid',
        'email',
        'name',
        'avatarUrl',
        'login',
        'role',
        'lastSeenAt',
        'created',
        'lastSeenAtAge',
        'isDisabled',
        'authLabels',
        'isExternallySynced',
        'isProvisioned',
      ]);
      const viewer = list.body.find((user) => user.userId === w.viewer.id);
      expect(viewer).toMatchObject({ email: w.viewer.email, role: 'Viewer', orgId: 1 });
      // Service accounts are org members but not people.
      expect(list.body.some((user) => user.userId === w.serviceAccountId)).toBe(false);
      // Grafana's order: email, then login.
      const emails = list.body.map((user) => user.email);
      expect(emails).toEqual([...emails].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('filters by query and limit, and adds accessControl when asked', async () => {
      const w = world();
      const found = await api().get<OrgUser[]>(
        `/api/org/users?query=${encodeURIComponent(w.viewer.login.toUpperCase())}`,
      );
      expect(found.body.map((user) => user.userId)).toEqual([w.viewer.id]);
      expect((await api().get<OrgUser[]>('/api/org/users?limit=1')).body).toHaveLength(1);
      // An invalid limit reads as 0 (no limit), as Grafana's c.QueryInt does.
      expect((await api().get<OrgUser[]>('/api/org/users?limit=x')).body.length).toBeGreaterThan(1);
      const withAc = await api().get<OrgUser[]>('/api/org/users?accesscontrol=true&limit=1');
      expect(withAc.body[0].accessControl).toEqual({
        'org.users:add': true,
        'org.users:read': true,
        'org.users:remove': true,
        'org.users:write': true,
      });
    });

    it('lists the org X-Grafana-Org-Id names, and only for org.users:read', async () => {
      const w = world();
      const other = await api()
        .as(w.editor.auth)
        .get<OrgUser[]>('/api/org/users', { orgId: w.otherOrgId });
      expect(other.status).toBe(200);
      expect(other.body.find((user) => user.userId === w.editor.id)).toMatchObject({
        orgId: w.otherOrgId,
        role: 'Admin',
      });
      expect(other.body.some((user) => user.userId === w.viewer.id)).toBe(false);
      for (const auth of [w.viewer.auth, w.editor.auth, { token: w.viewerToken }]) {
        const denied = await api().as(auth).get('/api/org/users');
        expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('org.users:read')]);
      }
      expect((await api().as({ token: w.adminToken }).get('/api/org/users')).status).toBe(200);
      expect((await api().as(undefined).get('/api/org/users')).status).toBe(401);
    });
  });

  describe('GET /api/org/users/search', () => {
    it('pages with totalCount, sorts, and refuses an unknown sort option', async () => {
      const all = await api().get<{ totalCount: number }>('/api/org/users/search');
      expect(all.status).toBe(200);
      const total = all.body.totalCount;
      expect(total).toBeGreaterThan(2);
      const page = await api().get<{ orgUsers: OrgUser[] }>(
        '/api/org/users/search?perpage=2&page=2&sort=login-desc',
      );
      expect(page.body).toMatchObject({ totalCount: total, page: 2, perPage: 2 });
      expect(page.body.orgUsers).toHaveLength(2);
      const first = await api().get<{ orgUsers: OrgUser[] }>(
        '/api/org/users/search?perpage=2&sort=login-desc',
      );
      const logins = [...first.body.orgUsers, ...page.body.orgUsers].map((user) => user.login);
      expect(logins).toEqual([...logins].sort().reverse());
      // A page past 2^53 rows is empty, never the whole list.
      const far = await api().get<{ totalCount: number; orgUsers: OrgUser[] }>(
        '/api/org/users/search?perpage=9007199254740991&page=3',
      );
      expect([far.body.totalCount, far.body.orgUsers]).toEqual([total, []]);
      const bad = await api().get('/api/org/users/search?sort=shoe-size');
      expect([bad.status, bad.body]).toEqual([
        400,
        {
          message: 'BadRequest',
          messageId: 'unknown sorting option',
          statusCode: 400,
          traceID: '',
        },
      ]);
      const denied = await api().as(world().viewer.auth).get('/api/org/users/search?sort=bad');
      expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('org.users:read')]);
    });
  });

  describe('POST /api/org/users', () => {
    it('adds an existing user by login or email, with Grafana answers for every refusal', async () => {
      const w = world();
      const outsider = await createUser(w, 'joiner', { orgId: w.otherOrgId });
      const added = await api().post('/api/org/users', {
        loginOrEmail: outsider.email.toUpperCase(),
        role: 'Editor',
      });
      expect([added.status, added.body]).toEqual([
        200,
        { message: 'User added to organization', userId: outsider.id },
      ]);
      const again = await api().post('/api/org/users', {
        LoginOrEmail: outsider.login,
        Role: 'Viewer',
      });
      expect([again.status, again.body]).toEqual([
        409,
        { message: 'User is already member of this organization', userId: outsider.id },
      ]);
      expect(
        await api().post('/api/org/users', { loginOrEmail: 'nobody-here', role: 'Viewer' }),
      ).toMatchObject({ status: 404, body: { message: 'User not found' } });
      expect(
        await api().post('/api/org/users', { loginOrEmail: outsider.login, role: 'Boss' }),
      ).toMatchObject({ status: 400, body: { message: 'Invalid role specified' } });
      for (const body of [{ role: 'Viewer' }, { loginOrEmail: 5, role: 'Viewer' }, '[1]']) {
        expect((await api().post('/api/org/users', body)).body).toEqual({
          message: 'bad request data',
          traceID: '',
        });
      }
      const denied = await api()
        .as(w.viewer.auth)
        .post('/api/org/users', { loginOrEmail: outsider.login, role: 'Viewer' });
      expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('org.users:add')]);
    });
  });

  describe('DELETE /api/org/users/:userId', () => {
    it("removes the membership and the user's teams there; deletes a user left in no org", async () => {
      const w = world();
      const twoOrgs = await createUser(w, 'two-orgs');
      await api().post(`/api/orgs/${w.otherOrgId}/users`, {
        loginOrEmail: twoOrgs.login,
        role: 'Admin',
      });
      const team = await createTeam(w);
      await addMember(w, team.id, twoOrgs.id);
      const removed = await api().delete(`/api/org/users/${twoOrgs.id}`);
      expect([removed.status, removed.body]).toEqual([
        200,
        { message: 'User removed from organization' },
      ]);
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({ memberCount: 1 });
      expect((await api().get(`/api/users/${twoOrgs.id}`)).status).toBe(200);
      // Their current org was org 1: it moved to the org they still have (where they are Admin).
      const self = await api()
        .as({ basic: [twoOrgs.login, twoOrgs.password] })
        .get<OrgUser[]>('/api/org/users');
      expect(self.status).toBe(200);
      expect(self.body.every((user) => user.orgId === w.otherOrgId)).toBe(true);

      const oneOrg = await createUser(w, 'one-org');
      const deleted = await api().delete(`/api/org/users/${oneOrg.id}`);
      expect([deleted.status, deleted.body]).toEqual([200, { message: 'User deleted' }]);
      expect((await api().get(`/api/users/${oneOrg.id}`)).status).toBe(404);
    });

    it("answers Grafana's errors", async () => {
      const w = world();
      expect(await api().delete('/api/org/users/abc')).toMatchObject({
        status: 400,
        body: { message: 'userId is invalid', traceID: '' },
      });
      expect(await api().delete('/api/org/users/987654')).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      // Not a member of org 1.
      const outsider = await createUser(w, 'not-here', { orgId: w.otherOrgId });
      expect((await api().delete(`/api/org/users/${outsider.id}`)).status).toBe(404);
      const denied = await api().as(w.viewer.auth).delete(`/api/org/users/${w.teamMember.id}`);
      expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('org.users:remove')]);
      // The admin is the only Admin of a new org.
      const org = await api().post<{ orgId: number }>('/api/orgs', { name: w.unique('solo') });
      const last = await api().delete(`/api/org/users/${w.admin.id}`, { orgId: org.body.orgId });
      expect([last.status, last.body]).toEqual([
        400,
        { message: 'Cannot remove last organization admin' },
      ]);
    });
  });

  describe('/api/orgs/:orgId/users', () => {
    it('lists, searches and removes in any org for a Grafana Admin, keeping the user', async () => {
      const w = world();
      const list = await api().get<OrgUser[]>(`/api/orgs/${w.otherOrgId}/users`);
      expect(list.status).toBe(200);
      expect(list.body.find((user) => user.userId === w.editor.id)).toMatchObject({
        orgId: w.otherOrgId,
        role: 'Admin',
      });
      const search = await api().get<{ totalCount: number; orgUsers: OrgUser[] }>(
        `/api/orgs/${w.otherOrgId}/users/search?query=${w.editor.login}`,
      );
      expect(search.body).toMatchObject({ totalCount: 1, page: 1, perPage: 1000 });
      expect(search.body.orgUsers[0].userId).toBe(w.editor.id);
      const member = await createUser(w, 'kept', { orgId: w.otherOrgId });
      const removed = await api().delete(`/api/orgs/${w.otherOrgId}/users/${member.id}`);
      expect([removed.status, removed.body]).toEqual([
        200,
        { message: 'User removed from organization' },
      ]);
      expect((await api().get(`/api/users/${member.id}`)).status).toBe(200);
    });

    it('refuses unknown orgs, malformed ids and callers without Grafana Admin', async () => {
      const w = world();
      expect(await api().get('/api/orgs/987654/users')).toMatchObject({
        status: 404,
        body: { message: 'Organization not found' },
      });
      expect((await api().get('/api/orgs/987654/users/search')).status).toBe(404);
      expect(await api().get('/api/orgs/x/users')).toMatchObject({
        status: 400,
        body: { message: 'orgId is invalid', traceID: '' },
      });
      expect(await api().delete(`/api/orgs/${w.otherOrgId}/users/x`)).toMatchObject({
        status: 400,
        body: { message: 'userId is invalid' },
      });
      // editor is an Admin of the other org, not a Grafana Admin.
      const denied = await api().as(w.editor.auth).get(`/api/orgs/${w.otherOrgId}/users`);
      expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('org.users:read')]);
    });
  });

  describe('GET /api/org/users/lookup', () => {
    it('serves org Admins and team Admins, with the short user shape', async () => {
      const w = world();
      const lookup = await api().get<unknown[]>(
        `/api/org/users/lookup?query=${w.viewer.login}&limit=5`,
      );
      expect([lookup.status, lookup.body]).toEqual([
        200,
        [
          {
            userId: w.viewer.id,
            uid: expect.any(String),
            login: w.viewer.login,
            avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
          },
        ],
      ]);
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamAdmin.id, true);
      const asTeamAdmin = await api().as(w.teamAdmin.auth).get<unknown[]>('/api/org/users/lookup');
      expect(asTeamAdmin.status).toBe(200);
      expect(asTeamAdmin.body.length).toBeGreaterThan(1);
      const denied = await api().as(w.viewer.auth).get('/api/org/users/lookup');
      expect([denied.status, denied.body]).toEqual([403, ACCESS_DENIED('teams.permissions:write')]);
    });
  });
}
