import { getOperationAST, OperationTypeNode } from 'graphql';
import type { DocumentNode } from 'graphql';

/**
 * Mutations need POST. Craft runs them over GET too; we refuse, as most GraphQL servers do: a GET
 * is what links, image tags, prefetchers and crawlers send, and the public schema needs no token,
 * so a link must never write. The message is graphql-http's (express-graphql's) wording.
 */
export const MUTATION_NEEDS_POST = 'Can only perform a mutation operation from a POST request.';

/** Whether the operation the request selects is a mutation (unknown selections are not). */
export function isMutation(document: DocumentNode, operationName: string | null): boolean {
  return getOperationAST(document, operationName)?.operation === OperationTypeNode.MUTATION;
}
