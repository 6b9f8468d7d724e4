import type { Volume } from '../../model/content-model';
import { type TransformArgs, type TransformedImage } from '../../transforms/asset-files';
import { TransformArgumentError } from '../../transforms/transform-argument-error';
import { imgTag } from '../../transforms/img-tag';
import { isAdhocTransform } from '../../transforms/transform-spec';
import type { ElementSource, GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';

/**
 * Asset image properties under a transform: the field's own transform arguments win, else the
 * transform an enclosing `@transform` set on the asset, else none (the original file).
 */
export function effectiveTransform(source: ElementSource, args: GraphqlArgs): TransformArgs | null {
  if (Object.values(args).some((value) => value !== null && value !== undefined)) return args;
  return source.transform ?? null;
}

export function volumeOf(source: ElementSource, context: GraphqlRequestContext): Volume | null {
  return source.containerId === null
    ? null
    : (context.model.volumes.id(source.containerId) ?? null);
}

/** GRAPHQL_ADHOC_TRANSFORMS refused an ad-hoc transform (or srcset sizes) for this schema. */
export const ADHOC_TRANSFORM_REFUSED =
  'Ad-hoc image transforms are not allowed with this schema: use a named transform (handle)';

/**
 * Refuses ad-hoc arguments where GRAPHQL_ADHOC_TRANSFORMS says so: each distinct set of
 * arguments is another file on disk, so anonymous clients get the model's named transforms only.
 */
function checkAllowed(transform: TransformArgs, context: GraphqlRequestContext): void {
  if (context.adhocTransforms === false && isAdhocTransform(transform)) {
    throw new TransformArgumentError(ADHOC_TRANSFORM_REFUSED);
  }
}

/** The transformed image, or null without a transform or for files that are not images. */
export async function transformedImage(
  source: ElementSource,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
): Promise<TransformedImage | null> {
  const transform = effectiveTransform(source, args);
  const volume = volumeOf(source, context);
  if (transform === null || volume === null || source.asset === null) return null;
  checkAllowed(transform, context);
  return context.assetFiles.transform(source, volume, transform, context.transformBudget);
}

export async function assetUrl(
  source: ElementSource,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
): Promise<string | null> {
  const volume = volumeOf(source, context);
  if (volume === null) return null;
  const image = await transformedImage(source, args, context);
  return image?.url ?? context.assetFiles.url(source, volume);
}

export async function assetDimension(
  source: ElementSource,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
  dimension: 'width' | 'height',
): Promise<number | null> {
  const image = await transformedImage(source, args, context);
  return image?.[dimension] ?? source.asset?.[dimension] ?? null;
}

/**
 * Craft's `srcset(sizes:)`, built on the transform an enclosing `@transform` set (if any); null for
 * files that are not images.
 */
export async function assetSrcset(
  source: ElementSource,
  sizes: readonly string[],
  context: GraphqlRequestContext,
): Promise<string | null> {
  const volume = volumeOf(source, context);
  if (volume === null || source.asset === null) return null;
  if (source.transform !== undefined) checkAllowed(source.transform, context);
  // Every size but 1x derives an ad-hoc transform of its own.
  const derives = source.asset.kind === 'image' && sizes.some((size) => size.trim() !== '1x');
  if (context.adhocTransforms === false && derives) {
    throw new TransformArgumentError(ADHOC_TRANSFORM_REFUSED);
  }
  return context.assetFiles.srcset(
    source,
    volume,
    sizes,
    source.transform ?? null,
    context.transformBudget,
  );
}

/** Craft's `img`: an `<img>` tag for the (transformed) image; null for files that are not images. */
export async function assetImg(
  source: ElementSource,
  context: GraphqlRequestContext,
): Promise<string | null> {
  if (source.asset === null || source.asset.kind !== 'image') return null;
  const url = await assetUrl(source, {}, context);
  if (url === null) return null;
  const width = await assetDimension(source, {}, context, 'width');
  const height = await assetDimension(source, {}, context, 'height');
  return imgTag({ src: url, width, height, alt: source.asset.alt ?? source.title });
}
