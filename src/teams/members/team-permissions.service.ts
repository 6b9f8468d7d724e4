import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/database/constraint-errors';
import { TEAM_ADMIN, TEAM_MEMBER, teamMembershipPermissions, UsersService } from '../../identity';
import type { Principal } from '../../identity';
import { avatarUrl } from '../../infra/http/grafana/avatar';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { Settings } from '../../settings/settings';
import { TeamMembersRepository } from '../store/team-members.repository';
import { TeamsRepository } from '../store/teams.repository';
import { teamNotFound } from '../teams.service';

/** Grafana's names for team member permissions on the access-control API. */
export const PERMISSION_NAMES: Readonly<Record<string, number>> = {
  Member: TEAM_MEMBER,
  Admin: TEAM_ADMIN,
};

export interface PermissionAssignment {
  readonly userId: number;
  /** `Member`, `Admin`, or `""` to remove. */
  readonly permission: string;
}

export const invalidPermission = (permission: string): GrafanaError =>
  GrafanaError.structured(
    400,
    'resourcePermissions.invalidPermission',
    `Permission [${permission}] is invalid for this resource type`,
  );

/** What `list` returns. */
export interface TeamPermissionView {
  id: number;
  roleName: string;
  isManaged: boolean;
  isInherited: boolean;
  isServiceAccount: boolean;
  userId: number;
  userUid: string;
  userLogin: string;
  userAvatarUrl: string;
  actions: string[];
  permission: string;
}

/**
 * Team membership seen as Grafana's managed resource permissions (spec E16): Member grants
 * `teams:read` on the team, Admin the five team actions. Setting a permission adds, changes or
 * (with `""`) removes the membership.
 */
@Injectable()
export class TeamPermissionsService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly members: TeamMembersRepository,
    private readonly users: UsersService,
    private readonly settings: Settings,
  ) {}

  async list(principal: Principal, teamId: number): Promise<TeamPermissionView[]> {
    const team = await this.teams.findInOrg(principal.orgId, teamId);
    if (!team) throw teamNotFound();
    const rows = await this.members.list(team.id, { includeServiceAccounts: true });
    return rows.map((row) => ({
      // There is no permission table here: the member's user id identifies the permission.
      id: row.userId,
      roleName: `managed:users:${row.userId}:permissions`,
      isManaged: true,
      isInherited: false,
      isServiceAccount: row.isServiceAccount,
      userId: row.userId,
      userUid: row.userUid,
      userLogin: row.login,
      userAvatarUrl: avatarUrl(row.email, this.settings.identity),
      actions: teamMembershipPermissions(team.id, row.permission)
        .map((p) => p.action)
        .sort(),
      permission: row.permission === TEAM_ADMIN ? 'Admin' : 'Member',
    }));
  }

  /**
   * Applies every assignment in one transaction; a failure leaves the team as it was and answers
   * `400 {failure}` as Grafana does.
   */
  async assign(
    principal: Principal,
    teamId: number,
    assignments: readonly PermissionAssignment[],
    failure: string,
  ): Promise<void> {
    for (const { permission } of assignments) {
      if (permission !== '' && !(permission in PERMISSION_NAMES)) {
        throw invalidPermission(permission);
      }
    }
    const failed = () => GrafanaError.message(400, failure, true);
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      for (const { userId, permission } of assignments) {
        if (permission === '') {
          await this.members.remove(team.id, [userId]);
          continue;
        }
        if (userId <= 0 || (await this.users.orgRole(team.orgId, userId)) === undefined) {
          throw failed();
        }
        const value = PERMISSION_NAMES[permission];
        if (await this.members.setPermission(team.id, userId, value)) continue;
        try {
          await this.members.add(team.orgId, team.id, userId, value);
        } catch (error) {
          if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw failed();
          throw error;
        }
      }
    });
  }
}
