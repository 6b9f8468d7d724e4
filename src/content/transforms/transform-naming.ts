import { extensionOf, webSafeFormat, type OutputFormat } from './image-formats';
import type { TransformSpec } from './transform-spec';

/**
 * Craft's folder for a transform's files, beside the source: `_<handle>` for a named transform,
 * else `_<width|AUTO>x<height|AUTO>_<mode>_<position>[_<quality>]_<interlace>`.
 */
export function transformFolderName(spec: TransformSpec): string {
  if (spec.handle !== null) return `_${spec.handle}`;
  const quality = spec.quality === null ? '' : `_${spec.quality}`;
  return (
    `_${spec.width ?? 'AUTO'}x${spec.height ?? 'AUTO'}_${spec.mode}_${spec.position}` +
    `${quality}_${spec.interlace}`
  );
}

/**
 * The output format: the asked one; else the source's own web format; else (TIFF and the like)
 * png when the image has transparency and jpg otherwise, as Craft does with Imagick.
 */
export function outputFormat(
  spec: TransformSpec,
  filename: string,
  hasAlpha: boolean,
): OutputFormat {
  return spec.format ?? webSafeFormat(extensionOf(filename)) ?? (hasAlpha ? 'png' : 'jpg');
}

/** The transform's file name: the source's, with the output format's extension when it changes. */
export function outputFilename(filename: string, format: OutputFormat): string {
  if (webSafeFormat(extensionOf(filename)) === format) return filename;
  const dot = filename.lastIndexOf('.');
  return `${dot <= 0 ? filename : filename.slice(0, dot)}.${format}`;
}

/** An ad-hoc transform's folder name, as transformFolderName writes it. */
const ADHOC_FOLDER =
  /^_(?:\d+|AUTO)x(?:\d+|AUTO)_(?:crop|fit|stretch|letterbox)_(?:top|center|bottom)-(?:left|center|right)(?:_\d+)?_(?:none|line|plane|partition)$/;

/** Whether a folder holds generated files: an ad-hoc transform's, or `_<handle>` of a named one. */
export function isTransformFolderName(
  name: string,
  isNamedHandle: (handle: string) => boolean,
): boolean {
  return ADHOC_FOLDER.test(name) || (name.startsWith('_') && isNamedHandle(name.slice(1)));
}
