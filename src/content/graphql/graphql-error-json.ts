import { GraphQLError } from 'graphql';
import { DirectiveArgumentError } from '../directives/directive-functions';
import { ElementQueryError } from '../store/read/element-query-error';
import { TransformArgumentError } from '../transforms/transform-argument-error';
import { ClientSafeError } from './client-safe-error';
import type { GraphqlErrorJson } from './content-graphql';

/** What a production client sees instead of an unexpected error's message (Craft's wording). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong when processing the GraphQL query.';

/** Whether `error` came from a resolver failing unexpectedly (a bug, a database error...). */
export function isUnexpectedError(error: GraphQLError): boolean {
  const original = error.originalError;
  if (original === undefined || original === null) return false;
  return !(
    original instanceof GraphQLError ||
    original instanceof ClientSafeError ||
    // A bad argument value (`orderBy`, a non-numeric id, a date): its message is for the client.
    original instanceof ElementQueryError ||
    original instanceof TransformArgumentError ||
    original instanceof DirectiveArgumentError
  );
}

/** The wire shape of a GraphQL error (webonyx 14: `extensions.category`). */
export function graphqlErrorJson(error: GraphQLError, devMode: boolean): GraphqlErrorJson {
  const message = !devMode && isUnexpectedError(error) ? GENERIC_ERROR_MESSAGE : error.message;
  return {
    message,
    ...(error.locations !== undefined && { locations: error.locations }),
    ...(error.path !== undefined && { path: error.path }),
    extensions: { category: 'graphql' },
  };
}
