import type { AssetProperties } from '../store/element-record';

export const OUTPUT_FORMATS = ['jpg', 'png', 'gif', 'webp', 'avif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MIME_TYPES: Readonly<Record<OutputFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Extensions of the web formats a transform keeps when no format is asked for. */
const WEB_SAFE: Readonly<Record<string, OutputFormat>> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  jpe: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
};

/**
 * What sharp's prebuilt libvips reads: the web formats and TIFF. SVG is served as it is (as Craft
 * does with transformSvgs off); HEIC needs a codec the prebuilt binaries lack.
 */
const TRANSFORMABLE = new Set([...Object.keys(WEB_SAFE), 'tif', 'tiff']);

/** The lower-case extension without the dot; '' when there is none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** Whether @transform can produce a new image from this asset. */
export function isTransformable(asset: AssetProperties): boolean {
  return asset.kind === 'image' && TRANSFORMABLE.has(extensionOf(asset.filename));
}

/** The web format a file already is, or null (TIFF and the like). */
export function webSafeFormat(extension: string): OutputFormat | null {
  return WEB_SAFE[extension] ?? null;
}
