import type { Principal } from '../auth/principal';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { allows, grafanaAdminPermissions, orgRolePermissions, Permission } from './permissions';

/** Everything the caller's org role and Grafana Admin flag grant (no team memberships). */
export function principalPermissions(principal: Principal, editorsCanAdmin: boolean): Permission[] {
  const permissions = orgRolePermissions(principal.orgRole, editorsCanAdmin);
  return principal.isGrafanaAdmin ? [...permissions, ...grafanaAdminPermissions()] : permissions;
}

/** Grafana's RBAC middleware: 403 naming the action unless a grant covers it. */
export function requirePermission(
  principal: Principal,
  action: string,
  scope?: string,
  editorsCanAdmin = false,
): void {
  if (!allows(principalPermissions(principal, editorsCanAdmin), action, scope)) {
    throw GrafanaError.accessDenied(action);
  }
}
