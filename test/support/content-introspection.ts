import {
  assertValidSchema,
  buildClientSchema,
  getIntrospectionQuery,
  GraphQLSchema,
  IntrospectionQuery,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';
import { GraphqlClient } from './graphql-client';

/**
 * Introspects the schema a client's token sees, over HTTP, with every optional part of the
 * introspection query, and builds it with graphql-js's `buildClientSchema`; `assertValidSchema`
 * then checks it as graphql-js checks a schema before executing against it (interfaces
 * implemented correctly, unions of object types, unique names, ...). Throws when any step fails.
 */
export async function introspectServedSchema(client: GraphqlClient): Promise<GraphQLSchema> {
  const query = getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });
  const answer = await client.post<{ data?: IntrospectionQuery; errors?: unknown }>({ query });
  if (answer.status !== 200 || answer.body.errors !== undefined || answer.body.data === undefined) {
    throw new Error(`introspection failed (${answer.status}): ${answer.text.slice(0, 500)}`);
  }
  const schema = buildClientSchema(answer.body.data);
  assertValidSchema(schema);
  return schema;
}

/** The schema's own named types: no introspection types, no built-in scalars; sorted. */
export function ownTypeNames(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap())
    .filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type))
    .map((type) => type.name)
    .sort();
}

/** The root query fields, sorted. */
export function queryFieldNames(schema: GraphQLSchema): string[] {
  return Object.keys(schema.getQueryType()?.getFields() ?? {}).sort();
}

/** The fields of an object, interface or input type, sorted; undefined when there is no such type. */
export function typeFieldNames(schema: GraphQLSchema, typeName: string): string[] | undefined {
  const type = schema.getType(typeName);
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    return Object.keys(type.getFields()).sort();
  }
  return undefined;
}

/** The argument names of one field (`Query.entries`), sorted; undefined without that field. */
export function argumentNames(schema: GraphQLSchema, coordinate: string): string[] | undefined {
  const [typeName, fieldName] = coordinate.split('.');
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return undefined;
  return type
    .getFields()
    [fieldName]?.args.map((arg) => arg.name)
    .sort();
}

/**
 * Every place an argument or input field of that name is declared, as `Type.field(arg)` and
 * `Input.field`: for "this schema names no `status` argument anywhere".
 */
export function argumentPlaces(schema: GraphQLSchema, name: string): string[] {
  const places: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.args.some((arg) => arg.name === name)) {
          places.push(`${type.name}.${field.name}(${name})`);
        }
      }
    } else if (isInputObjectType(type) && name in type.getFields()) {
      places.push(`${type.name}.${name}`);
    }
  }
  return places.sort();
}
