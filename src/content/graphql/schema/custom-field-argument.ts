import { GraphQLBoolean, GraphQLList } from 'graphql';
import type { GraphQLArgumentConfig } from 'graphql';
import type { Field } from '../../model/content-model';
import { relationTargetKind } from '../../model/field-types';
import { QueryArgumentScalar } from '../scalars/query-argument.scalar';
import type { SchemaScope } from './schema-scope';

const queryArguments = new GraphQLList(QueryArgumentScalar);

/**
 * A custom field's query argument (docs/content-store.md): lightswitches take a Boolean, everything
 * else a `[QueryArgument]` (relation fields: target ids). Fields of nested elements, tables, links
 * and JSON have none.
 */
export function customFieldArgument(
  field: Field,
  scope: SchemaScope,
): GraphQLArgumentConfig | null {
  const target = relationTargetKind(field.type);
  // A relation to a kind the scope cannot read is not in the schema, nor is its filter.
  if (target !== undefined && !scope.canQuery(target)) return null;
  switch (field.type) {
    case 'matrix':
    case 'addresses':
    case 'contentBlock':
    case 'table':
    case 'link':
    case 'json':
      return null;
    case 'lightswitch':
      return { type: GraphQLBoolean, description: narrows(field) };
    case 'plainText':
    case 'number':
    case 'range':
    case 'money':
    case 'date':
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup':
    case 'country':
    case 'icon':
    case 'time':
    case 'checkboxes':
    case 'multiSelect':
    case 'email':
    case 'url':
    case 'color':
    case 'markdown':
    case 'richText':
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
      return { type: queryArguments, description: narrows(field) };
  }
}

function narrows(field: Field): string {
  return `Narrows the query results based on the elements’ “${field.name}” field.`;
}
