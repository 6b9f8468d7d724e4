import type { OrgRole } from '../../infra/database/schema';

/**
 * Grafana's RBAC as far as these APIs need it (docs/teams-api.md#permissions). A permission is an
 * action with an optional scope; a granted scope ending in `*` covers every scope it prefixes.
 */
export interface Permission {
  readonly action: string;
  readonly scope?: string;
}

export const TEAM_ACTIONS = {
  create: 'teams:create',
  read: 'teams:read',
  write: 'teams:write',
  delete: 'teams:delete',
  permissionsRead: 'teams.permissions:read',
  permissionsWrite: 'teams.permissions:write',
} as const;

export const teamScope = (teamId: number | string): string => `teams:id:${teamId}`;
export const userScope = (userId: number | string): string => `global.users:id:${userId}`;

/** Team member permission values (Grafana's dashboard permission numbers). */
export const TEAM_MEMBER = 0;
export const TEAM_ADMIN = 4;

const ALL_TEAMS = 'teams:*';

/** What the org role grants (fixed roles `fixed:teams:creator` and `fixed:teams:writer`). */
export function orgRolePermissions(role: OrgRole, editorsCanAdmin: boolean): Permission[] {
  if (role === 'Admin') {
    return [
      { action: TEAM_ACTIONS.create },
      ...[
        TEAM_ACTIONS.read,
        TEAM_ACTIONS.write,
        TEAM_ACTIONS.delete,
        TEAM_ACTIONS.permissionsRead,
        TEAM_ACTIONS.permissionsWrite,
      ].map((action) => ({ action, scope: ALL_TEAMS })),
      { action: 'org.users:read', scope: 'users:*' },
      { action: 'org.users:write', scope: 'users:*' },
      { action: 'org.users:add', scope: 'users:*' },
      { action: 'org.users:remove', scope: 'users:*' },
      { action: 'serviceaccounts:create' },
      { action: 'serviceaccounts:read', scope: 'serviceaccounts:*' },
      { action: 'serviceaccounts:write', scope: 'serviceaccounts:*' },
    ];
  }
  if (role === 'Editor' && editorsCanAdmin) {
    return [{ action: TEAM_ACTIONS.create }, { action: 'org.users:read', scope: 'users:*' }];
  }
  return [];
}

/** What the server-wide Grafana Admin flag grants (fixed roles of the `Grafana Admin` role). */
export function grafanaAdminPermissions(): Permission[] {
  return [
    { action: 'users:read', scope: 'global.users:*' },
    { action: 'users:create' },
    { action: 'users.teams:read', scope: 'global.users:*' },
    { action: 'orgs:create' },
    // The `/api/orgs/:orgId/users` forms, scoped `orgs:id:<orgId>`.
    { action: 'org.users:add', scope: 'orgs:*' },
    { action: 'org.users:read', scope: 'orgs:*' },
    { action: 'org.users:remove', scope: 'orgs:*' },
  ];
}

/** Managed permissions a team membership grants on that team: Member reads, Admin manages. */
export function teamMembershipPermissions(teamId: number, permission: number): Permission[] {
  const scope = teamScope(teamId);
  if (permission !== TEAM_ADMIN) return [{ action: TEAM_ACTIONS.read, scope }];
  return [
    TEAM_ACTIONS.read,
    TEAM_ACTIONS.write,
    TEAM_ACTIONS.delete,
    TEAM_ACTIONS.permissionsRead,
    TEAM_ACTIONS.permissionsWrite,
  ].map((action) => ({ action, scope }));
}

export function scopeCovers(granted: string | undefined, requested: string): boolean {
  if (granted === undefined) return false;
  if (granted === '*' || granted === requested) return true;
  return granted.endsWith('*') && requested.startsWith(granted.slice(0, -1));
}

/**
 * Whether `permissions` allow `action` on `scope`. Without a scope, any grant of the action
 * counts (Grafana's unscoped evaluator, used by the search route).
 */
export function allows(
  permissions: readonly Permission[],
  action: string,
  scope?: string,
): boolean {
  return permissions.some(
    (p) =>
      p.action === action &&
      (scope === undefined || p.scope === undefined || scopeCovers(p.scope, scope)),
  );
}

/** The actions `permissions` grant on one resource (`accessControl` metadata). */
export function actionsOn(permissions: readonly Permission[], scope: string): string[] {
  const actions = new Set<string>();
  for (const p of permissions) {
    if (p.scope !== undefined && scopeCovers(p.scope, scope)) actions.add(p.action);
  }
  return [...actions].sort();
}
