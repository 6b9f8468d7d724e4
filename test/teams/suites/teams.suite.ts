import { createHash } from 'node:crypto';
import { addMember, createTeam, World } from '../world';
import { ACCESS_DENIED } from './identity.suite';

interface TeamDto {
  id: number;
  uid: string;
  orgId: number;
  name: string;
  email: string;
  memberCount: number;
  accessControl: Record<string, boolean> | null;
}
interface SearchResult {
  totalCount: number;
  teams: TeamDto[];
  page: number;
  perPage: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const TEAM_NOT_FOUND = { message: 'Team not found', traceID: '' };

export function teamsSuite(world: () => World): void {
  const api = () => world().api;
  const search = (query: string) => api().get<SearchResult>(`/api/teams/search?${query}`);

  describe('POST /api/teams (E3)', () => {
    it('creates a team, answers its id and uid, and makes the creating user its Admin', async () => {
      const name = world().unique('Created Team');
      const created = await api().post<{ teamId: number; uid: string }>('/api/teams', {
        Name: name,
        email: 'team@example.com',
        orgId: 99,
      });
      expect(created.status).toBe(200);
      expect(created.headers.get('content-type')).toMatch(/^application\/json/);
      expect(created.body).toEqual({
        message: 'Team created',
        teamId: expect.any(Number),
        uid: expect.stringMatching(/^[a-z][a-z0-9]{13}$/),
      });
      const team = await api().get<TeamDto>(`/api/teams/${created.body.teamId}`);
      expect(team.body).toMatchObject({
        orgId: 1,
        name,
        email: 'team@example.com',
        memberCount: 1,
      });
      const members = await api().get<{ userId: number; permission: number }[]>(
        `/api/teams/${created.body.teamId}/members`,
      );
      expect(members.body.map((m) => [m.userId, m.permission])).toEqual([[1, 4]]);
    });

    it('does not make a service account a member of the team it creates', async () => {
      const created = await api()
        .as({ token: world().adminToken })
        .post<{ teamId: number }>('/api/teams', { name: world().unique('sa-team') });
      expect(created.status).toBe(200);
      const team = await api().get<TeamDto>(`/api/teams/${created.body.teamId}`);
      expect(team.body.memberCount).toBe(0);
    });

    it('answers 409 Team name taken for a name used in the org (exact, case-sensitive)', async () => {
      const { name } = await createTeam(world());
      const taken = await api().post('/api/teams', { name });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ message: 'Team name taken', traceID: '' });
      expect((await api().post('/api/teams', { name: name.toUpperCase() })).status).toBe(200);
      // Names are per org.
      const w = world();
      const elsewhere = await api()
        .as(w.editor.auth)
        .post('/api/teams', { name }, { orgId: w.otherOrgId });
      expect(elsewhere.status).toBe(200);
    });

    it('answers 400 bad request data for a missing name or a body that does not fit', async () => {
      for (const body of [
        {},
        { name: '' },
        { name: 5 },
        { name: 'x', email: false },
        [],
        '"text"',
        '{"name":',
        { name: 'x'.repeat(191) },
      ]) {
        const answer = await api().post('/api/teams', body);
        expect([answer.status, answer.body]).toEqual([
          400,
          { message: 'bad request data', traceID: '' },
        ]);
      }
      const empty = await api().request('POST', '/api/teams', {
        headers: { 'content-type': 'application/json' },
      });
      expect([empty.status, empty.body]).toEqual([
        400,
        { message: 'bad request data', traceID: '' },
      ]);
    });

    it('reads a JSON body whatever its content type (curl -d)', async () => {
      const answer = await api().post(
        '/api/teams',
        JSON.stringify({ name: world().unique('curl') }),
        { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      expect(answer.status).toBe(200);
    });

    it('takes names literally: quotes, SQL and unicode are just names', async () => {
      for (const name of ["O'Brien; DROP TABLE teams; --", 'Équipe ✓', '%_\\']) {
        const unique = `${name} ${world().unique('n')}`;
        const created = await api().post<{ teamId: number }>('/api/teams', { name: unique });
        expect(created.status).toBe(200);
        expect((await api().get<TeamDto>(`/api/teams/${created.body.teamId}`)).body.name).toBe(
          unique,
        );
      }
    });
  });

  describe('GET /api/teams/:teamId (E2)', () => {
    it("answers Grafana's team DTO, by id or by uid", async () => {
      const { id, uid, name } = await createTeam(world(), world().unique('My Team'));
      const expected = {
        id,
        uid,
        orgId: 1,
        name,
        email: '',
        externalUID: '',
        isProvisioned: false,
        avatarUrl: `/avatar/${md5(`${name.replace(/[^A-Za-z0-9]/g, '')}@localhost`.toLowerCase())}`,
        memberCount: 1,
        permission: 0,
        accessControl: null,
      };
      const byId = await api().get(`/api/teams/${id}`);
      expect(byId.body).toEqual(expected);
      expect(Object.keys(byId.body as object)).toEqual(Object.keys(expected));
      expect((await api().get(`/api/teams/${uid}`)).body).toEqual(expected);
    });

    it('uses the team email for the avatar when it has one', async () => {
      const { id } = await createTeam(world(), undefined, 'Ops@Example.com');
      expect(
        (await api().get<TeamDto & { avatarUrl: string }>(`/api/teams/${id}`)).body.avatarUrl,
      ).toBe(`/avatar/${md5('ops@example.com')}`);
    });

    it('adds the caller’s actions with ?accesscontrol=true', async () => {
      const w = world();
      const { id } = await createTeam(w);
      await addMember(w, id, w.teamMember.id);
      const asAdmin = await api().get<TeamDto>(`/api/teams/${id}?accesscontrol=true`);
      expect(asAdmin.body.accessControl).toEqual({
        'teams.permissions:read': true,
        'teams.permissions:write': true,
        'teams:delete': true,
        'teams:read': true,
        'teams:write': true,
      });
      const asMember = await api()
        .as(w.teamMember.auth)
        .get<TeamDto>(`/api/teams/${id}?accesscontrol=1`);
      expect(asMember.body.accessControl).toEqual({ 'teams:read': true });
      expect(
        (await api().get<TeamDto>(`/api/teams/${id}?accesscontrol=yes`)).body.accessControl,
      ).toBeNull();
    });

    it('answers 404 Team not found for ids of no team, and Not found for unknown uids', async () => {
      for (const id of ['987654', '-5', '0', '9223372036854775807', '+987654']) {
        const answer = await api().get(`/api/teams/${id}`);
        expect([id, answer.status, answer.body]).toEqual([id, 404, TEAM_NOT_FOUND]);
      }
      for (const id of [
        'no-such-uid',
        '99999999999999999999',
        '1.5',
        encodeURIComponent("1' or '1'='1"),
      ]) {
        const answer = await api().get(`/api/teams/${id}`);
        expect([id, answer.status, answer.body]).toEqual([id, 404, { message: 'Not found' }]);
      }
    });

    it("does not show another org's team", async () => {
      const w = world();
      const created = await api()
        .as(w.editor.auth)
        .post<{ teamId: number; uid: string }>(
          '/api/teams',
          { name: w.unique('hidden') },
          { orgId: w.otherOrgId },
        );
      expect((await api().get(`/api/teams/${created.body.teamId}`)).body).toEqual(TEAM_NOT_FOUND);
      expect((await api().get(`/api/teams/${created.body.uid}`)).body).toEqual({
        message: 'Not found',
      });
    });
  });

  describe('GET /api/teams/search (E1)', () => {
    let stem: string;
    let ids: Record<string, number>;

    beforeAll(async () => {
      const w = world();
      stem = w.unique('Search');
      ids = {};
      // Names chosen to exercise ordering, substring matching and the LIKE metacharacters.
      for (const [suffix, email] of [
        ['alpha', 'c@x'],
        ['Beta', 'a@x'],
        ['gamma 50%', 'b@x'],
        ['delta_x', ''],
      ] as const) {
        const team = await createTeam(w, `${stem} ${suffix}`, email || undefined);
        ids[suffix] = team.id;
      }
      await addMember(w, ids['gamma 50%'], w.teamMember.id);
      await addMember(w, ids['gamma 50%'], w.teamAdmin.id);
    });

    it('answers every matching team with Grafana defaults (page 1, perPage 1000)', async () => {
      const answer = await search(`query=${encodeURIComponent(stem)}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ totalCount: 4, page: 1, perPage: 1000 });
      // Default order: name ascending, byte-wise.
      expect(answer.body.teams.map((t) => t.name)).toEqual([
        `${stem} Beta`,
        `${stem} alpha`,
        `${stem} delta_x`,
        `${stem} gamma 50%`,
      ]);
    });

    it('matches query as a case-insensitive literal substring; + and %20 are spaces', async () => {
      expect(
        (await search(`query=${encodeURIComponent(stem.toUpperCase())}+BETA`)).body.totalCount,
      ).toBe(1);
      expect((await search(`query=${encodeURIComponent(`${stem} gamma`)}`)).body.totalCount).toBe(
        1,
      );
      expect(
        (await search(`query=${encodeURIComponent('50%')}`)).body.teams.map((t) => t.id),
      ).toEqual([ids['gamma 50%']]);
      // `_` and `%` are not wildcards.
      expect((await search(`query=${encodeURIComponent(`${stem} delta_`)}`)).body.totalCount).toBe(
        1,
      );
      expect((await search(`query=${encodeURIComponent(`${stem} d%a`)}`)).body.totalCount).toBe(0);
      expect((await search(`query=${encodeURIComponent(`${stem} delt_`)}`)).body.totalCount).toBe(
        0,
      );
      const injection = await search(
        `query=${encodeURIComponent("' OR 1=1; DROP TABLE teams; --")}`,
      );
      expect(injection.body.totalCount).toBe(0);
      expect((await search(`query=${encodeURIComponent(stem)}`)).body.totalCount).toBe(4);
    });

    it('filters by exact name (name, and team as an alias); no match is 200 with no teams', async () => {
      const exact = await search(`name=${encodeURIComponent(`${stem} alpha`)}`);
      expect(exact.body.teams.map((t) => t.id)).toEqual([ids.alpha]);
      const alias = await search(`team=${encodeURIComponent(`${stem} alpha`)}`);
      expect(alias.body.teams.map((t) => t.id)).toEqual([ids.alpha]);
      const caseDiffers = await search(`name=${encodeURIComponent(`${stem} ALPHA`)}`);
      expect(caseDiffers.status).toBe(200);
      expect(caseDiffers.body).toMatchObject({ totalCount: 0, teams: [] });
    });

    it('pages with perpage and page; the Go client’s perPage is ignored', async () => {
      const q = `query=${encodeURIComponent(stem)}`;
      const second = await search(`${q}&perpage=3&page=2`);
      expect(second.body).toMatchObject({ totalCount: 4, page: 2, perPage: 3 });
      expect(second.body.teams.map((t) => t.name)).toEqual([`${stem} gamma 50%`]);
      expect((await search(`${q}&perPage=1`)).body).toMatchObject({ perPage: 1000 });
      for (const bad of ['perpage=-1&page=-1', 'perpage=abc&page=x', 'perpage=0&page=0']) {
        expect((await search(`${q}&${bad}`)).body).toMatchObject({ page: 1, perPage: 1000 });
      }
      const far = await search(`${q}&perpage=1000000&page=99999999999`);
      expect(far.body).toMatchObject({ totalCount: 4, teams: [] });
    });

    it('restricts the page, not totalCount, to repeated teamId parameters', async () => {
      const answer = await search(
        `query=${encodeURIComponent(stem)}&teamId=${ids.alpha}&teamId=x&teamId=${ids.Beta}`,
      );
      expect(answer.body.totalCount).toBe(4);
      expect(answer.body.teams.map((t) => t.id).sort()).toEqual([ids.alpha, ids.Beta].sort());
    });

    it('sorts by name, email and memberCount in fixed priority', async () => {
      const q = `query=${encodeURIComponent(stem)}`;
      const names = async (sort: string) =>
        (await search(`${q}&sort=${sort}`)).body.teams.map((t) => t.name.slice(stem.length + 1));
      expect(await names('name-desc')).toEqual(['gamma 50%', 'delta_x', 'alpha', 'Beta']);
      expect(await names('email-asc')).toEqual(['delta_x', 'Beta', 'gamma 50%', 'alpha']);
      expect(await names('memberCount-desc,email-desc')).toEqual([
        'alpha',
        'gamma 50%',
        'Beta',
        'delta_x',
      ]);
      const top = await search(`${q}&sort=memberCount-desc`);
      expect(top.body.teams[0]).toMatchObject({ id: ids['gamma 50%'], memberCount: 3 });
    });

    it('answers a structured 400 for an unknown sort option', async () => {
      for (const sort of ['name', 'id-asc', 'name-asc,,', 'name-asc;drop table teams']) {
        const answer = await search(`sort=${encodeURIComponent(sort)}`);
        expect([answer.status, answer.body]).toEqual([
          400,
          {
            message: 'BadRequest',
            messageId: 'unknown sorting option',
            statusCode: 400,
            traceID: '',
          },
        ]);
      }
    });

    it('shows a non-admin only their teams, and 403 to someone in no team', async () => {
      const w = world();
      const asMember = await api()
        .as(w.teamMember.auth)
        .get<SearchResult>(
          `/api/teams/search?query=${encodeURIComponent(stem)}&accesscontrol=true`,
        );
      expect(asMember.body.totalCount).toBe(1);
      expect(asMember.body.teams[0]).toMatchObject({
        id: ids['gamma 50%'],
        accessControl: { 'teams:read': true },
      });
      const lonely = await api().as(w.editor.auth).get('/api/teams/search');
      expect(lonely.status).toBe(403);
      expect(lonely.body).toEqual(ACCESS_DENIED('teams:read'));
    });
  });

  describe('PUT /api/teams/:teamId (E4)', () => {
    it('renames, and always writes the email (absent clears it)', async () => {
      const { id } = await createTeam(world(), undefined, 'keep@x');
      const renamed = world().unique('Renamed');
      const answer = await api().put(`/api/teams/${id}`, { name: renamed });
      expect([answer.status, answer.body]).toEqual([200, { message: 'Team updated' }]);
      expect((await api().get(`/api/teams/${id}`)).body).toMatchObject({
        name: renamed,
        email: '',
      });
      await api().put(`/api/teams/${id}`, { email: 'new@x' });
      expect((await api().get(`/api/teams/${id}`)).body).toMatchObject({
        name: renamed,
        email: 'new@x',
      });
    });

    it('answers 400 Team name taken (not 409) and 404 for a missing team', async () => {
      const first = await createTeam(world());
      const second = await createTeam(world());
      const taken = await api().put(`/api/teams/${second.uid}`, { name: first.name });
      expect([taken.status, taken.body]).toEqual([
        400,
        { message: 'Team name taken', traceID: '' },
      ]);
      expect((await api().put(`/api/teams/${second.id}`, { name: second.name })).status).toBe(200);
      expect((await api().put('/api/teams/987654', { name: 'x' })).body).toEqual(TEAM_NOT_FOUND);
      expect((await api().put(`/api/teams/${second.id}`, { name: 7 })).body).toEqual({
        message: 'bad request data',
        traceID: '',
      });
    });
  });

  describe('DELETE /api/teams/:teamId (E5)', () => {
    it('deletes the team with its members and preferences', async () => {
      const w = world();
      const { id, name } = await createTeam(w);
      await addMember(w, id, w.teamMember.id);
      await api().put(`/api/teams/${id}/preferences`, { theme: 'dark' });
      const answer = await api().delete(`/api/teams/${id}`);
      expect([answer.status, answer.body]).toEqual([200, { message: 'Team deleted' }]);
      expect((await api().delete(`/api/teams/${id}`)).body).toEqual(TEAM_NOT_FOUND);
      expect((await api().get(`/api/teams/${id}`)).status).toBe(404);
      const again = await createTeam(w, name);
      expect((await api().get(`/api/teams/${again.id}`)).body).toMatchObject({ memberCount: 1 });
      expect((await api().get(`/api/teams/${again.id}/preferences`)).body).toEqual({});
      expect(
        (await api().as(w.teamMember.auth).get<TeamDto[]>('/api/user/teams')).body.map((t) => t.id),
      ).not.toContain(id);
    });
  });

  describe('teams of a user (E13, E14)', () => {
    it('lists the signed-in user’s teams, and any user’s for a Grafana Admin', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamAdmin.id, true);
      const mine = await api().as(w.teamAdmin.auth).get<TeamDto[]>('/api/user/teams');
      expect(mine.status).toBe(200);
      expect(mine.body.find((t) => t.id === team.id)).toMatchObject({
        name: team.name,
        memberCount: 2,
        accessControl: null,
      });
      const theirs = await api().get<TeamDto[]>(`/api/users/${w.teamAdmin.id}/teams`);
      expect(theirs.body.map((t) => t.id)).toContain(team.id);
      expect((await api().get(`/api/users/987654/teams`)).body).toEqual([]);
      expect(await api().get('/api/users/abc/teams')).toMatchObject({
        status: 400,
        body: { message: 'id is invalid', traceID: '' },
      });
      const forbidden = await api().as(w.teamAdmin.auth).get(`/api/users/${w.teamAdmin.id}/teams`);
      expect(forbidden.body).toEqual(ACCESS_DENIED('users.teams:read'));
      const token = await api().as({ token: w.adminToken }).get('/api/user/teams');
      expect([token.status, token.body]).toEqual([404, { message: 'user not found' }]);
    });
  });
}
