import { AvatarOptions, avatarUrl, avatarUrlWithDefault } from '../infra/http/grafana/avatar';
import type { TeamWithCount } from './store/teams.repository';
import type { TeamMemberRow } from './store/team-members.repository';

/** Grafana's team DTO (§2.1): every key, in Grafana's order. */
export function teamView(
  team: TeamWithCount,
  avatar: AvatarOptions,
  accessControl: Record<string, boolean> | null = null,
) {
  return {
    id: team.id,
    uid: team.uid,
    orgId: team.orgId,
    name: team.name,
    email: team.email,
    externalUID: team.externalUid,
    isProvisioned: team.isProvisioned,
    avatarUrl: avatarUrlWithDefault(team.email, team.name, avatar),
    memberCount: team.memberCount,
    // Always 0 in these responses; the key stays for older clients.
    permission: 0,
    accessControl,
  };
}

/** Grafana's team member DTO (§2.3); local users have no auth module and no labels. */
export function teamMemberView(
  team: { id: number; uid: string; orgId: number },
  member: TeamMemberRow,
  avatar: AvatarOptions,
) {
  return {
    orgId: team.orgId,
    teamId: team.id,
    teamUID: team.uid,
    userId: member.userId,
    userUID: member.userUid,
    auth_module: '',
    email: member.email,
    name: member.name,
    login: member.login,
    avatarUrl: avatarUrl(member.email, avatar),
    labels: [] as string[],
    permission: member.permission,
  };
}
