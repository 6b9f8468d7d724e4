import type { GraphQLFieldConfig } from 'graphql';
import type { ElementSource, GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';

/** A field of an element type: its resolver gets the element record and the request context. */
export type ElementFieldConfig = GraphQLFieldConfig<
  ElementSource,
  GraphqlRequestContext,
  GraphqlArgs
>;

/** Fields of an element type (arguments typed, unlike graphql-js's `any`). */
export type ElementFieldMap = Record<string, ElementFieldConfig>;
