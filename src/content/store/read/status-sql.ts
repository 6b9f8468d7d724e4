import { type SQL, sql } from 'drizzle-orm';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { StatusParam } from '../element-criteria';
import { parseParam, type ParamNode } from './param-syntax';

/**
 * Element statuses as SQL over e (elements), s (site row) and u (users), with "now" given so
 * tests can fix it. Entries: live, pending, expired, disabled (and `enabled` = any of the first
 * three); users: active, suspended (Craft's pending, locked and inactive never occur here);
 * everything else: enabled, disabled. A status the kind does not have matches nothing.
 */

/** Enabled overall and in the site (users have no per-site switch). */
const ENABLED = sql`(e.enabled AND coalesce(s.enabled, true))`;

export function statusExpression(kind: ElementKind, status: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const name = status.toLowerCase();
  if (kind === ElementKinds.user) {
    if (name === 'active') return sql`(NOT u.is_disabled)`;
    if (name === 'suspended') return sql`(u.is_disabled)`;
    return sql`false`;
  }
  if (name === 'enabled') return ENABLED;
  if (name === 'disabled') return sql`(NOT ${ENABLED})`;
  if (kind !== ElementKinds.entry) return sql`false`;
  switch (name) {
    case 'live':
      // An entry without a post date counts as published.
      return sql`(${ENABLED} AND (e.post_date IS NULL OR e.post_date <= ${at}) AND (e.expiry_date IS NULL OR e.expiry_date > ${at}))`;
    case 'pending':
      return sql`(${ENABLED} AND e.post_date > ${at})`;
    case 'expired':
      return sql`(${ENABLED} AND e.expiry_date <= ${at})`;
  }
  return sql`false`;
}

export function defaultStatus(kind: ElementKind): string {
  return kind === ElementKinds.entry ? 'live' : kind === ElementKinds.user ? 'active' : 'enabled';
}

/** The status condition: undefined = the kind's default, null = any status. */
export function statusSql(
  kind: ElementKind,
  status: StatusParam | null | undefined,
  now: Date,
): SQL | null {
  if (status === null) return null;
  const node = parseParam(status ?? defaultStatus(kind));
  return node === null ? null : nodeSql(kind, node, now);
}

function nodeSql(kind: ElementKind, node: ParamNode, now: Date): SQL {
  switch (node.type) {
    case 'group':
      return sql`(${sql.join(
        node.items.map((item) => nodeSql(kind, item, now)),
        node.glue === 'and' ? sql` AND ` : sql` OR `,
      )})`;
    case 'compare': {
      const expression = statusExpression(kind, String(node.value), now);
      return node.operator === '!=' ? sql`(NOT ${expression})` : expression;
    }
    case 'empty':
    case 'like':
      // `:empty:` or a wildcard: no status is empty or a pattern.
      return sql`false`;
  }
}

/** The status string of one loaded element (ElementRecord.status). */
export function statusOf(
  kind: ElementKind,
  row: {
    enabled: boolean;
    siteEnabled: boolean;
    postDate: Date | null;
    expiryDate: Date | null;
    suspended: boolean;
  },
  now: Date,
): string {
  if (kind === ElementKinds.user) return row.suspended ? 'suspended' : 'active';
  if (!row.enabled || !row.siteEnabled) return 'disabled';
  if (kind !== ElementKinds.entry) return 'enabled';
  if (row.postDate !== null && row.postDate > now) return 'pending';
  if (row.expiryDate !== null && row.expiryDate <= now) return 'expired';
  return 'live';
}
