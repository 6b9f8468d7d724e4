import { goDecodeList, TEAM_GROUP_DTO } from '../go-openapi-models';
import { addMember, createTeam, World } from '../world';
import { ACCESS_DENIED } from './identity.suite';

const GROUP = 'cn=editors,ou=groups,dc=grafana,dc=org';

export function teamGroupsSuite(world: () => World): void {
  const api = () => world().api;

  describe('team sync groups (E15)', () => {
    it('adds, lists, searches and removes groups in both delete forms', async () => {
      const w = world();
      const team = await createTeam(w);
      const added = await api().post(`/api/teams/${team.uid}/groups`, { groupId: GROUP });
      expect([added.status, added.body]).toEqual([200, { message: 'Group added to Team' }]);
      await api().post(`/api/teams/${team.id}/groups`, { GroupID: 'ops' });
      const list = await api().get(`/api/teams/${team.id}/groups`);
      expect([list.status, list.body]).toEqual([
        200,
        [
          { orgId: 1, teamId: team.id, groupId: GROUP },
          { orgId: 1, teamId: team.id, groupId: 'ops' },
        ],
      ]);
      expect(goDecodeList(list.body, TEAM_GROUP_DTO)).toHaveLength(2);
      const search = await api().get(`/api/teams/${team.id}/groups/search?query=EDIT&perpage=1`);
      expect(search.body).toEqual({
        totalCount: 1,
        teamGroups: [{ orgId: 1, teamId: team.id, groupId: GROUP }],
        page: 1,
        perPage: 1,
      });
      // The groups are the /apis object's spec.externalGroups.
      const object = await api().get<{ spec: { externalGroups: string[] } }>(
        `/apis/iam.grafana.app/v0alpha1/namespaces/default/teams/${team.uid}`,
      );
      expect(object.body.spec.externalGroups).toEqual([GROUP, 'ops']);
      const removed = await api().delete(
        `/api/teams/${team.id}/groups?groupId=${encodeURIComponent(GROUP)}`,
      );
      expect([removed.status, removed.body]).toEqual([200, { message: 'Team Group removed' }]);
      // The Go client's older path form, unescaped.
      expect((await api().delete(`/api/teams/${team.id}/groups/ops`)).body).toEqual({
        message: 'Team Group removed',
      });
      expect((await api().get(`/api/teams/${team.id}/groups`)).body).toEqual([]);
      // Members synced from groups would carry labels; none are synced here.
      const members = await api().get<{ labels: string[] }[]>(`/api/teams/${team.id}/members`);
      expect(members.body.every((member) => member.labels.length === 0)).toBe(true);
    });

    it("answers Grafana's errors and permissions", async () => {
      const w = world();
      const team = await createTeam(w);
      await api().post(`/api/teams/${team.id}/groups`, { groupId: 'dup' });
      expect(await api().post(`/api/teams/${team.id}/groups`, { groupId: 'dup' })).toMatchObject({
        status: 400,
        body: { message: 'Group is already added to this team' },
      });
      for (const body of [{}, { groupId: '' }, { groupId: 5 }, '[]']) {
        expect((await api().post(`/api/teams/${team.id}/groups`, body)).body).toEqual({
          message: 'bad request data',
          traceID: '',
        });
      }
      expect(await api().delete(`/api/teams/${team.id}/groups?groupId=absent`)).toMatchObject({
        status: 404,
        body: { message: 'Group not found' },
      });
      expect((await api().delete(`/api/teams/${team.id}/groups`)).status).toBe(400);
      expect((await api().get('/api/teams/987654/groups')).body).toEqual({
        message: 'Team not found',
        traceID: '',
      });
      expect((await api().get('/api/teams/no-such-uid/groups')).body).toEqual({
        message: 'Not found',
      });
      // A team Member reads nothing; a team Admin manages the groups.
      await addMember(w, team.id, w.teamMember.id);
      await addMember(w, team.id, w.teamAdmin.id, true);
      const member = await api().as(w.teamMember.auth).get(`/api/teams/${team.id}/groups`);
      expect([member.status, member.body]).toEqual([403, ACCESS_DENIED('teams.permissions:read')]);
      const admin = api().as(w.teamAdmin.auth);
      expect((await admin.post(`/api/teams/${team.id}/groups`, { groupId: 'x' })).status).toBe(200);
      expect((await admin.delete(`/api/teams/${team.id}/groups/x`)).status).toBe(200);
    });
  });
}
