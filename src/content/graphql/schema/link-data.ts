import { GraphQLBoolean, GraphQLInt, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLFieldConfigMap } from 'graphql';
import type { Field } from '../../model/content-model';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { GraphqlRequestContext } from '../graphql-request-context';
import { type LinkOutput, linkOutput } from '../link-output';
import type { ElementFieldConfig } from './field-maps';
import type { SchemaTypes } from './schema-types';

const TEXT_FIELDS = [
  'type',
  'value',
  'label',
  'defaultLabel',
  'urlSuffix',
  'url',
  'link',
  'target',
  'title',
  'class',
  'id',
  'rel',
  'ariaLabel',
] as const;

/** The per-kind element fields of `LinkData` (Craft adds one per element link type). */
const ELEMENT_FIELDS: readonly (readonly [string, ElementKind])[] = [
  ['asset', ElementKinds.asset],
  ['category', ElementKinds.category],
  ['entry', ElementKinds.entry],
];

/**
 * A Link field: Craft 5.6's `LinkData` object when the field's `fullGraphqlData` is on (the
 * default), else the link's URL as a `String` (Craft 5.3–5.5's shape).
 */
export function linkFieldConfig(
  types: SchemaTypes,
  field: Field,
  description: string | undefined,
): ElementFieldConfig {
  if (field.fullGraphqlData === false) {
    return {
      type: GraphQLString,
      description,
      resolve: async (source, _args, context) =>
        (await linkOutput(field, source, context))?.url ?? null,
    };
  }
  return {
    type: linkDataType(types),
    description,
    resolve: (source, _args, context) => linkOutput(field, source, context),
  };
}

/** `LinkData`, one type for every Link field (as in Craft); element fields for readable kinds. */
function linkDataType(types: SchemaTypes): GraphQLObjectType {
  return types.named(
    'LinkData',
    () =>
      new GraphQLObjectType<LinkOutput, GraphqlRequestContext>({
        name: 'LinkData',
        fields: () => {
          const fields: GraphQLFieldConfigMap<LinkOutput, GraphqlRequestContext> = {};
          for (const name of TEXT_FIELDS) fields[name] = { type: GraphQLString };
          fields.download = { type: GraphQLBoolean };
          fields.filename = { type: GraphQLString };
          fields.elementType = { type: GraphQLString };
          fields.elementId = { type: GraphQLInt };
          fields.elementSiteId = { type: GraphQLInt };
          fields.elementTitle = { type: GraphQLString };
          let anyKind = false;
          for (const [name, kind] of ELEMENT_FIELDS) {
            if (!types.scope.canQuery(kind)) continue;
            anyKind = true;
            fields[name] = {
              type: types.kindInterface(kind),
              resolve: (link) => (link.element?.kind === kind ? link.element : null),
            };
          }
          if (anyKind) {
            fields.element = { type: types.elementInterface(), resolve: (link) => link.element };
          }
          return fields;
        },
      }),
  );
}
