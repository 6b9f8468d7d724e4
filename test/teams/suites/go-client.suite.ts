import { GoClient, GoClientError, teamByName } from '../../support/go-client';
import { World } from '../world';

async function failure(promise: Promise<unknown>): Promise<GoClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GoClientError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export function goClientSuite(world: () => World): void {
  describe('grafana-api-golang-client wire habits (spec §6)', () => {
    it('creates, finds, renames, staffs, configures and deletes a team', async () => {
      const w = world();
      const client = new GoClient(w.service.httpUrl, {
        basicAuth: [w.admin.login, w.admin.password],
      });
      const name = w.unique('Go Team');
      const id = await client.addTeam(name, 'go@example.com');
      expect(client.sent.at(-1)).toMatchObject({
        method: 'POST',
        path: '/api/teams',
        body: JSON.stringify({ name, email: 'go@example.com' }),
      });

      const found = await teamByName(client, name);
      expect(found).toMatchObject({ id, orgId: 1, name, email: 'go@example.com', memberCount: 1 });
      // query always present, keys sorted, spaces as +
      expect(client.sent.at(-1)?.path).toBe(
        `/api/teams/search?page=1&perPage=1000&query=${encodeURIComponent(name).replace(/%20/g, '+')}`,
      );
      expect(client.sent.at(-1)?.headers['Content-Type']).toBe('application/json');
      await expect(teamByName(client, `${name} missing`)).rejects.toThrow('team not found');

      // UpdateTeam without an email clears it, as on Grafana.
      const renamed = `${name} renamed`;
      await client.updateTeam(id, renamed);
      expect(await client.team(id)).toMatchObject({ name: renamed, email: '' });

      await client.addTeamMember(id, w.teamMember.id);
      expect(client.sent.at(-1)?.body).toBe(JSON.stringify({ userID: w.teamMember.id }));
      const members = await client.teamMembers(id);
      expect(members.map((m) => [m.userId, m.login, m.permission])).toEqual([
        [1, 'admin', 4],
        [w.teamMember.id, w.teamMember.login, 0],
      ]);
      await client.removeMemberFromTeam(id, w.teamMember.id);
      expect((await client.teamMembers(id)).map((m) => m.userId)).toEqual([1]);
      const missingMember = await failure(client.removeMemberFromTeam(id, w.teamMember.id));
      expect(missingMember.name).toBe('ErrNotFound');
      expect(missingMember.message).toBe('status: 404, body: {"message":"Team member not found"}');

      await client.updateTeamPreferences(id, { theme: 'dark', timezone: 'utc', locale: 'en-US' });
      expect(JSON.parse(client.sent.at(-1)?.body ?? '')).toEqual({
        theme: 'dark',
        timezone: 'utc',
        locale: 'en-US',
        navbar: { savedItems: null },
        queryHistory: { homeTab: '' },
      });
      expect(await client.teamPreferences(id)).toEqual({ theme: 'dark', timezone: 'utc' });

      await client.deleteTeam(id);
      const gone = await failure(client.team(id));
      expect(gone.name).toBe('ErrNotFound');
      expect(gone.message).toBe('status: 404, body: {"message":"Team not found","traceID":""}');
      expect((await failure(client.deleteTeam(id))).status).toBe(404);
    });

    it('works with a service account token and an org id', async () => {
      const w = world();
      const client = new GoClient(w.service.httpUrl, { apiKey: w.adminToken, orgId: 1 });
      const id = await client.addTeam(w.unique('token team'));
      expect(client.sent.at(-1)?.headers).toMatchObject({
        Authorization: `Bearer ${w.adminToken}`,
        'X-Grafana-Org-Id': '1',
      });
      // A service account does not become a member of the team it creates.
      expect((await client.team(id)).memberCount).toBe(0);
      await client.deleteTeam(id);
      const wrongOrg = new GoClient(w.service.httpUrl, {
        apiKey: w.adminToken,
        orgId: w.otherOrgId,
      });
      expect((await failure(wrongOrg.searchTeam(''))).status).toBe(401);
    });

    it('reports a name conflict as a plain error with the body', async () => {
      const w = world();
      const client = new GoClient(w.service.httpUrl, {
        basicAuth: [w.admin.login, w.admin.password],
      });
      const name = w.unique('conflict');
      await client.addTeam(name);
      const conflict = await failure(client.addTeam(name));
      expect(conflict.message).toBe(
        'status: 409, body: {"message":"Team name taken","traceID":""}',
      );
    });
  });
}
