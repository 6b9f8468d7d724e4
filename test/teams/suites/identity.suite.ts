import { eventually } from '../../support/eventually';
import { GrafanaApi } from '../../support/grafana-api';
import { World } from '../world';

const UNAUTHORIZED = {
  message: 'Unauthorized',
  messageId: 'auth.unauthorized',
  statusCode: 401,
  traceID: '',
};
const INVALID_CREDENTIALS = {
  message: 'Invalid username or password',
  messageId: 'basic-auth.invalid-credentials',
  statusCode: 401,
  traceID: '',
};
const INVALID_KEY = {
  message: 'Invalid API key',
  messageId: 'api-key.invalid',
  statusCode: 401,
  traceID: '',
};
export const ACCESS_DENIED = (action: string) => ({
  accessErrorId: expect.stringMatching(/^ACE\d{10}$/),
  message: `You'll need additional permissions to perform this action. Permissions needed: ${action}`,
  title: 'Access denied',
});

export function identitySuite(world: () => World): void {
  const api = () => world().api;
  const as = (auth: Parameters<GrafanaApi['as']>[0]) => world().api.as(auth);

  describe('authentication', () => {
    it('answers 401 without credentials, and for a wrong password or unknown login', async () => {
      const none = await as(undefined).get('/api/teams/search');
      expect(none.status).toBe(401);
      expect(none.body).toEqual(UNAUTHORIZED);
      for (const basic of [
        ['admin', 'wrong'],
        ['nobody', 'x'],
      ] as const) {
        const answer = await as({ basic }).get('/api/teams/search');
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(INVALID_CREDENTIALS);
      }
      expect((await as({ header: 'Digest abc' }).get('/api/teams/search')).body).toEqual(
        UNAUTHORIZED,
      );
    });

    it('signs in with login or email, in any case', async () => {
      const { admin } = world();
      for (const login of [admin.login, admin.email, 'ADMIN']) {
        expect((await as({ basic: [login, admin.password] }).get('/api/users/1')).status).toBe(200);
      }
    });

    it('rejects a malformed Basic header with 400', async () => {
      const answer = await as({ header: 'Basic !!!' }).get('/api/teams/search');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'Invalid Basic Auth Header',
        messageId: 'basic-auth.invalid-header',
        statusCode: 400,
        traceID: '',
      });
    });

    it('accepts service account tokens as Bearer or as the password of api_key', async () => {
      const { adminToken } = world();
      expect((await as({ token: adminToken }).get('/api/teams/search')).status).toBe(200);
      expect((await as({ basic: ['api_key', adminToken] }).get('/api/teams/search')).status).toBe(
        200,
      );
      const tampered = adminToken.slice(0, -1) + (adminToken.endsWith('0') ? '1' : '0');
      for (const token of [tampered, 'glsa_nope', 'eyJrIjoiYWJjIn0=']) {
        expect((await as({ token }).get('/api/teams/search')).body).toEqual(INVALID_KEY);
      }
    });

    it('expires tokens after secondsToLive (and they worked until then)', async () => {
      const w = world();
      const search = (key: string) => as({ token: key }).get('/api/teams/search');
      // A token whose first use was answered within its life must have worked then: the 401 below
      // is its expiry, not a token that never worked. (Each try is a new token, for a slow machine.)
      let key: string | undefined;
      for (let attempt = 0; attempt < 3 && key === undefined; attempt++) {
        const before = Date.now();
        const created = await api().post<{ key: string }>(
          `/api/serviceaccounts/${w.serviceAccountId}/tokens`,
          { name: w.unique('short'), secondsToLive: 2 },
        );
        expect(created.status).toBe(200);
        const fresh = await search(created.body.key);
        if (Date.now() - before < 2000) {
          expect(fresh.status).toBe(200);
          key = created.body.key;
        }
      }
      expect(key).toBeDefined();
      const { value: answer } = await eventually(
        'the token to expire',
        async () => {
          const later = await search(key!);
          return later.status === 200 ? undefined : later;
        },
        10_000,
        100,
      );
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: 'Expired API key',
        messageId: 'api-key.expired',
        statusCode: 401,
        traceID: '',
      });
    });

    it('selects the org with X-Grafana-Org-Id, for members of that org only', async () => {
      const w = world();
      const editor = as(w.editor.auth);
      // Editor in org 1 (no team rights), Admin of the other org.
      expect((await editor.post('/api/teams', { name: w.unique('x') })).status).toBe(403);
      const name = w.unique('other-org-team');
      const created = await editor.post<{ teamId: number }>(
        '/api/teams',
        { name },
        { orgId: w.otherOrgId },
      );
      expect(created.status).toBe(200);
      const inOrg1 = await api().get(`/api/teams/${created.body.teamId}`);
      expect(inOrg1.status).toBe(404);
      const inOther = await editor.get<{ orgId: number }>(`/api/teams/${created.body.teamId}`, {
        orgId: w.otherOrgId,
      });
      expect(inOther.body).toMatchObject({ orgId: w.otherOrgId, name });

      const notMember = await as(w.viewer.auth).get('/api/teams/search', { orgId: w.otherOrgId });
      expect(notMember.status).toBe(401);
      expect(notMember.body).toMatchObject({ messageId: 'auth.organization-mismatch' });
      const badHeader = await api().get('/api/teams/search', { orgId: 'abc' });
      expect(badHeader.status).toBe(400);
      expect(badHeader.body).toEqual({ message: 'X-Grafana-Org-Id must be a positive integer' });
      const tokenElsewhere = await as({ token: w.adminToken }).get('/api/teams/search', {
        orgId: w.otherOrgId,
      });
      expect(tokenElsewhere.status).toBe(401);
      expect(tokenElsewhere.body).toEqual({
        message: 'API key does not belong to the requested organization',
        messageId: 'api-key.organization-mismatch',
        statusCode: 401,
        traceID: '',
      });
      expect(
        (await as({ token: w.adminToken }).get('/api/teams/search', { orgId: 1 })).status,
      ).toBe(200);
    });
  });

  describe('users', () => {
    it('creates users (Grafana Admin) and reads them by id, login or email', async () => {
      const w = world();
      const login = w.unique('jane');
      const created = await api().post<{ id: number; uid: string; message: string }>(
        '/api/admin/users',
        { name: 'Jane', email: `${login}@Example.com`, login: ` ${login} `, password: 'pass' },
      );
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.any(Number),
        uid: expect.stringMatching(/^[a-z][a-z0-9]{13}$/),
        message: 'User created',
      });
      const profile = await api().get(`/api/users/${created.body.id}`);
      expect(profile.body).toEqual({
        id: created.body.id,
        uid: created.body.uid,
        email: `${login}@Example.com`,
        name: 'Jane',
        login,
        theme: '',
        orgId: 1,
        isGrafanaAdmin: false,
        isDisabled: false,
        isExternal: false,
        isExternallySynced: false,
        isGrafanaAdminExternallySynced: false,
        authLabels: [],
        updatedAt: expect.any(String),
        createdAt: expect.any(String),
        avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
        isProvisioned: false,
      });
      for (const value of [login.toUpperCase(), `${login}@example.com`]) {
        const found = await api().get<{ id: number }>(
          `/api/users/lookup?loginOrEmail=${encodeURIComponent(value)}`,
        );
        expect(found.body.id).toBe(created.body.id);
      }
      // The new user signs in and is a Viewer of org 1.
      expect((await as({ basic: [login, 'pass'] }).get('/api/user/teams')).body).toEqual([]);
    });

    it("answers Grafana's errors on user creation", async () => {
      const w = world();
      const login = w.unique('dup');
      expect(
        (await api().post('/api/admin/users', { login, email: `${login}@x`, password: 'pass' }))
          .status,
      ).toBe(200);
      const duplicate = await api().post('/api/admin/users', {
        login: login.toUpperCase(),
        email: 'other@x',
        password: 'pass',
      });
      expect(duplicate.status).toBe(412);
      expect(duplicate.body).toEqual({
        message: `User with email 'other@x' or username '${login.toUpperCase()}' already exists`,
        traceID: '',
      });
      const short = await api().post('/api/admin/users', { login: w.unique('s'), password: 'abc' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ message: 'Password is missing or too short' });
      const anonymous = await api().post('/api/admin/users', { password: 'secret' });
      expect(anonymous.body).toEqual({
        message: 'Validation error, need specify either username or email',
      });
      const wrongType = await api().post('/api/admin/users', { login: 5, password: 'secret' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body).toEqual({ message: 'bad request data', traceID: '' });
      const forbidden = await as(w.editor.auth).post('/api/admin/users', {
        login: w.unique('x'),
        password: 'secret',
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual(ACCESS_DENIED('users:create'));
    });

    it('answers lookups of missing users and bad ids', async () => {
      expect(await api().get('/api/users/987654')).toMatchObject({
        status: 404,
        body: { message: 'user not found' },
      });
      expect(await api().get('/api/users/lookup?loginOrEmail=nobody-here')).toMatchObject({
        status: 404,
        body: { message: 'user not found' },
      });
      expect(await api().get('/api/users/abc')).toMatchObject({
        status: 400,
        body: { message: 'id is invalid', traceID: '' },
      });
      const forbidden = await as(world().viewer.auth).get('/api/users/1');
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual(ACCESS_DENIED('users:read'));
    });

    it('searches users by literal substring, with paging', async () => {
      const w = world();
      const stem = w.unique('find%me');
      for (const suffix of ['a', 'b', 'c']) {
        await api().post('/api/admin/users', {
          login: `${stem}-${suffix}`,
          email: `${stem}-${suffix}@x`.replace('%', ''),
          password: 'pass',
        });
      }
      const all = await api().get<{ totalCount: number; users: { login: string }[] }>(
        `/api/users/search?query=${encodeURIComponent(stem)}`,
      );
      expect(all.body.totalCount).toBe(3);
      const page = await api().get<{ users: { login: string }[]; page: number; perPage: number }>(
        `/api/users/search?query=${encodeURIComponent(stem)}&perpage=2&page=2&sort=login-desc`,
      );
      expect(page.body).toMatchObject({ page: 2, perPage: 2 });
      expect(page.body.users.map((u) => u.login)).toEqual([`${stem}-a`]);
      // `%` is matched literally, not as a wildcard.
      const literal = await api().get<{ totalCount: number }>(
        `/api/users/search?query=${encodeURIComponent(stem.replace('%', '_'))}`,
      );
      expect(literal.body.totalCount).toBe(0);
      // A page past what an offset can express is empty (it answered 500 before: issue 18).
      for (const paging of [
        'perpage=10000&page=9007199254740991',
        'perpage=9007199254740991&page=3',
      ]) {
        const far = await api().get<{ users: unknown[]; totalCount: number }>(
          `/api/users/search?query=${encodeURIComponent(stem)}&${paging}`,
        );
        expect(far.status).toBe(200);
        expect(far.body).toMatchObject({ users: [], totalCount: 3 });
      }
    });
  });

  describe('service accounts', () => {
    it('creates service accounts (201) and tokens', async () => {
      const w = world();
      const name = w.unique('Deploy Bot');
      const created = await api().post<{ id: number }>('/api/serviceaccounts', {
        name,
        role: 'Editor',
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        uid: expect.any(String),
        name,
        login: `sa-1-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        orgId: 1,
        isDisabled: false,
        role: 'Editor',
        tokens: 0,
        avatarUrl: expect.stringMatching(/^\/avatar\//),
      });
      const token = await api().post<{ key: string }>(
        `/api/serviceaccounts/${created.body.id}/tokens`,
        { name: 'ci' },
      );
      expect(token.body).toEqual({
        id: expect.any(Number),
        name: 'ci',
        key: expect.stringMatching(/^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/),
      });
      const duplicate = await api().post(`/api/serviceaccounts/${created.body.id}/tokens`, {
        name: 'ci',
      });
      expect(duplicate.status).toBe(409);
      const again = await api().post('/api/serviceaccounts', { name });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ messageId: 'serviceaccounts.ErrAlreadyExists' });
    });

    it("answers Grafana's errors for service accounts", async () => {
      const w = world();
      expect(await api().post('/api/serviceaccounts', {})).toMatchObject({
        status: 400,
        body: { message: 'Bad request data', traceID: '' },
      });
      expect(await api().post('/api/serviceaccounts', '{oops')).toMatchObject({
        status: 400,
        body: { message: 'Bad request data', traceID: '' },
      });
      expect(
        await api().post('/api/serviceaccounts', { name: w.unique('r'), role: 'Owner' }),
      ).toMatchObject({ status: 400, body: { message: 'invalid role specified' } });
      const forbidden = await as(w.editor.auth).post('/api/serviceaccounts', { name: 'x' });
      expect(forbidden.body).toEqual(ACCESS_DENIED('serviceaccounts:create'));
      expect(await api().post('/api/serviceaccounts/999999/tokens', { name: 'x' })).toMatchObject({
        status: 404,
        body: { message: 'Failed to retrieve service account', traceID: '' },
      });
      // A person is not a service account.
      expect((await api().post('/api/serviceaccounts/1/tokens', { name: 'x' })).status).toBe(404);
      expect(await api().post('/api/serviceaccounts/x/tokens', { name: 'x' })).toMatchObject({
        status: 400,
        body: { message: 'Service Account ID is invalid' },
      });
      expect(
        await api().post(`/api/serviceaccounts/${w.serviceAccountId}/tokens`, {
          name: w.unique('t'),
          secondsToLive: -1,
        }),
      ).toMatchObject({ status: 400, body: { message: 'invalid SecondsToLive value' } });
    });
  });

  describe('orgs', () => {
    it('creates orgs and adds members with a role', async () => {
      const w = world();
      const name = w.unique('Org');
      const created = await api().post<{ orgId: number }>('/api/orgs', { name });
      expect(created.body).toEqual({ message: 'Organization created', orgId: expect.any(Number) });
      expect(await api().post('/api/orgs', { name })).toMatchObject({
        status: 409,
        body: { message: 'Organization name taken' },
      });
      const orgId = created.body.orgId;
      expect(
        await api().post(`/api/orgs/${orgId}/users`, {
          loginOrEmail: w.viewer.email,
          role: 'Editor',
        }),
      ).toMatchObject({
        status: 200,
        body: { message: 'User added to organization', userId: w.viewer.id },
      });
      expect(
        await api().post(`/api/orgs/${orgId}/users`, {
          loginOrEmail: w.viewer.login,
          role: 'Editor',
        }),
      ).toMatchObject({
        status: 409,
        body: { message: 'User is already member of this organization' },
      });
      expect(
        await api().post(`/api/orgs/${orgId}/users`, { loginOrEmail: 'nobody', role: 'Editor' }),
      ).toMatchObject({ status: 404, body: { message: 'User not found' } });
      expect(
        await api().post(`/api/orgs/${orgId}/users`, {
          loginOrEmail: w.viewer.login,
          role: 'Boss',
        }),
      ).toMatchObject({ status: 400, body: { message: 'Invalid role specified' } });
      expect((await as(w.editor.auth).post('/api/orgs', { name: w.unique('o') })).body).toEqual(
        ACCESS_DENIED('orgs:create'),
      );
    });

    it('changes org roles, keeping one Admin', async () => {
      const w = world();
      // The admin creates an org and is its only Admin.
      const org = await api().post<{ orgId: number }>('/api/orgs', { name: w.unique('solo') });
      const demote = await api().patch(
        `/api/org/users/${w.admin.id}`,
        { role: 'Viewer' },
        { orgId: org.body.orgId },
      );
      expect(demote.status).toBe(400);
      expect(demote.body).toEqual({
        message: 'Cannot change role so that there is no organization admin left',
      });
      await api().post(`/api/orgs/${org.body.orgId}/users`, {
        loginOrEmail: w.viewer.login,
        role: 'Viewer',
      });
      const promote = await api().patch(
        `/api/org/users/${w.viewer.id}`,
        { role: 'Admin' },
        { orgId: org.body.orgId },
      );
      expect([promote.status, promote.body]).toEqual([
        200,
        { message: 'Organization user updated' },
      ]);
      const editor = as(w.editor.auth);
      expect(await api().patch('/api/org/users/987654', { role: 'Viewer' })).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      expect((await editor.patch(`/api/org/users/${w.viewer.id}`, { role: 'Admin' })).body).toEqual(
        ACCESS_DENIED('org.users:write'),
      );
    });
  });
}
