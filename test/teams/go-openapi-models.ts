/**
 * The JSON types grafana-openapi-client-go (the Terraform provider's client) decodes answers
 * into, field by field. Go's encoding/json fails the whole call on a type mismatch (a string for
 * an int64, an object for a list); strfmt.DateTime fails on text it cannot parse as a date; keys
 * match case-insensitively and unknown keys are ignored; `null` leaves the zero value.
 */
type GoType = 'int64' | 'string' | 'bool' | 'date-time' | 'string[]' | 'map[string]bool' | 'object';

export type GoModel = Readonly<Record<string, GoType>>;

export const CREATE_TEAM_OK_BODY: GoModel = { message: 'string', teamId: 'int64', uid: 'string' };

export const ORG_USER_DTO: GoModel = {
  accessControl: 'map[string]bool',
  authLabels: 'string[]',
  avatarUrl: 'string',
  created: 'date-time',
  email: 'string',
  isDisabled: 'bool',
  isExternallySynced: 'bool',
  isProvisioned: 'bool',
  lastSeenAt: 'date-time',
  lastSeenAtAge: 'string',
  login: 'string',
  name: 'string',
  orgId: 'int64',
  role: 'string',
  uid: 'string',
  userId: 'int64',
};

export const TEAM_DTO: GoModel = {
  accessControl: 'map[string]bool',
  avatarUrl: 'string',
  email: 'string',
  externalUID: 'string',
  id: 'int64',
  isProvisioned: 'bool',
  memberCount: 'int64',
  name: 'string',
  orgId: 'int64',
  permission: 'int64',
  uid: 'string',
};

export const TEAM_MEMBER_DTO: GoModel = {
  auth_module: 'string',
  avatarUrl: 'string',
  email: 'string',
  labels: 'string[]',
  login: 'string',
  name: 'string',
  orgId: 'int64',
  permission: 'int64',
  teamId: 'int64',
  teamUID: 'string',
  userId: 'int64',
  userUID: 'string',
};

export const PREFERENCES: GoModel = {
  homeDashboardId: 'int64',
  homeDashboardUID: 'string',
  language: 'string',
  navbar: 'object',
  queryHistory: 'object',
  theme: 'string',
  timezone: 'string',
  weekStart: 'string',
};

export const SUCCESS_RESPONSE_BODY: GoModel = { message: 'string' };

export const TEAM_GROUP_DTO: GoModel = { groupId: 'string', orgId: 'int64', teamId: 'int64' };

function fits(value: unknown, type: GoType): boolean {
  if (value === null) return true;
  switch (type) {
    case 'int64':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'date-time':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'map[string]bool':
      return (
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).every((item) => typeof item === 'boolean')
      );
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
  }
}

/**
 * What the Go client would decode `body` into, or an error naming the first mismatch as Go's
 * `json: cannot unmarshal …` does. Key matching is case-insensitive, as in encoding/json.
 */
export function goDecode(body: unknown, model: GoModel): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`json: cannot unmarshal ${JSON.stringify(body)} into an object`);
  }
  const decoded: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(model)) {
    const key = Object.keys(body).find((k) => k.toLowerCase() === field.toLowerCase());
    if (key === undefined) continue;
    const value = (body as Record<string, unknown>)[key];
    if (!fits(value, type)) {
      throw new Error(`json: cannot unmarshal ${JSON.stringify(value)} into ${field} (${type})`);
    }
    decoded[field] = value;
  }
  return decoded;
}

export function goDecodeList(body: unknown, model: GoModel): Record<string, unknown>[] {
  if (!Array.isArray(body)) {
    throw new Error(`json: cannot unmarshal ${JSON.stringify(body)} into a list`);
  }
  return body.map((item) => goDecode(item, model));
}
