import { Injectable, Logger, Optional } from '@nestjs/common';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Settings } from '../../settings/settings';
import { ContentModelSource } from '../model/content-model.source';
import type { Volume } from '../model/content-model';
import type { AssetProperties, ElementRecord } from '../store/element-record';
import { AssetFiles, type TransformArgs, type TransformedImage } from './asset-files';
import { TransformArgumentError } from './transform-argument-error';
import { GeneratedFiles } from './generated-files';
import { extensionOf, isTransformable, MIME_TYPES, webSafeFormat } from './image-formats';
import { ImageRenderer, type SourceImage } from './image-renderer';
import { parseSrcsetSize, srcsetTransform } from './srcset-sizes';
import { DEFAULT_MAX_OUTPUT_PIXELS, outputSize, renderPlan, type Size } from './transform-geometry';
import {
  isTransformFolderName,
  outputFilename,
  outputFormat,
  transformFolderName,
} from './transform-naming';
import { MAX_TRANSFORM_SIDE, resolveTransformSpec, type TransformSpec } from './transform-spec';
import { fileInVolume, pathSegments, volumeUrl } from './volume-paths';
import type { TransformBudget } from './transform-budget';

/** Bound on remembered source sizes (one entry per source file version). */
const SOURCE_CACHE_LIMIT = 2000;

/**
 * Asset files on the local disk. Transforms are generated on first use into
 * `<volume>/<folder>/_<transform>/<file>` (Craft's layout, so the volume's URL prefix serves them),
 * reused while newer than their source, and generated once when requested concurrently.
 */
@Injectable()
export class LocalAssetFiles extends AssetFiles {
  private readonly logger = new Logger('AssetFiles');
  private readonly renderer = new ImageRenderer();
  private readonly sources = new Map<string, Promise<SourceImage>>();
  private readonly generating = new Map<string, Promise<void>>();
  /** GRAPHQL_TRANSFORM_MAX_PIXELS. */
  private readonly maxPixels: number;
  /** CONTENT_TRANSFORM_MAX_FILES_PER_ASSET and CONTENT_TRANSFORM_DISK_BUDGET_BYTES. */
  readonly generated: GeneratedFiles;

  /** Without settings (unit tests): the settings' defaults for the pixel cap, no file bounds. */
  constructor(
    private readonly model: ContentModelSource,
    @Optional() settings?: Settings,
  ) {
    super();
    this.maxPixels = settings?.content.transformMaxPixels ?? DEFAULT_MAX_OUTPUT_PIXELS;
    this.generated = new GeneratedFiles(
      {
        maxPerSource: settings?.content.transformMaxFilesPerAsset ?? 0,
        budgetBytes: settings?.content.transformDiskBudgetBytes ?? 0,
      },
      (name) =>
        isTransformFolderName(
          name,
          (handle) => this.model.current.imageTransforms.handle(handle) !== undefined,
        ),
    );
  }

  url(asset: ElementRecord, volume: Volume): string {
    const props = assetProperties(asset);
    return volumeUrl(volume.baseUrl, [...folderSegments(props.folderPath), props.filename]);
  }

  async transform(
    asset: ElementRecord,
    volume: Volume,
    args: TransformArgs,
    budget?: TransformBudget,
  ): Promise<TransformedImage | null> {
    const spec = this.spec(args);
    const props = assetProperties(asset);
    if (!isTransformable(props)) return null;
    return spec === null
      ? this.original(asset, volume)
      : this.generate(asset, volume, spec, budget);
  }

  async srcset(
    asset: ElementRecord,
    volume: Volume,
    sizes: readonly string[],
    transform?: TransformArgs | null,
    budget?: TransformBudget,
  ): Promise<string | null> {
    const props = assetProperties(asset);
    const parsed = sizes.map((raw) => ({ raw, size: parseSrcsetSize(raw) }));
    if (props.kind !== 'image' || parsed.length === 0) return null;
    const transformable = isTransformable(props);
    const base = transformable && transform ? this.spec(transform) : null;
    const source = await this.sourceSize(asset, volume);
    if (source === null) return null;
    const current = base === null ? source : outputSize(source, base);

    // Keyed by descriptor, as Craft does: a size given twice is listed once.
    const entries = new Map<string, Promise<string | null>>();
    for (const { raw, size } of parsed) {
      const url = !transformable
        ? Promise.resolve(this.url(asset, volume))
        : raw === '1x'
          ? this.currentUrl(asset, volume, base, budget)
          : this.sizeUrl(asset, volume, srcsetTransform(current, base, size), current, budget);
      entries.set(size.descriptor, url);
    }
    // All at once: awaiting them in turn would leave a later failure unhandled meanwhile.
    const urls = await Promise.all(entries.values());
    const parts = [...entries.keys()].flatMap((descriptor, index) => {
      const url = urls[index];
      if (url === null) return [];
      return [descriptor === '1x' ? url : `${url} ${descriptor}`];
    });
    return parts.length === 0 ? null : parts.join(', ');
  }

  private async currentUrl(
    asset: ElementRecord,
    volume: Volume,
    base: TransformSpec | null,
    budget: TransformBudget | undefined,
  ): Promise<string | null> {
    if (base === null) return this.url(asset, volume);
    return (await this.generate(asset, volume, base, budget))?.url ?? null;
  }

