import type { OrgRole } from '../../infra/database/schema';

/**
 * Who is calling, in which org, with which role. Service accounts are principals too but not
 * "real users": they get no team membership when they create a team and have no `/api/user`.
 */
export interface Principal {
  readonly kind: 'user' | 'service-account';
  readonly userId: number;
  readonly login: string;
  readonly email: string;
  readonly name: string;
  /** The org of this request (X-Grafana-Org-Id, else the user's current org or the token's). */
  readonly orgId: number;
  readonly orgRole: OrgRole;
  readonly isGrafanaAdmin: boolean;
}
