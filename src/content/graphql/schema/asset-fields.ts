import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';
import { TRANSFORM_ARGUMENTS } from './transform-arguments';
import { elementFields } from './element-fields';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { assetDimension, assetImg, assetSrcset, assetUrl, transformedImage } from './asset-image';
import { ElementKinds } from '../../model/element-kinds';

/** The file's extension, lower case ('' without one). */
function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * `AssetInterface` fields (docs/content-graphql.md#assets). `url`, `width`, `height` and `format`
 * take transform arguments (or inherit `@transform` from the asset field); `uploader` exists only
 * when the scope can query users.
 */
// eslint-disable-next-line max-lines-per-function -- a GraphQL field map: one entry per field, read as a table
export function assetFields(types: SchemaTypes): ElementFieldMap {
  const fields: ElementFieldMap = { ...elementFields(types) };
  if (types.scope.canQuery(ElementKinds.user)) {
    fields.uploaderId = {
      type: GraphQLInt,
      description: 'The ID of the user who first added this asset (if known).',
      resolve: (source) => source.asset?.uploaderId ?? null,
    };
    fields.uploader = {
      type: types.kindInterface(ElementKinds.user),
      args: types.kindArguments(ElementKinds.user),
      description: 'The user who first added this asset (if known).',
      resolve: (source, args, context) => {
        const id = source.asset?.uploaderId;
        return id === null || id === undefined ? null : context.elements.user(id, args);
      },
    };
  }
  const assetInterface = types.kindInterface(ElementKinds.asset);
  return {
    ...fields,
    alt: {
      type: GraphQLString,
      description: 'Alternative text for the asset.',
      resolve: (source) => source.asset?.alt ?? null,
    },
    volumeId: {
      type: GraphQLInt,
      description: 'The ID of the volume that the asset belongs to.',
      resolve: (source) => source.containerId,
    },
    folderId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The ID of the folder that the asset belongs to.',
      resolve: (source) => source.asset?.folderId,
    },
    filename: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The filename of the asset file.',
      resolve: (source) => source.asset?.filename,
    },
    extension: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The file extension for the asset file.',
      resolve: (source) => extensionOf(source.asset?.filename ?? ''),
    },
    hasFocalPoint: {
      type: new GraphQLNonNull(GraphQLBoolean),
      description: 'Whether a user-defined focal point is set on the asset.',
      resolve: (source) => (source.asset?.focalPoint ?? null) !== null,
    },
    focalPoint: {
      type: new GraphQLList(GraphQLFloat),
      description:
        'The focal point represented as an array with `x` and `y` keys, or null if it’s not an image.',
      resolve: (source) => source.asset?.focalPoint ?? null,
    },
    kind: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The file kind.',
      resolve: (source) => source.asset?.kind,
    },
    size: {
      type: GraphQLString,
      description: 'The file size in bytes.',
      resolve: (source) => (source.asset === null ? null : String(source.asset.size)),
    },
    height: {
      type: GraphQLInt,
      args: TRANSFORM_ARGUMENTS,
      description: 'The height in pixels or null if it’s not an image.',
      resolve: (source, args, context) => assetDimension(source, args, context, 'height'),
    },
    width: {
      type: GraphQLInt,
      args: TRANSFORM_ARGUMENTS,
      description: 'The width in pixels or null if it’s not an image.',
      resolve: (source, args, context) => assetDimension(source, args, context, 'width'),
    },
    img: {
      type: GraphQLString,
      description: 'An `<img>` tag based on this asset.',
      resolve: (source, _args, context) => assetImg(source, context),
    },
    srcset: {
      type: GraphQLString,
      args: {
        sizes: {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))),
          description: 'The sizes, such as `["1x", "2x"]` or `["300w", "600w"]`.',
        },
      },
      description: 'Returns a `srcset` attribute value based on the given widths or x-descriptors.',
      resolve: (source, args, context) =>
        assetSrcset(source, args.sizes as readonly string[], context),
    },
    url: {
      type: GraphQLString,
      args: TRANSFORM_ARGUMENTS,
      description:
        'The full URL of the asset. This field accepts the same fields as the `transform` directive.',
      resolve: (source, args, context) => assetUrl(source, args, context),
    },
    mimeType: {
      type: GraphQLString,
      description: 'The file’s MIME type, if it can be determined.',
      resolve: async (source, _args, context) =>
        (await transformedImage(source, {}, context))?.mimeType ?? source.asset?.mimeType ?? null,
    },
    format: {
      type: GraphQLString,
      args: TRANSFORM_ARGUMENTS,
      description:
        'The file extension of the asset file, or of the transformed image. This field accepts the same fields as the `transform` directive.',
      resolve: async (source, args, context) =>
        (await transformedImage(source, args, context))?.format ??
        extensionOf(source.asset?.filename ?? ''),
    },
    path: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The asset’s path in the volume.',
      resolve: (source) =>
        source.asset === null ? undefined : `${source.asset.folderPath}${source.asset.filename}`,
    },
    dateModified: {
      type: types.dateTime,
      description: 'The date the asset file was last modified.',
      resolve: (source) => source.asset?.dateModified ?? null,
    },
    prev: {
      type: assetInterface,
      args: types.kindArguments(ElementKinds.asset),
      description:
        'Returns the previous element relative to this one, from a given set of criteria.',
      resolve: (source, args, context) => context.elements.prev(source, args),
    },
    next: {
      type: assetInterface,
      args: types.kindArguments(ElementKinds.asset),
      description: 'Returns the next element relative to this one, from a given set of criteria.',
      resolve: (source, args, context) => context.elements.next(source, args),
    },
  };
}
