import type { Volume } from '../model/content-model';
import type { ElementRecord } from '../store/element-record';
import type { TransformBudget } from './transform-budget';

/** Craft's transform arguments (@transform, and the arguments of Asset url/width/height). */
export interface TransformArgs {
  /** A named transform's handle (`transform` is Craft's alias); wins over the ad-hoc arguments. */
  readonly handle?: string | null;
  readonly transform?: string | null;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly mode?: string | null;
  readonly position?: string | null;
  readonly interlace?: string | null;
  readonly quality?: number | null;
  readonly format?: string | null;
  readonly immediately?: boolean | null;
}

/** A transformed image as it exists on disk and on the wire. */
export interface TransformedImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  /** File extension of the result: jpg, png, gif, webp, avif. */
  readonly format: string;
  readonly mimeType: string;
}

/**
 * Asset files: public URLs of originals, and image transforms generated with sharp into the
 * volume's `_<transform>/` folder (served by the same URL prefix). Transforms are generated on
 * first use and reused afterwards; a bad argument throws TransformArgumentError with a message
 * fit for a GraphQL error.
 */
export abstract class AssetFiles {
  /** The original file's URL: the volume's base URL + folder path + filename. */
  abstract url(asset: ElementRecord, volume: Volume): string;

  /** The transformed image, or null when the asset is not a transformable image (e.g. a PDF). */
  abstract transform(
    asset: ElementRecord,
    volume: Volume,
    args: TransformArgs,
    budget?: TransformBudget,
  ): Promise<TransformedImage | null>;

  /**
   * Craft's Asset `srcset(sizes)`: `url 300w` / `url 2x` entries joined by `, ` (`1x` is the
   * current URL without a descriptor), built on the asset's current transform (@transform on the
   * asset field) when given. Null for non-images, unknown dimensions or no sizes.
   * @throws TransformArgumentError for a malformed size or a bad transform argument
   */
  abstract srcset(
    asset: ElementRecord,
    volume: Volume,
    sizes: readonly string[],
    transform?: TransformArgs | null,
    budget?: TransformBudget,
  ): Promise<string | null>;
}
