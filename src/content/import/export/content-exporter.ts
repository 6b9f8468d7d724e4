import { Injectable } from '@nestjs/common';
import { join, posix } from 'node:path';
import { Database } from '../../../infra/database/database';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';
import type { SeedKind } from '../seed-document';
import { volumeFilePath } from '../../store/write/asset-rows';
import {
  copyAssetFile,
  type ExportFormat,
  prepareExportDirectory,
  writeContentFile,
} from './export-files';
import {
  assetItem,
  categoryItem,
  entryItem,
  type FileItem,
  globalSetItem,
  type MappingContext,
  tagItem,
  userItem,
} from './mapping';
import { ExportReferences } from './references';
import type { ExportElement } from './rows';
import { ExportRepository } from './export.repository';
import { ElementKinds } from '../../model/element-kinds';

export interface ExportProgress {
  readonly done: number;
  readonly total: number;
}

export interface ExportReport {
  readonly counts: Record<SeedKind, number>;
  /** Content files written (YAML or JSON). */
  readonly files: number;
  readonly assetFiles: number;
  readonly assetBytes: number;
  /** What could not be exported as it is (missing asset files, elements outside the model). */
  readonly warnings: readonly string[];
  readonly elapsedMs: number;
}

/** Plain code-unit order: the same on every machine and database collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byCreation = (a: ExportElement, b: ExportElement) =>
  a.dateCreated.getTime() - b.dateCreated.getTime() || byText(a.uid, b.uid);
/** Structure order (nested-set lft); elements without a place last, by creation. */
const byStructure = (a: ExportElement, b: ExportElement) =>
  (a.lft ?? Number.MAX_SAFE_INTEGER) - (b.lft ?? Number.MAX_SAFE_INTEGER) || byCreation(a, b);

/**
 * `content-export`: writes the store's content in the content file format, one file per kind
 * and section, volume or group (`10-users`, `20-assets-<volume>`, `30-categories-<group>`,
 * `40-tags-<group>`, `50-globals`, `60-entries-<section>`), asset files under
 * `files/<volume>/<folder>/`. Importing the export into an empty store and exporting again
 * gives the same bytes. Reads run in one read-only snapshot transaction, so a service writing
 * meanwhile (PostgreSQL) does not tear the export.
 */
@Injectable()
export class ContentExporter {
  constructor(
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly rows: ExportRepository,
  ) {}

  async export(
    directory: string,
    format: ExportFormat,
    listener: (progress: ExportProgress) => void = () => undefined,
  ): Promise<ExportReport> {
    const started = performance.now();
    await prepareExportDirectory(directory);
    const model = this.models.current;
    return this.database.transaction(async () => {
      await this.rows.snapshot();
      const run = new ExportRun(directory, format, model, this.rows, listener);
      await run.all();
      return { ...run.report(), elapsedMs: performance.now() - started };
    });
  }
}

/** One export: reads container by container, writes each file as soon as it is read. */
class ExportRun {
  private readonly counts: Record<SeedKind, number> = {
    users: 0,
    assets: 0,
    categories: 0,
    tags: 0,
    globalSets: 0,
    entries: 0,
  };
  private readonly warnings: string[] = [];
  private files = 0;
  private assetFiles = 0;
  private assetBytes = 0;
  private done = 0;
  private total = 0;
  private context!: MappingContext;
  private dropped = 0;

  constructor(
    private readonly directory: string,
    private readonly format: ExportFormat,
    private readonly model: ContentModelIndex,
    private readonly rows: ExportRepository,
    private readonly listener: (progress: ExportProgress) => void,
  ) {}

