import { GraphQLBoolean, GraphQLInt, GraphQLString } from 'graphql';
import type { GraphQLFieldConfigArgumentMap } from 'graphql';

/**
 * Arguments of asset `url`, `width`, `height`, `format` and of `@transform`
 * (directive-definitions.ts, which words three descriptions as Craft's directive does).
 */
export const TRANSFORM_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  handle: { type: GraphQLString, description: 'The handle of the named transform to use.' },
  transform: { type: GraphQLString, description: 'The handle of the named transform to use.' },
  width: { type: GraphQLInt, description: 'Width for the generated transform' },
  height: { type: GraphQLInt, description: 'Height for the generated transform' },
  mode: {
    type: GraphQLString,
    description:
      'The mode to use for the generated transform (`crop`, `fit`, `stretch`, `letterbox`).',
  },
  position: {
    type: GraphQLString,
    description: 'The position to use when cropping, if no focal point specified.',
  },
  interlace: { type: GraphQLString, description: 'The interlace mode to use for the transform' },
  quality: { type: GraphQLInt, description: 'The quality of the transform' },
  format: { type: GraphQLString, description: 'The format to use for the transform' },
  immediately: {
    type: GraphQLBoolean,
    description:
      'Whether the transform should be generated immediately (transforms are always generated immediately here).',
  },
};
