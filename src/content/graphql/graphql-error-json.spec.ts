import { GraphQLError, parse } from 'graphql';
import { DirectiveArgumentError } from '../directives/directive-functions';
import { ElementQueryError } from '../store/read/element-query-error';
import { TransformArgumentError } from '../transforms/transform-argument-error';
import { ClientSafeError } from './client-safe-error';
import { GENERIC_ERROR_MESSAGE, graphqlErrorJson } from './graphql-error-json';

function resolverError(original: Error): GraphQLError {
  const node = parse('{ entries { id } }').definitions[0];
  return new GraphQLError(original.message, {
    nodes: node,
    path: ['entries'],
    originalError: original,
  });
}

describe('graphqlErrorJson', () => {
  it('keeps messages meant for clients and hides the others outside devMode', () => {
    for (const error of [
      new ClientSafeError('bad size'),
      new TransformArgumentError('bad mode'),
      new DirectiveArgumentError('bad zone'),
      new ElementQueryError('Invalid orderBy column "nope"'),
      new GraphQLError('graphql says no'),
    ]) {
      expect(graphqlErrorJson(resolverError(error), false).message).toBe(error.message);
    }
    expect(graphqlErrorJson(resolverError(new Error('socket hang up')), false)).toEqual({
      message: GENERIC_ERROR_MESSAGE,
      locations: [{ line: 1, column: 1 }],
      path: ['entries'],
      extensions: { category: 'graphql' },
    });
    expect(graphqlErrorJson(resolverError(new Error('socket hang up')), true).message).toBe(
      'socket hang up',
    );
  });

  it('leaves out locations and path when the error has none', () => {
    expect(graphqlErrorJson(new GraphQLError('Syntax Error'), false)).toEqual({
      message: 'Syntax Error',
      extensions: { category: 'graphql' },
    });
  });
});
