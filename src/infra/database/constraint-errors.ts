/**
 * PostgreSQL error classification. Drizzle wraps driver errors (`DrizzleQueryError` with the
 * driver's error as `cause`); both drivers carry the SQLSTATE `code` and the `constraint` name.
 */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function findPgError(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** A unique constraint (or unique index) was violated; optionally, that particular one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findPgError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === constraint;
}

/** A foreign key pointed at a row that does not exist (e.g. deleted concurrently). */
export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23503';
}
