import { getNamedType, isScalarType } from 'graphql';
import type { GraphQLField, GraphQLFieldConfig, GraphQLInterfaceType } from 'graphql';
import type { ContentSchemaBase } from '../code-first/schema-base';

type AnyFieldConfig = GraphQLFieldConfig<never, never, never>;

/**
 * A generated field with what the code-first base declares for it: type, description and
 * deprecation; the resolver stays the generated one (per element of a list, no Nest wrapper),
 * else the base's. Only fields of scalar types take the base's type: other types are per scope.
 */
export function withBaseDeclaration<T extends AnyFieldConfig>(
  generated: T | undefined,
  declared: GraphQLField<unknown, unknown>,
): T {
  const scalar = isScalarType(getNamedType(declared.type));
  return {
    ...generated,
    ...(scalar && { type: declared.type }),
    ...(generated === undefined && { resolve: declared.resolve }),
    description: declared.description,
    deprecationReason: declared.deprecationReason,
  } as T;
}

/**
 * An interface's fields: the generated ones in their order, those the base declares taking its
 * declaration, then any the base declares that the builder does not generate.
 */
export function interfaceFields<T extends AnyFieldConfig>(
  generated: Record<string, T>,
  declared: GraphQLInterfaceType | undefined,
): Record<string, T> {
  if (declared === undefined) return generated;
  const declaredFields = declared.getFields();
  const fields: Record<string, T> = {};
  for (const [name, config] of Object.entries(generated)) {
    const field = declaredFields[name];
    fields[name] = field === undefined ? config : withBaseDeclaration(config, field);
  }
  for (const field of Object.values(declaredFields)) {
    if (!(field.name in fields)) fields[field.name] = withBaseDeclaration<T>(undefined, field);
  }
  return fields;
}

/** The base's description of a named type, else the generated one. */
export function baseDescription(
  base: ContentSchemaBase | undefined,
  name: string,
  generated: string,
): string {
  return base?.interfaceType(name)?.description ?? generated;
}

/**
 * A root field as the base declares and resolves it (a Nest resolver: guards, interceptors,
 * filters and pipes apply), with the scope's type and arguments. Without a base declaration the
 * generated field stands.
 */
export function rootFieldFromBase<T extends AnyFieldConfig>(
  generated: T,
  declared: GraphQLField<unknown, unknown> | undefined,
): T {
  if (declared === undefined) return generated;
  return {
    ...generated,
    description: declared.description,
    deprecationReason: declared.deprecationReason,
    resolve: declared.resolve,
  };
}
