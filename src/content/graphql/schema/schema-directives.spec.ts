import { parse, printSchema, validate } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { GqlSchemaDefinition } from '../../model/content-model';
import { fullSchema } from '../../schemas/full-schema';
import { demoModel, SCHEMAS } from '../scope-grants.fixtures';
import { validContentSchema } from './content-schema.fixtures';
import type { CraftVersion } from './craft-version';

const model = demoModel();

function withComponents(...components: string[]): GqlSchemaDefinition {
  return { ...SCHEMAS.public, scope: [...SCHEMAS.public.scope, ...components] };
}

function build(definition: GqlSchemaDefinition, version: CraftVersion): GraphQLSchema {
  return validContentSchema(model, definition, version);
}

function switched(schema: GraphQLSchema): string[] {
  return ['transform', 'parseRefs'].filter((name) => schema.getDirective(name) !== undefined);
}

function errors(schema: GraphQLSchema, query: string): string[] {
  return validate(schema, parse(query)).map((error) => error.message);
}

describe('per-schema @transform and @parseRefs (Craft 5.9)', () => {
  it('Craft 5: a scope listing directive components declares only those it lists', () => {
    const schema = build(withComponents('directive:transform'), '5');
    expect(switched(schema)).toEqual(['transform']);
    expect(schema.getDirective('stripTags')).toBeDefined();
    expect(errors(schema, '{ entries { title @parseRefs } }')).toEqual([
      'Unknown directive "@parseRefs".',
    ]);
    expect(errors(schema, '{ assets { url @transform(width: 10) } }')).toEqual([]);
    expect(switched(build(withComponents('directive:parseRefs'), '5'))).toEqual(['parseRefs']);
  });

  it('Craft 5: a scope listing none keeps both, as Craft’s upgrade grants them', () => {
    expect(switched(build(SCHEMAS.public, '5'))).toEqual(['transform', 'parseRefs']);
    expect(
      switched(build(withComponents('directive:transform', 'directive:parseRefs'), '5')),
    ).toEqual(['transform', 'parseRefs']);
    expect(switched(build(fullSchema(model), '5'))).toEqual(['transform', 'parseRefs']);
  });

  it('Craft 4: both whatever is listed, the schema unchanged by the components', () => {
    const plain = build(SCHEMAS.public, '4');
    const listed = build(withComponents('directive:transform'), '4');
    expect(switched(listed)).toEqual(['transform', 'parseRefs']);
    expect(printSchema(listed)).toBe(printSchema(plain));
  });
});
