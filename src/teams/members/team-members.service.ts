import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/database/constraint-errors';
import { TEAM_ADMIN, TEAM_MEMBER, UsersService } from '../../identity';
import type { Principal } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { Settings } from '../../settings/settings';
import { TeamAccessService } from '../access/team-access.service';
import { TeamMembersRepository } from '../store/team-members.repository';
import { TeamsRepository } from '../store/teams.repository';
import { teamMemberView } from '../team-views';
import { teamNotFound } from '../teams.service';
import type { TeamMemberView } from '../team-views';

const failedToAdd = () => GrafanaError.message(500, 'Failed to add Member to Team', true);

/**
 * Team membership (spec E6–E10). Every change runs in a transaction holding the team's row, so
 * concurrent changes of one team apply one after the other and none is half-written.
 */
@Injectable()
export class TeamMembersService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly members: TeamMembersRepository,
    private readonly users: UsersService,
    private readonly access: TeamAccessService,
    private readonly settings: Settings,
  ) {}

  /**
   * People of the team by login then email; service accounts are left out, and so are hidden
   * users (except for Grafana Admins and themselves). As in Grafana 11, seeing members needs
   * `org.users:read` (org Admins; Editors with EDITORS_CAN_ADMIN): others get `[]`.
   */
  async list(principal: Principal, teamId: number): Promise<TeamMemberView[]> {
    const team = await this.teams.findInOrg(principal.orgId, teamId);
    if (!team) throw teamNotFound();
    if (!this.access.allowsUnscoped(principal, 'org.users:read')) return [];
    const hidden = new Set(principal.isGrafanaAdmin ? [] : this.settings.identity.hiddenUsers);
    return (await this.members.list(team.id))
      .filter((member) => !hidden.has(member.login) || member.login === principal.login)
      .map((member) => teamMemberView(team, member, this.settings.identity));
  }

  /** Adds a user of the org as Member (a permission in the body is ignored, as in Grafana). */
  async add(principal: Principal, teamId: number, userId: number): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      if ((await this.members.permissionOf(team.orgId, team.id, userId)) !== undefined) {
        throw GrafanaError.message(400, 'User is already added to this team');
      }
      // Grafana wraps "not in this org" as an internal error (terraform-provider issue #2119).
      if ((await this.users.orgRole(team.orgId, userId)) === undefined) throw failedToAdd();
      try {
        await this.members.add(team.orgId, team.id, userId, TEAM_MEMBER);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw GrafanaError.message(400, 'User is already added to this team');
        }
        if (isForeignKeyViolation(error)) throw failedToAdd();
        throw error;
      }
    });
    return { message: 'Member added to Team' };
  }

  /** Sets a member's permission: 4 makes an Admin, any other value a Member. */
  async updatePermission(
    principal: Principal,
    teamId: number,
    userId: number,
    permission: number,
  ): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      const changed =
        team !== undefined &&
        (await this.members.setPermission(
          team.id,
          userId,
          permission === TEAM_ADMIN ? TEAM_ADMIN : TEAM_MEMBER,
        ));
      if (!changed) throw GrafanaError.message(404, 'Team member not found.');
    });
    return { message: 'Team member updated' };
  }

  async remove(principal: Principal, teamId: number, userId: number): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      if ((await this.members.remove(team.id, [userId])) === 0) {
        throw GrafanaError.message(404, 'Team member not found');
      }
    });
    return { message: 'Team Member removed' };
  }

  /**
   * The bulk PUT (G11.1+): `members` and `admins` (emails) are the whole desired membership.
   * Listed users are added or updated (Admin wins when an email is in both lists); members not
   * listed are removed. Any unknown email leaves the team unchanged.
   */
  async setAll(
    principal: Principal,
    teamId: number,
    memberEmails: readonly string[],
    adminEmails: readonly string[],
  ): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw GrafanaError.message(404, 'team not found');
      const desired = new Map<string, number>();
      for (const email of memberEmails) desired.set(email.toLowerCase(), TEAM_MEMBER);
      for (const email of adminEmails) desired.set(email.toLowerCase(), TEAM_ADMIN);
      const found = await this.users.findByEmails([...desired.keys()]);
      const byEmail = new Map(found.map((user) => [user.email.toLowerCase(), user]));
      if ([...desired.keys()].some((email) => !byEmail.has(email))) {
        throw GrafanaError.message(404, 'user not found');
      }
      const target = new Map<number, number>();
      for (const [email, permission] of desired) {
        const user = byEmail.get(email);
        if (!user) continue;
        if ((await this.users.orgRole(team.orgId, user.id)) === undefined) {
          throw GrafanaError.message(500, 'Failed to update team memberships', true);
        }
        target.set(user.id, permission);
      }
      const current = await this.members.permissions(team.id);
      await this.members.remove(
        team.id,
        [...current.keys()].filter((userId) => !target.has(userId)),
      );
      for (const [userId, permission] of target) {
        const existing = current.get(userId);
        if (existing === undefined) await this.members.add(team.orgId, team.id, userId, permission);
        else if (existing !== permission) {
          await this.members.setPermission(team.id, userId, permission);
        }
      }
    });
    return { message: 'Team memberships have been updated' };
  }
}