  /**
   * A srcset candidate; null leaves it out when it would exceed the transform limits (a `2x` of a
   * large original): the browser picks among the others, where an error would lose the field.
   */
  private async sizeUrl(
    asset: ElementRecord,
    volume: Volume,
    args: TransformArgs,
    current: Size,
    budget: TransformBudget | undefined,
  ): Promise<string | null> {
    const width = args.width ?? current.width;
    const height = args.height ?? Math.round((width * current.height) / current.width);
    if (width > MAX_TRANSFORM_SIDE || height > MAX_TRANSFORM_SIDE) return null;
    if (width * height > this.maxPixels) return null;
    return (await this.transform(asset, volume, args, budget))?.url ?? null;
  }

  private spec(args: TransformArgs): TransformSpec | null {
    return resolveTransformSpec(args, (handle) =>
      this.model.current.imageTransforms.handle(handle),
    );
  }

  /** The untransformed image described like a transform (no transform was asked for). */
  private async original(asset: ElementRecord, volume: Volume): Promise<TransformedImage | null> {
    const props = assetProperties(asset);
    const size = await this.sourceSize(asset, volume);
    if (size === null) return null;
    const format = webSafeFormat(extensionOf(props.filename));
    return {
      url: this.url(asset, volume),
      width: size.width,
      height: size.height,
      format: format ?? extensionOf(props.filename),
      mimeType:
        props.mimeType ?? (format === null ? 'application/octet-stream' : MIME_TYPES[format]),
    };
  }

  private async generate(
    asset: ElementRecord,
    volume: Volume,
    spec: TransformSpec,
    budget?: TransformBudget,
  ): Promise<TransformedImage | null> {
    const props = assetProperties(asset);
    const located = await this.locate(volume, props);
    if (located === null) return null;
    const { path, stats, segments } = located;
    const source = await this.inspect(path, stats);
    const plan = renderPlan(source, spec, props.focalPoint);
    if (plan.output.width * plan.output.height > this.maxPixels) {
      throw new TransformArgumentError(
        `Transform output of ${plan.output.width}x${plan.output.height} pixels is too large (at most ${this.maxPixels} pixels)`,
      );
    }
    const format = outputFormat(spec, props.filename, source.hasAlpha);
    const folder = transformFolderName(spec);
    const name = outputFilename(props.filename, format);
    const targetSegments = [...segments.slice(0, -1), folder, name];
    const target = fileInVolume(volume.path, targetSegments);
    if (target === null) return null;
    // The focal point decides a crop but is not in the folder name: an edited asset is redrawn.
    const freshAfter =
      spec.mode === 'crop' ? Math.max(stats.mtimeMs, asset.dateUpdated.getTime()) : stats.mtimeMs;
    await this.once(target, freshAfter, async () => {
      budget?.admit();
      await this.renderer.render(path, target, plan, {
        format,
        quality: spec.quality,
        interlace: spec.interlace,
        animated: source.frames > 1 && (format === 'gif' || format === 'webp'),
      });
      budget?.charge((await stat(target).catch(() => null))?.size ?? 0);
      await this.generated.added(volume.path, target, path);
    });
    return {
      url: volumeUrl(volume.baseUrl, targetSegments),
      width: plan.output.width,
      height: plan.output.height,
      format,
      mimeType: MIME_TYPES[format],
    };
  }

  /** Runs `make` unless the target exists and is fresh; concurrent callers share one run. */
  private once(target: string, freshAfter: number, make: () => Promise<void>): Promise<void> {
    const running = this.generating.get(target);
    if (running !== undefined) return running;
    const job = (async () => {
      const existing = await stat(target).catch(() => null);
      if (existing !== null && existing.mtimeMs >= freshAfter) return;
      await make();
    })().finally(() => this.generating.delete(target));
    this.generating.set(target, job);
    return job;
  }

  /** The source's size: the record's when it has both dimensions, else read from the file. */
  private async sourceSize(asset: ElementRecord, volume: Volume): Promise<Size | null> {
    const props = assetProperties(asset);
    if (props.width !== null && props.height !== null && props.width > 0 && props.height > 0) {
      return { width: props.width, height: props.height };
    }
    if (!isTransformable(props)) return null;
    const located = await this.locate(volume, props);
    return located === null ? null : this.inspect(located.path, located.stats);
  }

  private async locate(
    volume: Volume,
    props: AssetProperties,
  ): Promise<{ path: string; stats: Stats; segments: string[] } | null> {
    const segments = pathSegments(props.folderPath, props.filename);
    const path = segments === null ? null : fileInVolume(volume.path, segments);
    if (segments === null || path === null) {
      this.logger.warn(
        `asset path outside volume ${volume.handle}: ${props.folderPath}${props.filename}`,
      );
      return null;
    }
    try {
      return { path, stats: await stat(path), segments };
    } catch {
      this.logger.warn(`asset file missing in volume ${volume.handle}: ${path}`);
      return null;
    }
  }

  private inspect(path: string, stats: Stats): Promise<SourceImage> {
    const key = `${path}|${stats.mtimeMs}|${stats.size}`;
    let found = this.sources.get(key);
    if (found === undefined) {
      if (this.sources.size >= SOURCE_CACHE_LIMIT) this.sources.clear();
      found = this.renderer.inspect(path);
      void found.catch(() => this.sources.delete(key)); // a failed read is retried next time
      this.sources.set(key, found);
    }
    return found;
  }
}

function assetProperties(asset: ElementRecord): AssetProperties {
  if (asset.asset === null) throw new Error(`element ${asset.id} is not an asset`);
  return asset.asset;
}

function folderSegments(folderPath: string): string[] {
  return folderPath.split('/').filter((s) => s !== '');
}
