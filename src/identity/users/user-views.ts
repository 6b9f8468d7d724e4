import type { OrgRole } from '../../infra/database/schema';
import { AvatarOptions, avatarUrl } from '../../infra/http/grafana/avatar';
import type { OrgUserRow } from '../store/org-users.repository';
import type { User } from '../store/users.repository';

/** What `userProfile` returns. */
export interface UserProfileView {
  id: number;
  uid: string;
  email: string;
  name: string;
  login: string;
  theme: string;
  orgId: number;
  isGrafanaAdmin: boolean;
  isDisabled: boolean;
  isExternal: boolean;
  isExternallySynced: boolean;
  isGrafanaAdminExternallySynced: boolean;
  authLabels: string[];
  updatedAt: string;
  createdAt: string;
  avatarUrl: string;
  isProvisioned: boolean;
}

/** Grafana's `UserProfileDTO` (GET /api/users/:id, /api/users/lookup). */
export function userProfile(user: User, options: AvatarOptions): UserProfileView {
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

/** What `userSearchHit` returns. */
export interface UserSearchHit {
  id: number;
  uid: string;
  name: string;
  login: string;
  email: string;
  avatarUrl: string;
  isAdmin: boolean;
  isDisabled: boolean;
  lastSeenAt: string;
  lastSeenAtAge: string;
  authLabels: string[];
  isProvisioned: boolean;
}

/**
 * Grafana's `UserSearchHitDTO`. Sign-ins are not tracked here: like a Grafana user who never
 * signed in, `lastSeenAt` is ten years before creation and its age reads `10 years`.
 */
export function userSearchHit(user: User, options: AvatarOptions): UserSearchHit {
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

/**
 * Grafana's `RoleType.Includes`: whether a holder of `role` may hand out `other` (Admin includes
 * every role, Editor all but Admin, Viewer itself and None).
 */
export function roleIncludes(role: OrgRole, other: OrgRole): boolean {
  if (role === 'Admin') return true;
  if (role === 'Editor') return other !== 'Admin';
  if (role === 'Viewer') return other === 'Viewer' || other === 'None';
  return other === 'None';
}

export function isOrgRole(value: string): value is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value);
}

/** What decorates an org user for one caller: actions on each user, when asked for. */
export interface OrgUserViewOptions extends AvatarOptions {
  readonly accessControl?: (userId: number) => Record<string, boolean> | undefined;
}

/** What `orgUserView` returns. */
export interface OrgUserView {
  isDisabled: boolean;
  authLabels: null;
  isExternallySynced: boolean;
  isProvisioned: boolean;
  accessControl?: Record<string, boolean> | undefined;
  orgId: number;
  userId: number;
  uid: string;
  email: string;
  name: string;
  avatarUrl: string;
  login: string;
  role: 'Viewer' | 'Editor' | 'Admin' | 'None';
  lastSeenAt: string;
  created: string;
  lastSeenAtAge: string;
}

/**
 * Grafana's `OrgUserDTO`, keys in Grafana's order. Sign-ins are not tracked: `lastSeenAt` reads as
 * for a user who never signed in (see userSearchHit). `authLabels` is `null` as Grafana sends it
 * for users without an external auth module; `accessControl` is left out unless asked for.
 */
export function orgUserView(user: OrgUserRow, options: OrgUserViewOptions): OrgUserView {
  const lastSeen = new Date(user.createdAt);
  lastSeen.setUTCFullYear(lastSeen.getUTCFullYear() - 10);
  const accessControl = options.accessControl?.(user.userId);
  return {
    orgId: user.orgId,
    userId: user.userId,
    uid: user.uid,
    email: user.email,
    name: user.name,
    avatarUrl: avatarUrl(user.email, options),
    login: user.login,
    role: user.role,
    lastSeenAt: lastSeen.toISOString(),
    created: user.createdAt.toISOString(),
    lastSeenAtAge: '10 years',
    ...(accessControl === undefined ? {} : { accessControl }),
    isDisabled: user.isDisabled,
    authLabels: null,
    isExternallySynced: false,
    isProvisioned: false,
  };
}

/** What `userLookupView` returns. */
export interface UserLookupView {
  userId: number;
  uid: string;
  login: string;
  avatarUrl: string;
}

/** Grafana's `UserLookupDTO` (`/api/org/users/lookup`). */
export function userLookupView(user: OrgUserRow, options: AvatarOptions): UserLookupView {
  return {
    userId: user.userId,
    uid: user.uid,
    login: user.login,
    avatarUrl: avatarUrl(user.email, options),
  };
}
