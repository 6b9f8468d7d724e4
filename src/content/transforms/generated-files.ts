import { Logger } from '@nestjs/common';
import type { Dirent } from 'node:fs';
import { readdir, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Bounds on generated transform files (CONTENT_TRANSFORM_*); 0 turns a bound off. */
export interface GeneratedFileLimits {
  /** Files kept per source image (all its transforms and formats). */
  readonly maxPerSource: number;
  /** Total bytes of generated files. */
  readonly budgetBytes: number;
}

interface Entry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly source: string;
}

/** Deepest folder nesting the first scan of a volume walks (volumes are shallow trees). */
const SCAN_DEPTH = 32;

/**
 * The transform files this instance knows of, and the bounds on them: every file a transform
 * writes is recorded with its size, and beyond a bound the oldest files go first (of the same
 * source image for the per-source cap, of every volume for the disk budget). A file removed is
 * generated again on its next request. Files written before this instance started are found by
 * one scan of the volume on the first transform there; only folders `isTransformFolder` accepts
 * are counted, so an editor's own files are never removed.
 */
export class GeneratedFiles {
  private readonly logger = new Logger('AssetFiles');
  private readonly files = new Map<string, Entry>();
  private readonly bySource = new Map<string, Set<string>>();
  private readonly scans = new Map<string, Promise<void>>();
  private total = 0;

  constructor(
    private readonly limits: GeneratedFileLimits,
    private readonly isTransformFolder: (name: string) => boolean,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get count(): number {
    return this.files.size;
  }

  /**
   * Records `file`, just generated from `sourcePath` inside the volume at `volumeRoot`, and
   * removes the oldest files beyond the limits (never `file` itself).
   */
  async added(volumeRoot: string, file: string, sourcePath: string): Promise<void> {
    if (this.limits.maxPerSource <= 0 && this.limits.budgetBytes <= 0) return;
    await this.scanOnce(volumeRoot);
    const stats = await stat(file).catch(() => null);
    if (stats === null) return;
    this.record(file, { size: stats.size, mtimeMs: stats.mtimeMs, source: sourceKey(sourcePath) });
    await this.enforce(file);
  }

  private async enforce(keep: string): Promise<void> {
    const { maxPerSource, budgetBytes } = this.limits;
    const source = this.files.get(keep)?.source;
    const siblings = source === undefined ? undefined : this.bySource.get(source);
    if (maxPerSource > 0 && siblings !== undefined && siblings.size > maxPerSource) {
      const excess = siblings.size - maxPerSource;
      await this.removeOldest([...siblings], excess, keep);
    }
    if (budgetBytes > 0 && this.total > budgetBytes) {
      const oldest = this.oldestFirst([...this.files.keys()]);
      for (const path of oldest) {
        if (this.total <= budgetBytes) break;
        if (path !== keep) await this.remove(path);
      }
    }
  }

  private async removeOldest(paths: string[], count: number, keep: string): Promise<void> {
    const victims = this.oldestFirst(paths).filter((path) => path !== keep);
    for (const path of victims.slice(0, count)) await this.remove(path);
  }

  private oldestFirst(paths: string[]): string[] {
    const mtime = (path: string) => this.files.get(path)?.mtimeMs ?? 0;
    return paths.sort((a, b) => mtime(a) - mtime(b));
  }

  private async remove(path: string): Promise<void> {
    this.forget(path);
    try {
      await unlink(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn(`could not remove generated file ${path}: ${String(error)}`);
      }
    }
    // Its transform folder goes too once empty (docs/content-directives.md#transform-limits: capped
    // files left empty folders behind, one per transform ever asked for). rmdir removes only an
    // empty folder; one that another transform is writing into again is recreated by the renderer's
    // next attempt.
    const folder = dirname(path);
    if (this.isTransformFolder(basename(folder))) await rmdir(folder).catch(() => undefined);
  }

  private record(path: string, entry: Entry): void {
    this.forget(path);
    this.files.set(path, entry);
    this.total += entry.size;
    let siblings = this.bySource.get(entry.source);
    if (siblings === undefined) this.bySource.set(entry.source, (siblings = new Set()));
    siblings.add(path);
  }

  private forget(path: string): void {
    const entry = this.files.get(path);
    if (entry === undefined) return;
    this.files.delete(path);
    this.total -= entry.size;
    const siblings = this.bySource.get(entry.source);
    siblings?.delete(path);
    if (siblings?.size === 0) this.bySource.delete(entry.source);
  }

  private scanOnce(root: string): Promise<void> {
    let scan = this.scans.get(root);
    if (scan === undefined) {
      scan = this.scan(root, 0).catch((error: unknown) =>
        this.logger.warn(`could not scan ${root} for generated files: ${String(error)}`),
      );
      this.scans.set(root, scan);
    }
    return scan;
  }

  private async scan(folder: string, depth: number): Promise<void> {
    if (depth > SCAN_DEPTH) return;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      if (this.isTransformFolder(entry.name)) await this.scanTransformFolder(path);
      else await this.scan(path, depth + 1);
    }
  }

  private async scanTransformFolder(folder: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const entry of entries) {
      // Hidden files are renders in progress (image-renderer.ts).
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (this.files.has(path)) continue;
      const stats = await stat(path).catch(() => null);
      if (stats === null) continue;
      const source = sourceKey(join(dirname(folder), entry.name));
      this.record(path, { size: stats.size, mtimeMs: stats.mtimeMs, source });
    }
  }
}

/**
 * A source image's key: its folder and name without the extension, which is all a generated
 * file's path keeps of it (`photo.png` drawn as `_thumb/photo.webp`).
 */
function sourceKey(sourcePath: string): string {
  const name = basename(sourcePath);
  const dot = name.lastIndexOf('.');
  return join(dirname(sourcePath), dot <= 0 ? name : name.slice(0, dot));
}
