import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { TEAM_ACTIONS, TEAM_ADMIN, TEAM_MEMBER, UsersService, shortUid } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/constraint-errors';
import { TeamAccessService } from '../access/team-access.service';
import { TeamGroupsRepository } from '../store/team-groups.repository';
import { TeamMembersRepository } from '../store/team-members.repository';
import { TeamRow, TeamsRepository } from '../store/teams.repository';
import type { KubeCaller } from './kube-auth.guard';
import { continueToken, ListPaging } from './list-paging';
import { IAM_GROUP_VERSION, KubeStatusError, StatusCause } from './kube-status';
import { mergePatch, parseTeamInput, TeamInput, teamObject } from './team-object';
import type { TeamList, TeamObject } from './team-object';

const GENERATED_SUFFIX = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * The `/apis/iam.grafana.app/v0alpha1` teams resource over the same tables as `/api/teams`:
 * objects are built from the team row, its people and its sync groups; writes run in one
 * transaction holding the team's row, so a resource version read is the one that was written.
 * Permissions are the team RBAC of `/api/teams` (TeamAccessService).
 */
@Injectable()
export class TeamResourcesService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly members: TeamMembersRepository,
    private readonly groups: TeamGroupsRepository,
    private readonly users: UsersService,
    private readonly access: TeamAccessService,
  ) {}

  async list(caller: KubeCaller, paging: ListPaging): Promise<TeamList> {
    const { principal } = caller;
    const readable = await this.access.readableTeams(principal);
    const rows = await this.teams.page({
      orgId: principal.orgId,
      afterId: paging.afterId,
      limit: paging.limit,
      memberUserId: readable === 'all' ? undefined : principal.userId,
    });
    const more = paging.limit > 0 && rows.length > paging.limit;
    const page = more ? rows.slice(0, paging.limit) : rows;
    const ids = page.map((team) => team.id);
    const [people, groups, resourceVersion] = await Promise.all([
      this.members.peopleOfTeams(ids),
      this.groups.ofTeams(ids),
      this.teams.latestResourceVersion(),
    ]);
    return {
      kind: 'TeamList',
      apiVersion: IAM_GROUP_VERSION,
      metadata: {
        resourceVersion: String(resourceVersion),
        ...(more ? { continue: continueToken(page[page.length - 1].id) } : {}),
      },
      items: page.map((team) =>
        teamObject(
          team,
          (people.get(team.id) ?? []).map((m) => ({
            userUid: m.userUid,
            admin: m.permission === TEAM_ADMIN,
          })),
          groups.get(team.id) ?? [],
          caller.namespace,
        ),
      ),
    };
  }

  async get(caller: KubeCaller, name: string): Promise<TeamObject> {
    const team = await this.teams.findByUid(caller.principal.orgId, name);
    if (!team) throw KubeStatusError.notFound(name);
    await this.access.require(caller.principal, TEAM_ACTIONS.read, team.id);
    return this.object(team, caller.namespace);
  }

  /** A new team with exactly the members and groups of the object (the caller is not added). */
  async create(caller: KubeCaller, body: unknown): Promise<TeamObject> {
    const { principal } = caller;
    if (!this.access.allowsUnscoped(principal, TEAM_ACTIONS.create)) {
      throw GrafanaError.accessDenied(TEAM_ACTIONS.create);
    }
    const input = parseTeamInput(body, caller.namespace);
    const name = input.name ?? generatedName(input.generateName);
    return this.database.transaction(async () => {
      let team: TeamRow;
      try {
        team = await this.teams.insert({
          uid: name,
          orgId: principal.orgId,
          name: input.title,
          email: input.email,
          labels: input.labels,
          annotations: input.annotations,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'teams_org_uid_key')) {
          throw KubeStatusError.alreadyExists(name);
        }
        if (isUniqueViolation(error, 'teams_org_name_key')) {
          throw KubeStatusError.conflict(name, 'Team name taken');
        }
        throw error;
      }
      await this.applyMembers(team, name, input);
      await this.applyGroups(team, input.externalGroups);
      return this.object(team, caller.namespace);
    });
  }

  /**
   * Replaces the object: title, email, labels, annotations, members (people; service accounts
   * in the team stay) and groups. A `metadata.resourceVersion` must be the stored one (409);
   * without one the update is unconditional.
   */
  async replace(caller: KubeCaller, name: string, body: unknown): Promise<TeamObject> {
    const input = parseTeamInput(body, caller.namespace);
    if (input.name !== undefined && input.name !== name) {
      throw KubeStatusError.badRequest(
        `the name of the object (${input.name}) does not match the name on the URL (${name})`,
      );
    }
    return this.write(caller, name, () => input);
  }

  /** RFC 7386 merge patch onto the stored object, then as a replace of the result. */
  async patch(caller: KubeCaller, name: string, patch: unknown): Promise<TeamObject> {
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      throw KubeStatusError.badRequest('the merge patch must be a JSON object');
    }
    return this.write(caller, name, (current) => {
      const patched = mergePatch(current, patch) as { metadata?: Record<string, unknown> };
      // Without a resourceVersion in the patch there is nothing to check.
      const rv = (patch as { metadata?: { resourceVersion?: unknown } }).metadata?.resourceVersion;
      if (patched.metadata && rv === undefined) delete patched.metadata.resourceVersion;
      const input = parseTeamInput(patched, caller.namespace);
      if (input.name !== name) {
        throw KubeStatusError.badRequest(`metadata.name cannot be changed by a patch (${name})`);
      }
      return input;
    });
  }

  async delete(
    caller: KubeCaller,
    name: string,
    resourceVersion: string | undefined,
  ): Promise<TeamRow> {
    return this.database.transaction(async () => {
      const team = await this.teams.lockByUid(caller.principal.orgId, name);
      if (!team) throw KubeStatusError.notFound(name);
      await this.access.require(caller.principal, TEAM_ACTIONS.delete, team.id);
      if (resourceVersion !== undefined && resourceVersion !== String(team.resourceVersion)) {
        throw KubeStatusError.conflict(
          name,
          `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${team.resourceVersion}`,
        );
      }
      await this.teams.delete(team.orgId, team.id);
      return team;
    });
  }

  private async write(
    caller: KubeCaller,
    name: string,
    read: (current: ReturnType<typeof teamObject>) => TeamInput,
  ) {
    const { principal } = caller;
    return this.database.transaction(async () => {
      const team = await this.teams.lockByUid(principal.orgId, name);
      if (!team) throw KubeStatusError.notFound(name);
      await this.access.require(principal, TEAM_ACTIONS.write, team.id);
      const current = await this.object(team, caller.namespace);
      const input = read(current);
      if (
        input.resourceVersion !== undefined &&
        input.resourceVersion !== String(team.resourceVersion)
      ) {
        throw KubeStatusError.modified(name);
      }
      const membersChange =
        JSON.stringify(current.spec.members.map((m) => [m.name, m.permission]).sort()) !==
        JSON.stringify(input.members.map((m) => [m.userUid, m.admin ? 'admin' : 'member']).sort());
      const groupsChange =
        JSON.stringify([...current.spec.externalGroups].sort()) !==
        JSON.stringify([...input.externalGroups].sort());
      if (membersChange || groupsChange) {
        await this.access.require(principal, TEAM_ACTIONS.permissionsWrite, team.id);
      }
      let updated: TeamRow;
      try {
        updated = await this.teams.replaceObject(team.id, {
          name: input.title,
          email: input.email,
          labels: input.labels,
          annotations: input.annotations,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'teams_org_name_key')) {
          throw KubeStatusError.conflict(name, 'Team name taken');
        }
        throw error;
      }
      if (membersChange) await this.applyMembers(updated, name, input);
      if (groupsChange) await this.applyGroups(updated, input.externalGroups);
      return this.object(updated, caller.namespace);
    });
  }

  /** Makes the team's people exactly the object's members; users must be people of the org. */
  private async applyMembers(team: TeamRow, name: string, input: TeamInput): Promise<void> {
    const found = await this.users.findByUids(input.members.map((m) => m.userUid));
    const byUid = new Map(found.map((user) => [user.uid, user]));
    const causes: StatusCause[] = [];
    const desired = new Map<number, number>();
    for (const [index, member] of input.members.entries()) {
      const user = byUid.get(member.userUid);
      if (!user || (await this.users.orgRole(team.orgId, user.id)) === undefined) {
        causes.push({
          reason: 'FieldValueNotFound',
          field: `spec.members[${index}].name`,
          message: `Not found: ${JSON.stringify(member.userUid)}: no user of the organization has this uid`,
        });
        continue;
      }
      desired.set(user.id, member.admin ? TEAM_ADMIN : TEAM_MEMBER);
    }
    if (causes.length > 0) throw KubeStatusError.invalid(name, causes);
    const current = await this.members.list(team.id, { includeServiceAccounts: true });
    await this.members.remove(
      team.id,
      current.filter((m) => !m.isServiceAccount && !desired.has(m.userId)).map((m) => m.userId),
    );
    const existing = new Map(current.map((m) => [m.userId, m.permission]));
    for (const [userId, permission] of desired) {
      const had = existing.get(userId);
      if (had === undefined) await this.members.add(team.orgId, team.id, userId, permission);
      else if (had !== permission) await this.members.setPermission(team.id, userId, permission);
    }
  }

  private async applyGroups(team: TeamRow, groups: readonly string[]): Promise<void> {
    const current = await this.groups.list(team.id);
    for (const group of current) {
      if (!groups.includes(group)) await this.groups.remove(team.id, group);
    }
    for (const group of groups) {
      if (!current.includes(group)) await this.groups.add(team.orgId, team.id, group);
    }
  }

  /** The object as stored now (the team row re-read: member writes moved its version on). */
  private async object(team: TeamRow, namespace: string) {
    const fresh = (await this.teams.findInOrg(team.orgId, team.id)) ?? team;
    const people = await this.members.list(fresh.id);
    const groups = await this.groups.list(fresh.id);
    return teamObject(
      fresh,
      people.map((m) => ({ userUid: m.userUid, admin: m.permission === TEAM_ADMIN })),
      groups,
      namespace,
    );
  }
}

/** `metadata.generateName` plus five random characters, else a Grafana-style short uid. */
function generatedName(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '') return shortUid();
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += GENERATED_SUFFIX[randomInt(GENERATED_SUFFIX.length)];
  return `${prefix}${suffix}`;
}
