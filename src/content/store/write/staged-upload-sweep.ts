import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Dirent } from 'node:fs';
import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Clock } from '../../../infra/clock/clock';
import { ContentModelSource } from '../../model/content-model.source';
import { UPLOAD_PREFIX } from './local-volume-files';

/**
 * A staged upload older than this was left by a process that died between writing it and the
 * commit's rename (or the discard's unlink): no save takes an hour, and another instance sharing
 * the volume may be staging one right now.
 */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Removes `.upload-*` files older than STALE_UPLOAD_MS from every local volume once the process
 * has started (docs/content-mutations.md#assets: they survived a crash and were never removed). In
 * the background: the boot does not wait for a walk of the volumes. Symbolic links are not
 * followed.
 */
@Injectable()
export class StagedUploadSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('StagedUploadSweep');
  /** Settles when the sweep has run (for tests and an orderly shutdown). */
  done: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly models: ContentModelSource,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    const roots = this.models.current.volumes.all.map((volume) => volume.path);
    this.done = this.sweep(roots).then(
      (removed) => {
        if (removed > 0) {
          this.logger.log(`removed ${removed} staged upload file(s) left by an earlier process`);
        }
        return removed;
      },
      (error: unknown) => {
        this.logger.warn(`staged uploads not swept: ${(error as Error).message}`);
        return 0;
      },
    );
  }

  /** Removes the stale staged files under `roots`; resolves with how many. */
  async sweep(roots: readonly string[]): Promise<number> {
    const before = this.clock.nowMs() - STALE_UPLOAD_MS;
    let removed = 0;
    const pending = [...new Set(roots)];
    for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
      let entries: Dirent[];
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch {
        continue; // a volume without its folder yet, or one removed meanwhile
      }
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) pending.push(path);
        else if (entry.isFile() && entry.name.startsWith(UPLOAD_PREFIX)) {
          const facts = await lstat(path).catch(() => undefined);
          if (facts !== undefined && facts.mtimeMs < before) {
            removed += await unlink(path).then(
              () => 1,
              () => 0,
            );
          }
        }
      }
    }
    return removed;
  }
}
