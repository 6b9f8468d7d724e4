import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { GraphqlArgs } from '../graphql-request-context';

/**
 * All the field's arguments as graphql-js coerced them. The element query arguments depend on
 * the token's scope and the content model (custom fields, relation kinds, inactive elements), so
 * the per-scope schema declares them (schema/element-arguments.ts) and the resolver takes them
 * whole; `@Args()` would declare a fixed set in the code-first base.
 */
export const QueryArguments = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GraphqlArgs =>
    GqlExecutionContext.create(context).getArgs<GraphqlArgs>(),
);
