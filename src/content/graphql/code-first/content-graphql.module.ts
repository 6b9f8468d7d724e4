import { GraphQLModule } from '@nestjs/graphql';
import { GraphQLSchema } from 'graphql';
import type { GqlModuleOptions } from '@nestjs/graphql';
import { Settings } from '../../../settings/settings';
import { presentationTimeZone } from '../scalars/atom-date';
import { dateTimeScalar } from '../scalars/date-time.scalar';
import { NumberScalar } from '../scalars/number.scalar';
import { QueryArgumentScalar } from '../scalars/query-argument.scalar';
import { contentDirectives } from '../schema/directive-definitions';
import { ContentGraphqlDriver } from './content-graphql.driver';
import { ContentSchemaBaseModule } from './schema-base.module';
import { DateTimeType } from './date-time.type';
import { MatrixBlockInterface } from './element.interfaces';

/**
 * `GraphQLModule` for the content API, code-first: the schema is generated in memory from the
 * decorated classes (no schema file) and served per token scope by the content driver. The
 * DateTime scalar and `@formatDateTime`'s default zone depend on a setting, so they are options.
 * Imported by ContentModule only: a process without the content module loads no GraphQL code.
 */
export const ContentGraphqlModule = GraphQLModule.forRootAsync<GqlModuleOptions>({
  driver: ContentGraphqlDriver,
  imports: [ContentSchemaBaseModule],
  inject: [Settings],
  useFactory: (settings: Settings): GqlModuleOptions => ({
    ...contentGraphqlOptions(presentationTimeZone(settings.content.datesInSystemTimeZone)),
    path: settings.content.path,
  }),
});

/** The module's options; `timeZone`: where DateTime values are presented. */
export function contentGraphqlOptions(timeZone: string): GqlModuleOptions {
  return {
    driver: ContentGraphqlDriver,
    autoSchemaFile: true,
    buildSchemaOptions: {
      scalarsMap: [{ type: DateTimeType, scalar: dateTimeScalar(timeZone) }],
      directives: contentDirectives(timeZone),
      // Reached only through generated matrix fields.
      orphanedTypes: [MatrixBlockInterface],
    },
    // Craft's other shared scalars appear in per-scope fields and arguments only (custom number
    // fields, element query arguments): the base declares them so that every schema takes them
    // from it.
    transformSchema: (schema: GraphQLSchema) => {
      const config = schema.toConfig();
      return new GraphQLSchema({
        ...config,
        types: [...config.types, NumberScalar, QueryArgumentScalar],
      });
    },
  };
}
