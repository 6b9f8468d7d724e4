import { teamMemberView, teamView } from './team-views';

const avatar = { disableGravatar: false, appSubUrl: '' };
const team = {
  id: 3,
  uid: 'ceaulqadfoav4e',
  orgId: 1,
  name: 'MyTestTeam',
  email: '',
  externalUid: '',
  isProvisioned: false,
  memberCount: 2,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  resourceVersion: 1,
  labels: {},
  annotations: {},
};

describe('team views', () => {
  it("give Grafana's team DTO with every key in order", () => {
    const view = teamView(team, avatar);
    expect(Object.keys(view)).toEqual([
      'id',
      'uid',
      'orgId',
      'name',
      'email',
      'externalUID',
      'isProvisioned',
      'avatarUrl',
      'memberCount',
      'permission',
      'accessControl',
    ]);
    expect(view).toMatchObject({
      avatarUrl: '/avatar/3f49c15916554246daa714b9bd0ee398',
      memberCount: 2,
      permission: 0,
      accessControl: null,
    });
    expect(teamView(team, avatar, { 'teams:read': true }).accessControl).toEqual({
      'teams:read': true,
    });
  });

  it("give Grafana's member DTO with snake_case auth_module and userId", () => {
    const view = teamMemberView(
      team,
      {
        userId: 5,
        userUid: 'u5',
        login: 'jane',
        email: 'Jane@Example.com',
        name: 'Jane',
        permission: 4,
        isServiceAccount: false,
      },
      avatar,
    );
    expect(Object.keys(view)).toEqual([
      'orgId',
      'teamId',
      'teamUID',
      'userId',
      'userUID',
      'auth_module',
      'email',
      'name',
      'login',
      'avatarUrl',
      'labels',
      'permission',
    ]);
    expect(view).toMatchObject({
      teamUID: 'ceaulqadfoav4e',
      auth_module: '',
      labels: [],
      permission: 4,
    });
    expect(view.avatarUrl).toMatch(/^\/avatar\/[0-9a-f]{32}$/);
  });
});
