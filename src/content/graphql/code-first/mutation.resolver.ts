import { UseFilters } from '@nestjs/common';
import { Mutation, Resolver } from '@nestjs/graphql';
import { ResolverErrorsFilter } from './resolver-errors.filter';

/**
 * `Mutation.ping` (Craft 3.5+). The save and delete mutations depend on the token's scope and on
 * the model's sections, volumes and groups: the per-scope schema generates them
 * (mutations/mutation-type.ts) over the content mutations service.
 */
@Resolver()
@UseFilters(ResolverErrorsFilter)
export class ContentMutationResolver {
  @Mutation(() => String, {
    nullable: true,
    description: 'This mutation is used to test API availability.',
  })
  ping(): string {
    return 'pong';
  }
}
