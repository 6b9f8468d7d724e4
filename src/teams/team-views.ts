import { AvatarOptions, avatarUrl, avatarUrlWithDefault } from '../infra/http/grafana/avatar';
import type { TeamWithCount } from './store/teams.repository';
import type { TeamMemberRow } from './store/team-members.repository';

/** What `teamView` returns. */
export interface TeamView {
  id: number;
  uid: string;
  orgId: number;
  name: string;
  email: string;
  externalUID: string;
  isProvisioned: boolean;
  avatarUrl: string;
  memberCount: number;
  permission: number;
  accessControl: Record<string, boolean> | null;
}

/** Grafana's team DTO (docs/teams-api.md#endpoints): every key, in Grafana's order. */
export function teamView(
  team: TeamWithCount,
  avatar: AvatarOptions,
  accessControl: Record<string, boolean> | null = null,
): TeamView {
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

/** What `teamMemberView` returns. */
export interface TeamMemberView {
  orgId: number;
  teamId: number;
  teamUID: string;
  userId: number;
  userUID: string;
  auth_module: string;
  email: string;
  name: string;
  login: string;
  avatarUrl: string;
  labels: string[];
  permission: number;
}

/**
 * Grafana's team member DTO (docs/teams-api.md#endpoints); local users have no auth module and no
 * labels.
 */
export function teamMemberView(
  team: { id: number; uid: string; orgId: number },
  member: TeamMemberRow,
  avatar: AvatarOptions,
): TeamMemberView {
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
