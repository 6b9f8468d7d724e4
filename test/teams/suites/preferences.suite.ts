import { createTeam, World } from '../world';

const TEAM_NOT_FOUND = { message: 'Team not found', traceID: '' };

export function preferencesSuite(world: () => World): void {
  const api = () => world().api;

  describe('team preferences (E11, E12)', () => {
    it('start empty, and read back only the keys that have a value', async () => {
      const team = await createTeam(world());
      const empty = await api().get(`/api/teams/${team.id}/preferences`);
      expect([empty.status, empty.body]).toEqual([200, {}]);
      const saved = await api().put(`/api/teams/${team.uid}/preferences`, {
        theme: 'dark',
        timezone: 'Europe/Paris',
        weekStart: 'monday',
        language: 'fr-FR',
        queryHistory: { homeTab: 'starred' },
        navbar: { bookmarkUrls: ['/d/abc'] },
        cookies: ['analytics'],
        homeDashboardId: 12,
      });
      expect([saved.status, saved.body]).toEqual([200, { message: 'Preferences updated' }]);
      expect((await api().get(`/api/teams/${team.id}/preferences`)).body).toEqual({
        timezone: 'Europe/Paris',
        weekStart: 'monday',
        theme: 'dark',
        language: 'fr-FR',
        queryHistory: { homeTab: 'starred' },
        navbar: { bookmarkUrls: ['/d/abc'] },
      });
    });

    it('replace everything on PUT: omitted keys reset', async () => {
      const team = await createTeam(world());
      await api().put(`/api/teams/${team.id}/preferences`, { theme: 'light', timezone: 'utc' });
      await api().put(`/api/teams/${team.id}/preferences`, { weekStart: 'sunday' });
      expect((await api().get(`/api/teams/${team.id}/preferences`)).body).toEqual({
        weekStart: 'sunday',
      });
      await api().put(`/api/teams/${team.id}/preferences`, {});
      expect((await api().get(`/api/teams/${team.id}/preferences`)).body).toEqual({});
    });

    it('validate the theme, the home dashboard and the cookie types', async () => {
      const team = await createTeam(world());
      const path = `/api/teams/${team.id}/preferences`;
      await api().put(path, { theme: 'dark' });
      expect(await api().put(path, { theme: 'neon' })).toMatchObject({
        status: 400,
        body: { message: 'Invalid theme' },
      });
      expect((await api().put(path, { theme: 'neon' })).body).toEqual({ message: 'Invalid theme' });
      expect(await api().put(path, { homeDashboardUID: 'no-such-dashboard' })).toMatchObject({
        status: 404,
        body: { message: 'Dashboard not found', traceID: '' },
      });
      const cookie = await api().put(path, { cookies: ['analytics', 'tracking'] });
      expect([cookie.status, cookie.body]).toEqual([
        400,
        {
          message:
            "Got an unknown cookie preference type. Expected a set containing one or more of 'functional', 'performance', or 'analytics'}",
          messageId: 'preferences.unknownCookieType',
          statusCode: 400,
          traceID: '',
        },
      ]);
      for (const body of [{ theme: 1 }, { navbar: [] }, { cookies: 'analytics' }, '{']) {
        expect((await api().put(path, body)).body).toEqual({
          message: 'bad request data',
          traceID: '',
        });
      }
      // Failed updates left the stored preferences alone; extra themes are valid.
      expect((await api().get(path)).body).toEqual({ theme: 'dark' });
      expect((await api().put(path, { theme: 'gloom', homeDashboardUID: '' })).status).toBe(200);
    });

    it("answer 404 Team not found for a missing or another org's team (Grafana: {})", async () => {
      const w = world();
      expect((await api().get('/api/teams/987654/preferences')).body).toEqual(TEAM_NOT_FOUND);
      expect((await api().put('/api/teams/987654/preferences', { theme: 'dark' })).body).toEqual(
        TEAM_NOT_FOUND,
      );
      const other = await api()
        .as(w.editor.auth)
        .post<{ teamId: number }>('/api/teams', { name: w.unique('p') }, { orgId: w.otherOrgId });
      expect((await api().get(`/api/teams/${other.body.teamId}/preferences`)).status).toBe(404);
    });
  });
}
