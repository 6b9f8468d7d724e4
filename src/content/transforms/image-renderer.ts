import { randomUUID } from 'node:crypto';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { OutputFormat } from './image-formats';
import type { RenderPlan, Size } from './transform-geometry';
import type { Interlace } from './transform-spec';

/** Craft's `defaultImageQuality`. */
export const DEFAULT_QUALITY = 82;

export interface SourceImage extends Size {
  readonly hasAlpha: boolean;
  /** Frames of an animated GIF or WebP; 1 for still images. */
  readonly frames: number;
}

export interface RenderOutput {
  readonly format: OutputFormat;
  readonly quality: number | null;
  readonly interlace: Interlace;
  /** Keep every frame (an animated source drawn as GIF or WebP); else the first frame only. */
  readonly animated: boolean;
}

const TRANSPARENT = { r: 255, g: 255, b: 255, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

// libvips' file cache keeps files open and would hand out a replaced source's old pixels.
sharp.cache({ files: 0 });

/** Reads images and writes transforms with sharp. */
export class ImageRenderer {
  /** Size as displayed (EXIF orientation applied) and whether the image has an alpha channel. */
  async inspect(path: string): Promise<SourceImage> {
    const metadata = await sharp(path).metadata();
    return {
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      hasAlpha: metadata.hasAlpha,
      frames: metadata.pages ?? 1,
    };
  }

  /**
   * Draws the plan into `target`, atomically: the image is written to a hidden temporary file in
   * the same folder and renamed into place, so a reader never sees a half-written file.
   */
  async render(
    source: string,
    target: string,
    plan: RenderPlan,
    output: RenderOutput,
  ): Promise<void> {
    const folder = dirname(target);
    // Twice at most: the folder may be removed, empty, by the file cap between mkdir and the
    // write (generated-files.ts); it is then made again.
    for (let attempt = 1; ; attempt++) {
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${basename(target)}.${randomUUID()}.tmp`);
      try {
        await this.pipeline(source, plan, output).toFile(temporary);
        await rename(temporary, target);
        return;
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        if (attempt >= 2 || !isMissingFolder(error)) throw error;
      }
    }
  }

  private pipeline(source: string, plan: RenderPlan, output: RenderOutput): Sharp {
    let image = sharp(source, { autoOrient: true, animated: output.animated }).resize(
      plan.scale.width,
      plan.scale.height,
      {
        fit: 'fill',
      },
    );
    if (plan.crop !== null) image = image.extract(plan.crop);
    const opaque = output.format === 'jpg';
    if (plan.place !== null) {
      const { left, top } = plan.place;
      image = image.extend({
        left,
        top,
        right: plan.output.width - plan.scale.width - left,
        bottom: plan.output.height - plan.scale.height - top,
        background: opaque ? WHITE : TRANSPARENT,
      });
    }
    if (opaque) image = image.flatten({ background: WHITE });
    const quality = output.quality ?? DEFAULT_QUALITY;
    const progressive = output.interlace !== 'none';
    switch (output.format) {
      case 'jpg':
        return image.jpeg({ quality: Math.max(quality, 1), progressive });
      case 'png':
        // PNG is lossless: quality picks the compression effort, as Craft maps it.
        return image.png({ progressive, compressionLevel: 9 - Math.round((quality * 9) / 100) });
      case 'gif':
        return image.gif({ progressive });
      case 'webp':
        return image.webp({ quality: Math.max(quality, 1) });
      case 'avif':
        return image.avif({ quality: Math.max(quality, 1) });
    }
  }
}

function isMissingFolder(error: unknown): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  // sharp reports a missing folder in its message, without a code.
  return code === 'ENOENT' || /no such file or directory/i.test(message ?? '');
}
