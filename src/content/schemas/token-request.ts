import { MAX_TEXT_LENGTH } from '../../identity/identity.limits';
import type { GraphqlTokenChanges, NewGraphqlToken } from './graphql-tokens.service';

const KEYS = ['name', 'schema', 'expiryDate', 'enabled'];
const CHANGE_KEYS = ['name', 'enabled', 'expiryDate'];
/** A calendar date, optionally with a time and offset: what `Date` reads the same everywhere. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** A request body the admin API refuses (400 with this message). */
export class TokenRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

/**
 * The body of `POST /api/content/tokens`: `{name, schema, expiryDate?, enabled?}`. Strict:
 * unknown keys and wrong types are refused with a message naming the property.
 */
export function decodeTokenRequest(body: unknown): NewGraphqlToken {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new TokenRequestError('the body must be a JSON object: {"name", "schema", ...}');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !KEYS.includes(key));
  if (unknown !== undefined)
    throw new TokenRequestError(`unknown property "${unknown}" (allowed: ${KEYS.join(', ')})`);
  return {
    name: requiredText(fields, 'name'),
    schema: requiredText(fields, 'schema'),
    expiryDate: expiryDate(fields.expiryDate),
    enabled: enabled(fields.enabled),
  };
}

/**
 * The body of `PATCH /api/content/tokens/:id`: any of `{name, enabled, expiryDate}`; absent keys
 * stay as they are, `expiryDate: null` clears the expiry. The schema of a token cannot change.
 */
export function decodeTokenChanges(body: unknown): GraphqlTokenChanges {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new TokenRequestError('the body must be a JSON object: {"enabled", "expiryDate", ...}');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !CHANGE_KEYS.includes(key));
  if (unknown !== undefined)
    throw new TokenRequestError(
      `unknown property "${unknown}" (allowed: ${CHANGE_KEYS.join(', ')})`,
    );
  return {
    ...('name' in fields && { name: requiredText(fields, 'name') }),
    ...('enabled' in fields && { enabled: requiredBoolean(fields.enabled) }),
    ...('expiryDate' in fields && { expiryDate: expiryDate(fields.expiryDate) }),
  };
}

/** An ISO 8601 date as the token APIs take it (the command's `expire` reads its argument so). */
export function decodeExpiryDate(value: unknown): Date | null {
  return expiryDate(value);
}

function requiredBoolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new TokenRequestError('enabled must be true or false');
  return value;
}

function requiredText(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  if (value === undefined || value === null) throw new TokenRequestError(`${key} is required`);
  if (typeof value !== 'string') throw new TokenRequestError(`${key} must be a string`);
  const text = value.trim();
  if (text === '') throw new TokenRequestError(`${key} must not be empty`);
  if (text.length > MAX_TEXT_LENGTH)
    throw new TokenRequestError(`${key} must be at most ${MAX_TEXT_LENGTH} characters`);
  return text;
}

/** Absent or null: never expires. A past date is allowed (the token is then invalid). */
function expiryDate(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const date =
    typeof value === 'string' && ISO_DATE.test(value) && isCalendarDate(value)
      ? new Date(value)
      : undefined;
  if (date === undefined || Number.isNaN(date.getTime()))
    throw new TokenRequestError(
      'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z',
    );
  return date;
}

/** `Date` rolls 2030-02-31 over to March; a typo must not become another day. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function enabled(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'boolean') throw new TokenRequestError('enabled must be true or false');
  return value;
}
