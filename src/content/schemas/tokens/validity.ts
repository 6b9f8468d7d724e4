import type { GqlSchemaDefinition } from '../../model/content-model';

/** Expiry as Craft checks it: a date equal to now has expired. */
function unexpired(expiryDate: Date | null, nowMs: number): boolean {
  return expiryDate === null || expiryDate.getTime() > nowMs;
}

/** A schema definition may answer requests: enabled and not expired (the YAML decides both). */
export function isSchemaUsable(schema: GqlSchemaDefinition, nowMs: number): boolean {
  return schema.enabled && unexpired(schema.expiryDate, nowMs);
}

export interface TokenState {
  readonly enabled: boolean;
  readonly expiryDate: Date | null;
}

/**
 * The schema a token grants, or undefined when the token is invalid: disabled, expired, or its
 * schema is gone from the model, disabled or expired (a disabled schema locks out its tokens).
 */
export function schemaOfToken(
  token: TokenState,
  schema: GqlSchemaDefinition | undefined,
  nowMs: number,
): GqlSchemaDefinition | undefined {
  if (!token.enabled || !unexpired(token.expiryDate, nowMs)) return undefined;
  if (schema === undefined || !isSchemaUsable(schema, nowMs)) return undefined;
  return schema;
}
