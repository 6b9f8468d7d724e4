import { createTeam, World } from '../world';

export function robustnessSuite(world: () => World): void {
  const api = () => world().api;

  describe('bad input and concurrency', () => {
    it('answers 413 for a body over 1 MiB, and 400 bad request data for broken JSON', async () => {
      const big = await api().post('/api/teams', { name: 'x'.repeat(1024 * 1024 + 10) });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ message: 'request body too large (limit 1 MiB)' });
      for (const raw of ['{', 'nul', '{"name":"a",}', '\u0000']) {
        expect(await api().post('/api/teams', raw)).toMatchObject({
          status: 400,
          body: { message: 'bad request data', traceID: '' },
        });
      }
    });

    it('answers Not found for unknown /api routes and leaves /healthcheck and /json alone', async () => {
      for (const path of ['/api/nothing', '/api/teams/1/unknown', '/api/teams/search/x']) {
        expect(await api().get(path)).toMatchObject({
          status: 404,
          body: { message: 'Not found' },
        });
      }
      const health = await fetch(`${world().service.httpUrl}/healthcheck`);
      expect([health.status, await health.text()]).toEqual([200, 'OK']);
      const decision = await fetch(`${world().service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify({
          domain: 'none',
          descriptors: [{ entries: [{ key: 'a', value: 'b' }] }],
        }),
      });
      expect(decision.status).toBe(200);
    });

    it('accepts GET and DELETE with a JSON content type and no body (the Go client)', async () => {
      const team = await createTeam(world());
      const headers = { 'content-type': 'application/json', 'content-length': '0' };
      expect((await api().get(`/api/teams/${team.id}`, { headers })).status).toBe(200);
      expect((await api().delete(`/api/teams/${team.id}`, { headers })).status).toBe(200);
    });

    it('lets the database decide between concurrent creates of one name', async () => {
      const name = world().unique('race');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => api().post('/api/teams', { name })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const loser of answers.filter((a) => a.status === 409)) {
        expect(loser.body).toEqual({ message: 'Team name taken', traceID: '' });
      }
      const found = await api().get<{ totalCount: number }>(
        `/api/teams/search?name=${encodeURIComponent(name)}`,
      );
      expect(found.body.totalCount).toBe(1);
    });

    it('adds a member once when the same add races', async () => {
      const w = world();
      const team = await createTeam(w);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          api().post(`/api/teams/${team.id}/members`, { userId: w.teamMember.id }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({ memberCount: 2 });
    });

    it('serialises concurrent bulk membership updates of one team', async () => {
      const w = world();
      const team = await createTeam(w);
      const sets = [
        { members: [w.teamMember.email], admins: [] },
        { members: [w.teamAdmin.email], admins: [w.admin.email] },
        { members: [], admins: [w.teamMember.email, w.teamAdmin.email] },
      ];
      const answers = await Promise.all(
        sets.map((body) => api().put(`/api/teams/${team.id}/members`, body)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const members = await api().get<{ email: string }[]>(`/api/teams/${team.id}/members`);
      const emails = members.body.map((m) => m.email).sort();
      // The result is exactly one of the requested sets, never a mix.
      const candidates = sets.map((s) => [...s.members, ...s.admins].sort());
      expect(candidates).toContainEqual(emails);
    });

    it('reports the database as a health component', async () => {
      // Healthy: /healthcheck answers OK only when every component, the database included, is up.
      const health = await fetch(`${world().service.httpUrl}/healthcheck`);
      expect(health.status).toBe(200);
    });
  });
}
