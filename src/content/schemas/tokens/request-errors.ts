import { MAX_TEXT_LENGTH } from '../../../identity';

/** A calendar date, optionally with a time and offset: what `Date` reads the same everywhere. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export const EXPIRY_DATE_MESSAGE =
  'expiryDate must be null or an ISO 8601 date-time such as 2030-01-31T12:00:00Z';

/** A token request the admin API or the command refuses (400 with this message). */
export class TokenRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

/**
 * The problem with a token's name or schema reference, in the order it is checked, or
 * undefined when the text is fine. The text is trimmed first.
 */
export function tokenTextProblem(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return `${key} is required`;
  if (typeof value !== 'string') return `${key} must be a string`;
  const text = value.trim();
  if (text === '') return `${key} must not be empty`;
  if (text.length > MAX_TEXT_LENGTH) return `${key} must be at most ${MAX_TEXT_LENGTH} characters`;
  return undefined;
}

/** An ISO 8601 date as the token APIs take it; undefined when it is not one. */
export function parseExpiryDate(value: unknown): Date | undefined {
  const date =
    typeof value === 'string' && ISO_DATE.test(value) && isCalendarDate(value)
      ? new Date(value)
      : undefined;
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * An expiry date as the command reads its argument: absent or null never expires; a past date
 * is allowed (the token is then invalid).
 */
export function decodeExpiryDate(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const date = parseExpiryDate(value);
  if (date === undefined) throw new TokenRequestError(EXPIRY_DATE_MESSAGE);
  return date;
}

/** `Date` rolls 2030-02-31 over to March; a typo must not become another day. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
