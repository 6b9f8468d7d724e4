import { GraphQLError } from 'graphql';
import type { SchemaScope } from '../schema/schema-scope';

/** Craft's answer when the schema lacks the scope an action needs (MutationResolver). */
export const PERMISSION_DENIED = 'Unable to perform the action.';

/** Craft's answer when a structure operation names an element that does not exist. */
export const STRUCTURE_TARGET_MISSING = 'Unable to move element in a structure';

/**
 * Checked when a mutation runs, not only when the schema is built: the scope component
 * `<entity>.<uid>:<action>` (Craft's `requireSchemaAction`).
 */
export function requireAction(
  scope: SchemaScope,
  entity: string,
  uid: string,
  action: string,
): void {
  if (!scope.allows(entity, uid, action)) throw new GraphQLError(PERMISSION_DENIED);
}

/** An error whose message the client sees (Craft's UserError and Error in mutation resolvers). */
export function mutationError(message: string): GraphQLError {
  return new GraphQLError(message);
}
