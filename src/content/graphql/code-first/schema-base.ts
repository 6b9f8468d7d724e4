import { Injectable } from '@nestjs/common';
import { isInterfaceType, isScalarType } from 'graphql';
import type {
  GraphQLDirective,
  GraphQLField,
  GraphQLInterfaceType,
  GraphQLScalarType,
  GraphQLSchema,
} from 'graphql';

export type BaseRootField = GraphQLField<unknown, unknown>;

/**
 * The code-first schema `GraphQLModule` builds from the decorated classes and resolvers of
 * `code-first/` (set by the content driver when the module generates it). Every per-scope schema
 * is derived from it (schema/content-schema.builder.ts): its scalars and directives, the
 * declarations of the element interfaces and their static fields, and the root fields with
 * their Nest resolvers (guards, interceptors, filters and pipes apply).
 */
@Injectable()
export class ContentSchemaBase {
  private base: GraphQLSchema | undefined;

  set schema(schema: GraphQLSchema) {
    this.base = schema;
  }

  /** The base schema; throws before `GraphQLModule` has generated it. */
  get schema(): GraphQLSchema {
    if (this.base === undefined) throw new Error('the code-first GraphQL schema is not built yet');
    return this.base;
  }

  get ready(): boolean {
    return this.base !== undefined;
  }

  get directives(): readonly GraphQLDirective[] {
    return this.schema.getDirectives();
  }

  scalar(name: string): GraphQLScalarType {
    const type = this.schema.getType(name);
    if (!isScalarType(type)) throw new Error(`the code-first schema has no scalar ${name}`);
    return type;
  }

  interfaceType(name: string): GraphQLInterfaceType | undefined {
    const type = this.schema.getType(name);
    return isInterfaceType(type) ? type : undefined;
  }

  queryField(name: string): BaseRootField | undefined {
    return this.schema.getQueryType()?.getFields()[name];
  }

  mutationField(name: string): BaseRootField | undefined {
    return this.schema.getMutationType()?.getFields()[name];
  }
}
