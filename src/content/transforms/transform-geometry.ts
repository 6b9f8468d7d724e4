import type { TransformSpec } from './transform-spec';

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Region extends Size {
  readonly left: number;
  readonly top: number;
}

/**
 * How to draw the output from the (auto-oriented) source: scale it to `scale` (ignoring the aspect
 * ratio: the ratio is already right, or `stretch` wants it so), then cut `crop` out of the scaled
 * image, or place it at `place` on a transparent or white canvas of `canvas` (letterbox).
 */
export interface RenderPlan {
  readonly output: Size;
  readonly scale: Size;
  readonly crop: Region | null;
  readonly place: Region | null;
}

/**
 * Above this many output pixels a transform is refused unless GRAPHQL_TRANSFORM_MAX_PIXELS says
 * otherwise (its default: 4096x4096, about 50 MB of raw RGB for sharp to hold).
 */
export const DEFAULT_MAX_OUTPUT_PIXELS = 4096 * 4096;

/**
 * The box the transform asks for: a missing dimension follows the source's aspect ratio (at least
 * 1 px); neither dimension keeps the source size (a format or quality change only).
 */
export function transformBox(source: Size, spec: Pick<TransformSpec, 'width' | 'height'>): Size {
  const { width, height } = spec;
  if (width !== null && height !== null) return { width, height };
  if (width !== null) {
    return { width, height: Math.max(Math.round((width * source.height) / source.width), 1) };
  }
  if (height !== null) {
    return { width: Math.max(Math.round((height * source.width) / source.height), 1), height };
  }
  return source;
}

/**
 * Craft's output size (its default `upscaleImages: true`: smaller sources are scaled up): `fit`
 * keeps the ratio inside the box, every other mode produces the box.
 */
export function outputSize(
  source: Size,
  spec: Pick<TransformSpec, 'width' | 'height' | 'mode'>,
): Size {
  const box = transformBox(source, spec);
  if (spec.mode !== 'fit') return box;
  return fitInside(source, box);
}

/**
 * The drawing plan. `crop` fills the box and cuts the overflow around the focal point ([x, y] in
 * 0..1) when the asset has one, else at `position`; `letterbox` fits the image inside the box and
 * pads it at `position`.
 */
export function renderPlan(
  source: Size,
  spec: Pick<TransformSpec, 'width' | 'height' | 'mode' | 'position'>,
  focalPoint: readonly [number, number] | null,
): RenderPlan {
  const box = transformBox(source, spec);
  switch (spec.mode) {
    case 'fit': {
      const output = fitInside(source, box);
      return { output, scale: output, crop: null, place: null };
    }
    case 'stretch':
      return { output: box, scale: box, crop: null, place: null };
    case 'letterbox': {
      const scale = fitInside(source, box);
      const [ax, ay] = anchor(spec.position);
      const place = {
        ...scale,
        left: Math.round((box.width - scale.width) * ax),
        top: Math.round((box.height - scale.height) * ay),
      };
      return { output: box, scale, crop: null, place };
    }
    case 'crop': {
      const factor = Math.max(box.width / source.width, box.height / source.height);
      const scale = {
        width: Math.max(Math.round(source.width * factor), box.width),
        height: Math.max(Math.round(source.height * factor), box.height),
      };
      const crop = {
        ...box,
        left: offset(scale.width, box.width, focalPoint?.[0], anchor(spec.position)[0]),
        top: offset(scale.height, box.height, focalPoint?.[1], anchor(spec.position)[1]),
      };
      return { output: box, scale, crop, place: null };
    }
  }
}

/** Craft's `fit`: scaled by the larger of the two ratios, rounded. */
function fitInside(source: Size, box: Size): Size {
  const factor = Math.max(source.width / box.width, source.height / box.height);
  return {
    width: Math.max(Math.round(source.width / factor), 1),
    height: Math.max(Math.round(source.height / factor), 1),
  };
}

/** Where the cut starts: centred on the focal point (kept inside the image), else anchored. */
function offset(
  scaled: number,
  wanted: number,
  focal: number | undefined,
  anchorAt: number,
): number {
  const overflow = scaled - wanted;
  if (overflow <= 0) return 0;
  const start = focal === undefined ? overflow * anchorAt : focal * scaled - wanted / 2;
  return Math.min(Math.max(Math.round(start), 0), overflow);
}

/** `top-left` → [0, 0], `center-center` → [0.5, 0.5], `bottom-right` → [1, 1]. */
function anchor(position: string): [number, number] {
  const [vertical, horizontal] = position.split('-');
  const along = (side: string | undefined, start: string, end: string): number =>
    side === start ? 0 : side === end ? 1 : 0.5;
  return [along(horizontal, 'left', 'right'), along(vertical, 'top', 'bottom')];
}
