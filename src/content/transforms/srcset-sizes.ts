import { type TransformArgs } from './asset-files';
import { TransformArgumentError } from './transform-argument-error';
import type { Size } from './transform-geometry';
import type { TransformSpec } from './transform-spec';

export interface SrcsetSize {
  readonly value: number;
  readonly unit: 'w' | 'x';
  /** The descriptor written after the URL, e.g. `300w`, `2x`; `1x` is written without one. */
  readonly descriptor: string;
}

/**
 * A `srcset` size as Craft parses it: `300w` (a width), `2x` or `1.5x` (a multiple of the current
 * width); a bare number is a width.
 * @throws TransformArgumentError for anything else
 */
export function parseSrcsetSize(size: string): SrcsetSize {
  const text = /^\d+(\.\d+)?$/.test(size.trim()) ? `${size.trim()}w` : size.trim().toLowerCase();
  const match = /^(\d+(?:\.\d+)?|\.\d+)(w|x)$/.exec(text);
  const value = match === null ? Number.NaN : Number(match[1]);
  if (match === null || !(value > 0)) {
    throw new TransformArgumentError(`Invalid srcset size: ${size} (use e.g. "300w" or "2x")`);
  }
  const unit = match[2] as 'w' | 'x';
  return { value, unit, descriptor: `${value}${unit}` };
}

/**
 * The transform for one srcset size, as Craft builds it: the current transform's settings (a named
 * transform's included, its handle not) with the width of the size; the height is set only when the
 * current transform has one, scaled like the width.
 */
export function srcsetTransform(
  current: Size,
  base: TransformSpec | null,
  size: SrcsetSize,
): TransformArgs {
  const width = size.unit === 'w' ? Math.trunc(size.value) : Math.ceil(current.width * size.value);
  const height =
    base === null || base.height === null
      ? null
      : size.unit === 'w'
        ? Math.ceil((current.height * width) / current.width)
        : Math.ceil(current.height * size.value);
  return {
    width,
    height,
    mode: base?.mode ?? null,
    position: base?.position ?? null,
    interlace: base?.interlace ?? null,
    quality: base?.quality ?? null,
    format: base?.format ?? null,
  };
}
