import { GrafanaApi } from '../../support/grafana-api';
import {
  CREATE_TEAM_OK_BODY,
  goDecode,
  goDecodeList,
  ORG_USER_DTO,
  PREFERENCES,
  SUCCESS_RESPONSE_BODY,
  TEAM_DTO,
  TEAM_GROUP_DTO,
  TEAM_MEMBER_DTO,
} from '../go-openapi-models';
import { createUser, World } from '../world';

/**
 * One call of the provider's client: the status must be a success (the client turns any other
 * into an error that fails the apply) and the body must decode into the client's model.
 */
async function call(
  api: GrafanaApi,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const answer = await api.request(method, path, {
    body,
    // The openapi client sends these on every call.
    headers: { accept: 'application/json', 'content-type': 'application/json' },
  });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

export function terraformProviderSuite(world: () => World): void {
  describe('Terraform provider grafana_team life cycle (grafana-openapi-client-go)', () => {
    it("decodes only bodies of the client's JSON types", () => {
      expect(() => goDecode({ userId: '2' }, ORG_USER_DTO)).toThrow('cannot unmarshal');
      expect(() => goDecode({ lastSeenAt: 'yesterday' }, ORG_USER_DTO)).toThrow();
      expect(() => goDecodeList({}, TEAM_MEMBER_DTO)).toThrow();
      expect(goDecode({ USERID: 2, authLabels: null }, ORG_USER_DTO)).toEqual({
        userId: 2,
        authLabels: null,
      });
    });

    it('creates a team with members, an admin and preferences, then reads it back', async () => {
      const w = world();
      const api = w.api;
      const alice = await createUser(w, 'tf-alice');
      const bob = await createUser(w, 'tf-bob');
      const name = w.unique('tf team');

      // resource create: CreateTeam
      const created = goDecode(
        await call(api, 'POST', '/api/teams', { email: 'tf@example.com', name }),
        CREATE_TEAM_OK_BODY,
      );
      const teamId = created.teamId as number;
      expect(created).toEqual({
        message: 'Team created',
        teamId: expect.any(Number),
        uid: expect.any(String),
      });

      // applyTeamMembers: GetOrgUsersForCurrentOrg (no parameters) to turn emails into ids
      const orgUsers = goDecodeList(await call(api, 'GET', '/api/org/users'), ORG_USER_DTO);
      const idOf = new Map(orgUsers.map((user) => [user.email, user.userId as number]));
      expect(idOf.get(alice.email)).toBe(alice.id);
      expect(idOf.get(bob.email)).toBe(bob.id);

      // AddTeamMember per new member, then the admin's permission
      for (const email of [alice.email, bob.email]) {
        goDecode(
          await call(api, 'POST', `/api/teams/${teamId}/members`, { userId: idOf.get(email) }),
          SUCCESS_RESPONSE_BODY,
        );
      }
      goDecode(
        await call(api, 'PUT', `/api/teams/${teamId}/members/${bob.id}`, { permission: 4 }),
        SUCCESS_RESPONSE_BODY,
      );

      // UpdateTeamPreferences (empty strings are omitted by the client)
      goDecode(
        await call(api, 'PUT', `/api/teams/${teamId}/preferences`, {
          theme: 'dark',
          timezone: 'utc',
          weekStart: 'monday',
        }),
        SUCCESS_RESPONSE_BODY,
      );

      // team_sync: AddTeamGroupAPI per group
      goDecode(
        await call(api, 'POST', `/api/teams/${teamId}/groups`, { groupId: 'cn=tf,dc=example' }),
        SUCCESS_RESPONSE_BODY,
      );

      // read: GetTeamByID, GetTeamPreferences, GetTeamGroupsAPI, GetTeamMembers
      const team = goDecode(await call(api, 'GET', `/api/teams/${teamId}`), TEAM_DTO);
      expect(team).toMatchObject({
        id: teamId,
        orgId: 1,
        name,
        email: 'tf@example.com',
        memberCount: 3,
      });
      const prefs = goDecode(
        await call(api, 'GET', `/api/teams/${teamId}/preferences`),
        PREFERENCES,
      );
      expect(prefs).toMatchObject({ theme: 'dark', timezone: 'utc', weekStart: 'monday' });
      const groups = goDecodeList(
        await call(api, 'GET', `/api/teams/${teamId}/groups`),
        TEAM_GROUP_DTO,
      );
      expect(groups.map((group) => group.groupId)).toEqual(['cn=tf,dc=example']);
      const members = goDecodeList(
        await call(api, 'GET', `/api/teams/${teamId}/members`),
        TEAM_MEMBER_DTO,
      );
      // The provider leaves out admin@localhost (the creator) and keeps the others' emails.
      const state = members
        .filter((member) => member.email !== 'admin@localhost')
        .map((member) => [member.email, member.permission]);
      expect(state).toEqual(
        expect.arrayContaining([
          [alice.email, 0],
          [bob.email, 4],
        ]),
      );
      expect(state).toHaveLength(2);

      // import as `<orgId>:<id>` reads the same team; refresh finds it unchanged
      expect(goDecode(await call(api, 'GET', `/api/teams/${teamId}`), TEAM_DTO)).toEqual(team);

      // update: drop bob. RemoveTeamMember after a fresh GetOrgUsersForCurrentOrg
      goDecodeList(await call(api, 'GET', '/api/org/users'), ORG_USER_DTO);
      goDecode(
        await call(api, 'DELETE', `/api/teams/${teamId}/members/${bob.id}`),
        SUCCESS_RESPONSE_BODY,
      );
      expect(
        goDecodeList(await call(api, 'GET', `/api/teams/${teamId}/members`), TEAM_MEMBER_DTO).map(
          (member) => member.email,
        ),
      ).not.toContain(bob.email);

      // team_sync removal: RemoveTeamGroupAPIQuery
      goDecode(
        await call(
          api,
          'DELETE',
          `/api/teams/${teamId}/groups?groupId=${encodeURIComponent('cn=tf,dc=example')}`,
        ),
        SUCCESS_RESPONSE_BODY,
      );

      // destroy, then a second destroy is a 404 the provider ignores
      goDecode(await call(api, 'DELETE', `/api/teams/${teamId}`), SUCCESS_RESPONSE_BODY);
      expect((await api.delete(`/api/teams/${teamId}`)).status).toBe(404);
    });

    it('leaves users of other orgs out of the list the provider maps emails with', async () => {
      const w = world();
      // A user of another org only is not in this org's list.
      const outsider = await createUser(w, 'tf-outsider', { orgId: w.otherOrgId });
      const orgUsers = goDecodeList(await call(w.api, 'GET', '/api/org/users'), ORG_USER_DTO);
      expect(orgUsers.some((user) => user.email === outsider.email)).toBe(false);
      expect(orgUsers.some((user) => user.email === 'nobody@example.com')).toBe(false);
    });
  });
}
