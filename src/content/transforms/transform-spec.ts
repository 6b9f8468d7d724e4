import type { ImageTransform, TransformMode } from '../model/content-model';
import { type TransformArgs } from './asset-files';
import { TransformArgumentError } from './transform-argument-error';
import { OUTPUT_FORMATS, type OutputFormat } from './image-formats';

export const TRANSFORM_MODES = ['crop', 'fit', 'stretch', 'letterbox'] as const;
export const TRANSFORM_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center-center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type TransformPosition = (typeof TRANSFORM_POSITIONS)[number];
export const INTERLACE_MODES = ['none', 'line', 'plane', 'partition'] as const;
export type Interlace = (typeof INTERLACE_MODES)[number];

/** Larger requests are refused: one transform must not be able to exhaust the memory. */
export const MAX_TRANSFORM_SIDE = 8192;

/** One transform, validated, with Craft's defaults filled in. */
export interface TransformSpec {
  /** The named transform's handle (its folder is `_<handle>`); null for ad-hoc arguments. */
  readonly handle: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly mode: TransformMode;
  readonly position: TransformPosition;
  readonly interlace: Interlace;
  /** null: the default quality. */
  readonly quality: number | null;
  /** null: the source's own format (a web format), else jpg or png. */
  readonly format: OutputFormat | null;
}

/**
 * The transform the arguments ask for: a named transform (by `handle`, or its alias `transform`)
 * wins over the ad-hoc arguments, as in Craft. Null when nothing is asked (`@transform` alone, or
 * only `immediately`): the asset stays as it is.
 * @throws TransformArgumentError for an unknown handle or a bad argument
 */
export function resolveTransformSpec(
  args: TransformArgs,
  namedTransform: (handle: string) => ImageTransform | undefined,
): TransformSpec | null {
  const handle = nonBlank(args.handle) ?? nonBlank(args.transform);
  if (handle !== undefined) {
    const named = namedTransform(handle);
    if (named === undefined) {
      throw new TransformArgumentError(`Invalid transform handle: ${handle}`);
    }
    return validateSpec({ ...named, handle: named.handle });
  }
  const { width, height, mode, position, interlace, quality, format } = args;
  const given = [width, height, mode, position, interlace, quality, format];
  if (given.every((value) => value === null || value === undefined)) return null;
  return validateSpec({
    handle: null,
    width: width ?? null,
    height: height ?? null,
    mode: mode ?? 'crop',
    position: position ?? 'center-center',
    interlace: interlace ?? 'none',
    quality: quality ?? null,
    format: format ?? null,
  });
}

/**
 * Whether the arguments ask for an ad-hoc transform (sizes, mode, format... without a named
 * transform's handle), which GRAPHQL_ADHOC_TRANSFORMS may refuse: each distinct set of arguments
 * is another generated file.
 */
export function isAdhocTransform(args: TransformArgs): boolean {
  if (nonBlank(args.handle) !== undefined || nonBlank(args.transform) !== undefined) return false;
  const { width, height, mode, position, interlace, quality, format } = args;
  return [width, height, mode, position, interlace, quality, format].some(
    (value) => value !== null && value !== undefined,
  );
}

interface RawSpec {
  readonly handle: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly mode: string;
  readonly position: string;
  readonly interlace: string;
  readonly quality: number | null;
  readonly format: string | null;
}

function validateSpec(raw: RawSpec): TransformSpec {
  return {
    handle: raw.handle,
    width: dimension('width', raw.width),
    height: dimension('height', raw.height),
    mode: oneOf('mode', raw.mode, TRANSFORM_MODES),
    position: oneOf('position', raw.position, TRANSFORM_POSITIONS),
    interlace: oneOf('interlace', raw.interlace, INTERLACE_MODES),
    quality: quality(raw.quality),
    format: raw.format === null ? null : oneOf('format', raw.format, OUTPUT_FORMATS),
  };
}

function dimension(name: string, value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_TRANSFORM_SIDE) {
    throw new TransformArgumentError(
      `Transform ${name} must be a whole number of pixels from 1 to ${MAX_TRANSFORM_SIDE} (got ${value})`,
    );
  }
  return value;
}

function quality(value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new TransformArgumentError(
      `Transform quality must be a whole number from 0 to 100 (got ${value})`,
    );
  }
  return value;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new TransformArgumentError(
    `Invalid transform ${name} "${value}": use one of ${allowed.join(', ')}`,
  );
}

function nonBlank(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text.trim() === '' ? undefined : text.trim();
}
