import {
  actionsOn,
  allows,
  grafanaAdminPermissions,
  orgRolePermissions,
  scopeCovers,
  TEAM_ADMIN,
  TEAM_MEMBER,
  teamMembershipPermissions,
  teamScope,
} from './permissions';

describe('RBAC permissions', () => {
  it('match wildcard scopes by prefix', () => {
    expect(scopeCovers('teams:*', 'teams:id:5')).toBe(true);
    expect(scopeCovers('teams:id:*', 'teams:id:5')).toBe(true);
    expect(scopeCovers('teams:id:5', 'teams:id:5')).toBe(true);
    expect(scopeCovers('teams:id:5', 'teams:id:50')).toBe(false);
    expect(scopeCovers('*', 'anything')).toBe(true);
    expect(scopeCovers(undefined, 'teams:id:5')).toBe(false);
  });

  it('give an org Admin every team action on every team', () => {
    const admin = orgRolePermissions('Admin', false);
    for (const action of ['teams:read', 'teams:write', 'teams:delete', 'teams.permissions:write']) {
      expect(allows(admin, action, teamScope(99))).toBe(true);
    }
    expect(allows(admin, 'teams:create')).toBe(true);
    expect(actionsOn(admin, teamScope(3))).toEqual([
      'teams.permissions:read',
      'teams.permissions:write',
      'teams:delete',
      'teams:read',
      'teams:write',
    ]);
  });

  it('give Editors and Viewers no team rights, except creation with editors_can_admin', () => {
    for (const role of ['Editor', 'Viewer', 'None'] as const) {
      const permissions = orgRolePermissions(role, false);
      expect(allows(permissions, 'teams:read')).toBe(false);
      expect(allows(permissions, 'teams:create')).toBe(false);
    }
    const editor = orgRolePermissions('Editor', true);
    expect(allows(editor, 'teams:create')).toBe(true);
    expect(allows(editor, 'teams:read', teamScope(1))).toBe(false);
    expect(allows(orgRolePermissions('Viewer', true), 'teams:create')).toBe(false);
  });

  it('let a team Member read its team and a team Admin manage it, nothing more', () => {
    const member = teamMembershipPermissions(7, TEAM_MEMBER);
    expect(allows(member, 'teams:read', teamScope(7))).toBe(true);
    expect(allows(member, 'teams:read')).toBe(true);
    expect(allows(member, 'teams:write', teamScope(7))).toBe(false);
    expect(allows(member, 'teams:read', teamScope(8))).toBe(false);
    expect(actionsOn(member, teamScope(7))).toEqual(['teams:read']);
    const admin = teamMembershipPermissions(7, TEAM_ADMIN);
    for (const action of [
      'teams:read',
      'teams:write',
      'teams:delete',
      'teams.permissions:read',
      'teams.permissions:write',
    ]) {
      expect(allows(admin, action, teamScope(7))).toBe(true);
    }
    expect(allows(admin, 'teams:write', teamScope(8))).toBe(false);
    expect(allows(admin, 'teams:create')).toBe(false);
  });

  it("reserve other users' team lists to Grafana Admins", () => {
    expect(allows(grafanaAdminPermissions(), 'users.teams:read', 'global.users:id:3')).toBe(true);
    expect(
      allows(orgRolePermissions('Admin', false), 'users.teams:read', 'global.users:id:3'),
    ).toBe(false);
  });
});
