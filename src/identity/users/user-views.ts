import type { OrgRole } from '../../infra/database/schema';
import { AvatarOptions, avatarUrl } from '../http/avatar';
import type { User } from '../store/users.repository';

/** Grafana's `UserProfileDTO` (GET /api/users/:id, /api/users/lookup). */
export function userProfile(user: User, options: AvatarOptions) {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    name: user.name,
    login: user.login,
    theme: '',
    orgId: user.orgId,
    isGrafanaAdmin: user.isGrafanaAdmin,
    isDisabled: user.isDisabled,
    isExternal: false,
    isExternallySynced: false,
    isGrafanaAdminExternallySynced: false,
    authLabels: [] as string[],
    updatedAt: user.updatedAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
    avatarUrl: avatarUrl(user.email, options),
    isProvisioned: false,
  };
}

/**
 * Grafana's `UserSearchHitDTO`. Sign-ins are not tracked here: like a Grafana user who never
 * signed in, `lastSeenAt` is ten years before creation and its age reads `10 years`.
 */
export function userSearchHit(user: User, options: AvatarOptions) {
  const lastSeen = new Date(user.createdAt);
  lastSeen.setUTCFullYear(lastSeen.getUTCFullYear() - 10);
  return {
    id: user.id,
    uid: user.uid,
    name: user.name,
    login: user.login,
    email: user.email,
    avatarUrl: avatarUrl(user.email, options),
    isAdmin: user.isGrafanaAdmin,
    isDisabled: user.isDisabled,
    lastSeenAt: lastSeen.toISOString(),
    lastSeenAtAge: '10 years',
    authLabels: [] as string[],
    isProvisioned: false,
  };
}

/** The org roles a request may name. */
export const ORG_ROLES = [
  'Viewer',
  'Editor',
  'Admin',
  'None',
] as const satisfies readonly OrgRole[];

export function isOrgRole(value: string): value is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value);
}
