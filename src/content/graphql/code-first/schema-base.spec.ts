import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor, Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Observable } from 'rxjs';
import { GraphQLModule } from '@nestjs/graphql';
import { assertValidSchema, graphql, printSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { fullSchema } from '../../schemas/full-schema';
import { ScopeGrants } from '../scope-grants';
import { demoModel, SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';
import { buildContentSchema } from '../schema/content-schema.builder';
import { ContentGraphqlDriver } from './content-graphql.driver';
import { contentGraphqlOptions } from './content-graphql.module';
import { ContentMutationResolver } from './mutation.resolver';
import { ContentQueryResolver } from './query.resolver';
import { ContentSchemaBase } from './schema-base';
import { ContentSchemaBaseModule } from './schema-base.module';

const model = demoModel();

/** Records the root fields an app-wide interceptor sees. */
@Injectable()
class RecordingInterceptor implements NestInterceptor {
  readonly seen: string[] = [];
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.seen.push(GqlExecutionContext.create(context).getInfo<{ fieldName: string }>().fieldName);
    return next.handle();
  }
}

/** The code-first base as GraphQLModule builds it in the service (no HTTP server here). */
async function codeFirstBase(extra: Provider[] = []): Promise<ContentSchemaBase> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ContentSchemaBaseModule,
      GraphQLModule.forRootAsync({
        driver: ContentGraphqlDriver,
        imports: [ContentSchemaBaseModule],
        useFactory: () => contentGraphqlOptions('UTC'),
      }),
    ],
    providers: [ContentQueryResolver, ContentMutationResolver, ...extra],
  }).compile();
  await moduleRef.init();
  const base = moduleRef.get(ContentSchemaBase);
  await moduleRef.close();
  return base;
}

describe('the code-first base', () => {
  let base: ContentSchemaBase;

  beforeAll(async () => {
    base = await codeFirstBase();
  });

  it('declares the static surface: interfaces, scalars, directives, root fields', () => {
    const schema = base.schema;
    for (const name of ['ElementInterface', 'EntryInterface', 'MatrixBlockInterface']) {
      expect(base.interfaceType(name)).toBeDefined();
    }
    for (const name of ['DateTime', 'Number', 'QueryArgument']) {
      expect(base.scalar(name).name).toBe(name);
    }
    expect(schema.getDirectives().map((d) => d.name)).toEqual(
      expect.arrayContaining(['formatDateTime', 'transform', 'markdown', 'parseRefs', 'trim']),
    );
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['ping', 'entries', 'entry', 'entryCount', 'queryEntries', 'tags']),
    );
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual(['ping']);
  });

  it.each([
    ['public', SCHEMAS.public],
    ['editorial', SCHEMAS.editorial],
    ['partner', SCHEMAS.partner],
    ['full', fullSchema(model)],
    ['empty', schemaWithScope([])],
  ])('derives the %s schema as the builder alone generates it', (_name, definition) => {
    const build = (withBase?: ContentSchemaBase): GraphQLSchema =>
      buildContentSchema(model, new ScopeGrants(definition, model), 'UTC', withBase);
    const derived = build(base);
    assertValidSchema(derived);
    expect(printSchema(derived)).toBe(printSchema(build()));
  });

  it('resolves root fields through the Nest resolvers', async () => {
    const schema = buildContentSchema(model, new ScopeGrants(SCHEMAS.public, model), 'UTC', base);
    expect(schema.getQueryType()!.getFields().ping.resolve).toBeDefined();
    const result = await graphql({ schema, source: 'query { ping } ' });
    expect(result).toEqual({ data: { ping: 'pong' } });
    const mutation = await graphql({ schema, source: 'mutation { ping }' });
    expect(mutation).toEqual({ data: { ping: 'pong' } });
  });

  it('runs the application’s interceptors around root fields, as around REST handlers', async () => {
    const interceptor = new RecordingInterceptor();
    const intercepted = await codeFirstBase([{ provide: APP_INTERCEPTOR, useValue: interceptor }]);
    const schema = buildContentSchema(
      model,
      new ScopeGrants(SCHEMAS.public, model),
      'UTC',
      intercepted,
    );
    expect(await graphql({ schema, source: '{ ping }' })).toEqual({ data: { ping: 'pong' } });
    expect(await graphql({ schema, source: 'mutation { ping }' })).toEqual({
      data: { ping: 'pong' },
    });
    expect(interceptor.seen).toEqual(['ping', 'ping']);
  });
});
