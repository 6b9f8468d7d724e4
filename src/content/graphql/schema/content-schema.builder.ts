import { GraphQLSchema, specifiedDirectives } from 'graphql';
import type { ContentModelIndex } from '../../model/content-model.index';
import { applyContentDirectives } from './directive-application';
import {
  formatDateTimeDirective,
  markdownDirective,
  parseRefsDirective,
  stripTagsDirective,
  transformDirective,
  trimDirective,
} from './directive-definitions';
import { registerInterfaces } from './element-interfaces';
import { concreteTypes } from './element-types';
import { mutationType } from '../mutations/mutation-type';
import { queryType } from './root-query';
import type { SchemaScope } from './schema-scope';
import { SchemaTypes } from './schema-types';

/**
 * Generates the GraphQL schema of one GraphQL schema definition from the content model: its scope
 * decides which root fields, types, fields and arguments exist (spec §2.5). Built with graphql-js
 * type objects because the schema differs per scope and changes with the model at run time.
 * `timeZone` is where DateTime values are presented (and @formatDateTime's default zone).
 */
export function buildContentSchema(
  model: ContentModelIndex,
  scope: SchemaScope,
  timeZone: string,
): GraphQLSchema {
  const types = new SchemaTypes(model, scope, timeZone);
  registerInterfaces(types);
  const objects = concreteTypes(types);
  const query = queryType(types);
  const schema = new GraphQLSchema({
    query,
    mutation: mutationType(types, objects),
    // Concrete types are mostly reached through interfaces only: list them so that they exist.
    types: objects,
    directives: [
      ...specifiedDirectives,
      formatDateTimeDirective(timeZone),
      transformDirective,
      markdownDirective,
      parseRefsDirective,
      stripTagsDirective,
      trimDirective,
    ],
  });
  applyContentDirectives(schema);
  return schema;
}
