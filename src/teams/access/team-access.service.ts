import { Injectable } from '@nestjs/common';
import {
  principalPermissions,
  actionsOn,
  allows,
  Permission,
  TEAM_ACTIONS,
  teamMembershipPermissions,
  teamScope,
} from '../../identity';
import type { Principal } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { Settings } from '../../settings/settings';
import { TeamMembersRepository } from '../store/team-members.repository';

/**
 * RBAC for team routes (docs/teams-api.md#permissions): the org role's grants (`teams:*` for
 * Admins) plus the managed permissions of the caller's own team memberships. Like Grafana's
 * middleware, it runs before the handler: a caller without an org-wide grant gets 403 for teams
 * they are not in, existing or not.
 */
@Injectable()
export class TeamAccessService {
  constructor(
    private readonly members: TeamMembersRepository,
    private readonly settings: Settings,
  ) {}

  private rolePermissions(principal: Principal): Permission[] {
    return principalPermissions(principal, this.settings.identity.editorsCanAdmin);
  }

  async can(principal: Principal, action: string, teamId: number): Promise<boolean> {
    if (allows(this.rolePermissions(principal), action, teamScope(teamId))) return true;
    const permission = await this.members.permissionOf(principal.orgId, teamId, principal.userId);
    return (
      permission !== undefined &&
      allows(teamMembershipPermissions(teamId, permission), action, teamScope(teamId))
    );
  }

  async require(principal: Principal, action: string, teamId: number): Promise<void> {
    if (!(await this.can(principal, action, teamId))) throw GrafanaError.accessDenied(action);
  }

  /** An action on any team: an org-wide grant, or a membership that grants it (E16). */
  async requireAnywhere(principal: Principal, action: string): Promise<void> {
    if (allows(this.rolePermissions(principal), action)) return;
    const memberships = await this.members.membershipsOf(principal.orgId, principal.userId);
    for (const [teamId, permission] of memberships) {
      if (allows(teamMembershipPermissions(teamId, permission), action)) return;
    }
    throw GrafanaError.accessDenied(action);
  }

  /** Unscoped actions (`teams:create`, and `org.users:read` for member lists). */
  allowsUnscoped(principal: Principal, action: string): boolean {
    return allows(this.rolePermissions(principal), action);
  }

  /**
   * Which teams the caller may read (search): all of the org, or those they are a member of.
   * Without any `teams:read` grant, 403 as Grafana's middleware answers.
   */
  async readableTeams(principal: Principal): Promise<'all' | 'member-of'> {
    if (allows(this.rolePermissions(principal), TEAM_ACTIONS.read, 'teams:id:*')) return 'all';
    const memberships = await this.members.membershipsOf(principal.orgId, principal.userId);
    if (memberships.size === 0) throw GrafanaError.accessDenied(TEAM_ACTIONS.read);
    return 'member-of';
  }

  /** `accessControl` metadata: the caller's team actions on each team (`?accesscontrol=true`). */
  async metadata(
    principal: Principal,
    teamIds: readonly number[],
  ): Promise<Map<number, Record<string, boolean>>> {
    const role = this.rolePermissions(principal);
    const memberships = await this.members.membershipsOf(principal.orgId, principal.userId);
    const result = new Map<number, Record<string, boolean>>();
    for (const teamId of teamIds) {
      const permission = memberships.get(teamId);
      const granted = [
        ...role,
        ...(permission === undefined ? [] : teamMembershipPermissions(teamId, permission)),
      ];
      const actions = actionsOn(granted, teamScope(teamId));
      if (actions.length > 0) {
        result.set(teamId, Object.fromEntries(actions.map((action) => [action, true])));
      }
    }
    return result;
  }
}