  async all(): Promise<void> {
    const keys = await this.rows.referenceKeys();
    this.total = keys.length + this.model.model.globalSets.length;
    this.context = {
      model: this.model,
      references: new ExportReferences(this.model, keys),
      dropped: () => this.dropped++,
    };
    this.listener({ done: 0, total: this.total });
    const { model } = this.model;
    await this.users();
    for (const volume of model.volumes) await this.assets(volume.id);
    for (const group of model.categoryGroups) {
      const elements = (await this.read(ElementKinds.category, group.id)).sort(byStructure);
      await this.write(
        'categories',
        `30-categories-${group.handle}`,
        `categories of the group "${group.handle}"`,
        elements.map((element) => categoryItem(element, group, this.context)),
      );
    }
    for (const group of model.tagGroups) {
      const elements = (await this.read(ElementKinds.tag, group.id)).sort(byCreation);
      await this.write(
        'tags',
        `40-tags-${group.handle}`,
        `tags of the group "${group.handle}"`,
        elements.map((element) => tagItem(element, group, this.context)),
      );
    }
    const sets: FileItem[] = [];
    for (const set of model.globalSets) {
      const [element] = (await this.read(ElementKinds.globalSet, set.id)).sort(byCreation);
      if (element !== undefined) sets.push(globalSetItem(element, set, this.context));
    }
    await this.write('globalSets', '50-globals', 'global sets', sets);
    for (const section of model.sections) await this.entries(section.id);
    const outside = this.total - model.globalSets.length - this.exported();
    if (outside > 0) {
      this.warnings.push(
        `${outside} element${outside === 1 ? '' : 's'} of sections, volumes or groups no longer in the content model (or of entry types no longer in their section) not exported`,
      );
    }
    if (this.dropped > 0) {
      this.warnings.push(
        `${this.dropped} relation${this.dropped === 1 ? '' : 's'} to such elements left out`,
      );
    }
    this.listener({ done: this.total, total: this.total });
  }

  report(): Omit<ExportReport, 'elapsedMs'> {
    return {
      counts: { ...this.counts },
      files: this.files,
      assetFiles: this.assetFiles,
      assetBytes: this.assetBytes,
      warnings: [...this.warnings],
    };
  }

  /** Elements exported (global sets are not counted among the store's elements). */
  private exported(): number {
    const { users, assets, categories, tags, entries } = this.counts;
    return users + assets + categories + tags + entries;
  }

  private async read(kind: ExportElement['kind'], containerId: number | null) {
    return this.rows.elements(kind, containerId);
  }

  private step(n: number): void {
    if (n === 0) return;
    this.done += n;
    this.listener({ done: Math.min(this.done, this.total), total: this.total });
  }

  private async write(
    kind: SeedKind,
    name: string,
    description: string,
    items: readonly FileItem[],
  ): Promise<void> {
    this.step(items.length);
    if (items.length === 0) return;
    await writeContentFile(this.directory, name, kind, items, this.format, description);
    this.counts[kind] += items.length;
    this.files++;
  }

  private async users(): Promise<void> {
    const elements = (await this.read(ElementKinds.user, null))
      .filter((element) => element.user !== undefined)
      .sort((a, b) => byText(a.user!.login.toLowerCase(), b.user!.login.toLowerCase()));
    await this.write(
      'users',
      '10-users',
      'users',
      elements.map((e) => userItem(e, this.context)),
    );
  }

  private async assets(volumeId: number): Promise<void> {
    const volume = this.model.volumes.id(volumeId)!;
    const elements = (await this.read(ElementKinds.asset, volumeId))
      .filter((element) => element.asset !== undefined)
      .sort(
        (a, b) =>
          byText(a.asset!.folderPath, b.asset!.folderPath) ||
          byText(a.asset!.filename, b.asset!.filename),
      );
    const items: FileItem[] = [];
    for (const element of elements) {
      const { folderPath, filename } = element.asset!;
      // Forward slashes whatever the platform: the file names the same place everywhere.
      const file = posix.join('files', volume.handle, folderPath, filename);
      const size = await copyAssetFile(
        volumeFilePath(volume.path, folderPath, filename),
        join(this.directory, file),
      );
      if (size === undefined) {
        this.warnings.push(
          `asset ${volume.handle}/${folderPath}${filename}: its file is missing in the volume (${volumeFilePath(volume.path, folderPath, filename)}); importing this export will name it`,
        );
      } else {
        this.assetFiles++;
        this.assetBytes += size;
      }
      items.push(assetItem(element, volume, file, this.context));
    }
    await this.write(
      'assets',
      `20-assets-${volume.handle}`,
      `assets of the volume "${volume.handle}"`,
      items,
    );
  }

  private async entries(sectionId: number): Promise<void> {
    const section = this.model.sections.id(sectionId)!;
    const elements = (await this.read(ElementKinds.entry, section.id)).sort(
      section.type === 'structure' ? byStructure : byCreation,
    );
    const items: FileItem[] = [];
    for (const element of elements) {
      const type = section.entryTypes.find((t) => t.id === element.typeId);
      if (type !== undefined) items.push(entryItem(element, section, type, this.context));
    }
    const what = section.type === 'single' ? 'the single' : `entries of the ${section.type}`;
    await this.write(
      'entries',
      `60-entries-${section.handle}`,
      `${what} "${section.handle}"`,
      items,
    );
  }
}
