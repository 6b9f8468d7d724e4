import type { SchemaView } from '../schema-view';
import type { TokenView } from '../../schemas/tokens/view';

/** Left-aligned columns separated by two spaces. */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

/** An instant as operators read it: ISO 8601 to the second, UTC; `-` for none. */
function instant(iso: string | null, none = '-'): string {
  return iso === null ? none : `${iso.slice(0, 19)}Z`;
}

/**
 * `content-tokens list`:
 *
 * ```
 * id  name          schema   enabled  expires               last used             created
 * 1   Partner site  partner  yes      never                 2030-06-01T12:00:00Z  2030-06-01T11:00:00Z
 * ```
 */
export function tokenTable(tokens: readonly TokenView[]): string[] {
  if (tokens.length === 0) return ['no GraphQL tokens'];
  return columns([
    ['id', 'name', 'schema', 'enabled', 'expires', 'last used', 'created'],
    ...tokens.map((token) => [
      String(token.id),
      token.name,
      token.schema ?? `(gone: ${token.schemaUid})`,
      token.enabled ? 'yes' : 'no',
      instant(token.expiryDate, 'never'),
      instant(token.lastUsed, 'never'),
      instant(token.dateCreated),
    ]),
  ]);
}

/** `content-tokens schemas`: one line per schema of the content model. */
export function schemaTable(schemas: readonly SchemaView[]): string[] {
  if (schemas.length === 0) return ['no GraphQL schemas in the content model'];
  return columns([
    ['handle', 'name', 'public', 'enabled', 'expires', 'usable', 'tokens', 'uid'],
    ...schemas.map((schema) => [
      schema.handle,
      schema.name,
      schema.public ? 'yes' : 'no',
      schema.enabled ? 'yes' : 'no',
      instant(schema.expiryDate, 'never'),
      schema.usable ? 'yes' : 'no',
      schema.public ? '-' : String(schema.tokens),
      schema.uid,
    ]),
  ]);
}

/** The state of a token in one line: `token 3 "Partner site" (schema partner): enabled, never expires`. */
export function tokenLine(token: TokenView): string {
  const expiry =
    token.expiryDate === null ? 'never expires' : `expires ${instant(token.expiryDate)}`;
  return `token ${token.id} "${token.name}" (schema ${token.schema ?? token.schemaUid}): ${token.enabled ? 'enabled' : 'disabled'}, ${expiry}`;
}
