import { UseFilters } from '@nestjs/common';
import { Context, Int, Query, Resolver } from '@nestjs/graphql';
import { ElementKinds } from '../../model/element-kinds';
import type { ElementRecord } from '../../store/element-record';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import {
  AssetInterface,
  CategoryInterface,
  EntryInterface,
  GlobalSetInterface,
  TagInterface,
  UserInterface,
} from './element.interfaces';
import { QueryArguments } from './query-arguments.decorator';
import { ResolverErrorsFilter } from './resolver-errors.filter';

type Records = Promise<ElementRecord[]>;
type OneRecord = Promise<ElementRecord | null>;

const deprecated = (name: string) =>
  `This query is deprecated and will be removed in the future. Use \`${name}\` instead.`;

/**
 * Craft's root query fields (docs/content-graphql.md#root-fields-spec-31): `ping`, and per element
 * kind its plural, singular and count fields and Craft 3.3's `query<Kind>` names as deprecated
 * aliases. Each resolves through the request's element queries (request-loaders.ts). Which of them
 * a token's schema has, and their arguments, the per-scope schema decides (schema/root-query.ts);
 * `<section>Entries` fields are named after the model's sections and are generated there.
 */
@Resolver()
@UseFilters(ResolverErrorsFilter)
export class ContentQueryResolver {
  @Query(() => String, {
    nullable: true,
    description: 'This query is used to test API availability.',
  })
  ping(): string {
    return 'pong';
  }

  @Query(() => [EntryInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for entries.',
  })
  entries(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): Records {
    return context.elements.all(ElementKinds.entry, args);
  }

  @Query(() => EntryInterface, {
    nullable: true,
    description: 'This query is used to query for a single entry.',
  })
  entry(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): OneRecord {
    return context.elements.one(ElementKinds.entry, args);
  }

  @Query(() => Int, { description: 'This query is used to return the number of entries.' })
  entryCount(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Promise<number> {
    return context.elements.count(ElementKinds.entry, args);
  }

  @Query(() => [EntryInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for entries.',
    deprecationReason: deprecated('entries'),
  })
  queryEntries(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.entry, args);
  }

  @Query(() => EntryInterface, {
    nullable: true,
    description: 'This query is used to query for a single entry.',
    deprecationReason: deprecated('entry'),
  })
  queryEntry(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.entry, args);
  }

  @Query(() => [AssetInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for assets.',
  })
  assets(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): Records {
    return context.elements.all(ElementKinds.asset, args);
  }

  @Query(() => AssetInterface, {
    nullable: true,
    description: 'This query is used to query for a single asset.',
  })
  asset(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): OneRecord {
    return context.elements.one(ElementKinds.asset, args);
  }

  @Query(() => Int, { description: 'This query is used to return the number of assets.' })
  assetCount(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Promise<number> {
    return context.elements.count(ElementKinds.asset, args);
  }

  @Query(() => [AssetInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for assets.',
    deprecationReason: deprecated('assets'),
  })
  queryAssets(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.asset, args);
  }

  @Query(() => AssetInterface, {
    nullable: true,
    description: 'This query is used to query for a single asset.',
    deprecationReason: deprecated('asset'),
  })
  queryAsset(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.asset, args);
  }

  @Query(() => [UserInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for users.',
  })
  users(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): Records {
    return context.elements.all(ElementKinds.user, args);
  }

  @Query(() => UserInterface, {
    nullable: true,
    description: 'This query is used to query for a single user.',
  })
  user(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): OneRecord {
    return context.elements.one(ElementKinds.user, args);
  }

  @Query(() => Int, { description: 'This query is used to return the number of users.' })
  userCount(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Promise<number> {
    return context.elements.count(ElementKinds.user, args);
  }

  @Query(() => [UserInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for users.',
    deprecationReason: deprecated('users'),
  })
  queryUsers(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.user, args);
  }

  @Query(() => UserInterface, {
    nullable: true,
    description: 'This query is used to query for a single user.',
    deprecationReason: deprecated('user'),
  })
  queryUser(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.user, args);
  }

  @Query(() => [GlobalSetInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for global sets.',
  })
  globalSets(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.globalSet, args);
  }

  @Query(() => GlobalSetInterface, {
    nullable: true,
    description: 'This query is used to query for a single global set.',
  })
  globalSet(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.globalSet, args);
  }

  @Query(() => [GlobalSetInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for global sets.',
    deprecationReason: deprecated('globalSets'),
  })
  queryGlobalSets(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.globalSet, args);
  }

  @Query(() => GlobalSetInterface, {
    nullable: true,
    description: 'This query is used to query for a single global set.',
    deprecationReason: deprecated('globalSet'),
  })
  queryGlobalSet(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.globalSet, args);
  }

  @Query(() => [CategoryInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for categories.',
  })
  categories(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.category, args);
  }

  @Query(() => CategoryInterface, {
    nullable: true,
    description: 'This query is used to query for a single category.',
  })
  category(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.category, args);
  }

  @Query(() => Int, { description: 'This query is used to return the number of categories.' })
  categoryCount(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Promise<number> {
    return context.elements.count(ElementKinds.category, args);
  }

  @Query(() => [CategoryInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for categories.',
    deprecationReason: deprecated('categories'),
  })
  queryCategories(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.category, args);
  }

  @Query(() => CategoryInterface, {
    nullable: true,
    description: 'This query is used to query for a single category.',
    deprecationReason: deprecated('category'),
  })
  queryCategory(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.category, args);
  }

  @Query(() => [TagInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for tags.',
  })
  tags(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): Records {
    return context.elements.all(ElementKinds.tag, args);
  }

  @Query(() => TagInterface, {
    nullable: true,
    description: 'This query is used to query for a single tag.',
  })
  tag(@QueryArguments() args: GraphqlArgs, @Context() context: GraphqlRequestContext): OneRecord {
    return context.elements.one(ElementKinds.tag, args);
  }

  @Query(() => Int, { description: 'This query is used to return the number of tags.' })
  tagCount(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Promise<number> {
    return context.elements.count(ElementKinds.tag, args);
  }

  @Query(() => [TagInterface], {
    nullable: 'itemsAndList',
    description: 'This query is used to query for tags.',
    deprecationReason: deprecated('tags'),
  })
  queryTags(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): Records {
    return context.elements.all(ElementKinds.tag, args);
  }

  @Query(() => TagInterface, {
    nullable: true,
    description: 'This query is used to query for a single tag.',
    deprecationReason: deprecated('tag'),
  })
  queryTag(
    @QueryArguments() args: GraphqlArgs,
    @Context() context: GraphqlRequestContext,
  ): OneRecord {
    return context.elements.one(ElementKinds.tag, args);
  }
}
