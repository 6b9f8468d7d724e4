import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AbstractGraphQLDriver } from '@nestjs/graphql';
import type { GqlModuleOptions } from '@nestjs/graphql';
import type { GraphQLSchema } from 'graphql';
import { GraphqlRoute } from '../../endpoint/graphql.route';
import { ContentSchemaBase } from './schema-base';

/**
 * The content API's `GraphQLModule` driver. The module generates the code-first base schema
 * (decorated classes and resolvers, `code-first/`); the driver hands it to `ContentSchemaBase`,
 * from which a schema per (model version, token scope) is derived on first use
 * (ContentGraphqlService). Serving keeps Craft's HTTP semantics (GET and POST forms,
 * `application/graphql`, batches, Yii's 400 bodies, CORS, token selection): the driver's HTTP
 * part is the endpoint's Fastify route (endpoint/graphql.route.ts), registered on start.
 * Apollo and Mercurius serve one schema per instance with their own HTTP answers, which Craft
 * clients would notice.
 */
@Injectable()
export class ContentGraphqlDriver extends AbstractGraphQLDriver<GqlModuleOptions> {
  constructor(
    private readonly base: ContentSchemaBase,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  /** Also runs when the module graph is only scanned (no HTTP server): the base is set anyway. */
  override async generateSchema(options: GqlModuleOptions): Promise<GraphQLSchema> {
    const schema = await super.generateSchema(options);
    if (schema === null) throw new Error('GraphQLModule generated no schema');
    this.base.schema = schema;
    return schema;
  }

  /** Called by GraphQLModule when an HTTP server exists. */
  start(): Promise<void> {
    this.moduleRef.get(GraphqlRoute, { strict: false }).register();
    return Promise.resolve();
  }

  /** The routes close with the Fastify instance. */
  stop(): Promise<void> {
    return Promise.resolve();
  }
}
