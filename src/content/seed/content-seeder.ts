import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { resolve } from 'node:path';
import { Database } from '../../infra/database/database';
import { Settings } from '../../settings/settings';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { ContentImporter } from '../import/content-importer';
import type { ImportCounts } from '../import/load-tracker';
import type { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';
import { ElementLookups } from '../store/write/element-lookups';
import { ModelElements } from '../store/write/model-elements';
import { readSeedDirectory, seedFileNames } from '../import/seed-files';

const LABELS: Record<keyof ImportCounts, [string, string]> = {
  entries: ['entry', 'entries'],
  assets: ['asset', 'assets'],
  categories: ['category', 'categories'],
  tags: ['tag', 'tags'],
  globalSets: ['global set', 'global sets'],
  users: ['user', 'users'],
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * At boot (after the content model is applied): loads CONTENT_SEED_DIR through the importer
 * (the code `content-import` runs) while the store holds no content (entries outside singles,
 * assets, categories, tags), in one transaction, then makes sure the model's own elements exist
 * (one element per global set, the entry of every single, site rows of every user). The latter
 * runs again on every model change. A seed that does not load stops the boot with every problem
 * listed, like an invalid model. Cached GraphQL results are dropped after either wrote.
 */
@Injectable()
export class ContentSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContentSeed');
  private unsubscribe: (() => void) | undefined;
  /** The ensure step running last; model changes queue behind it. */
  private ensuring: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: Settings,
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly importer: ContentImporter,
    private readonly elements: ModelElements,
    private readonly lookups: ElementLookups,
    private readonly cache: GraphqlResultCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const model = this.models.current;
    await this.seed(model);
    await this.ensureModelElements(model);
    // Also when nothing was seeded: the store may have been filled by earlier processes.
    await this.database.refreshStatistics();
    this.unsubscribe = this.models.onChange((next) => {
      this.ensuring = this.ensuring.then(() =>
        this.ensureModelElements(next).catch((error: unknown) =>
          this.logger.error(`content model elements not updated: ${(error as Error).message}`),
        ),
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.ensuring;
  }

  /** Loads the seed directory into an empty store; returns the counts, or undefined when skipped. */
  async seed(model: ContentModelIndex): Promise<ImportCounts | undefined> {
    const configured = this.settings.content.seedDir;
    if (configured === '') return undefined;
    const directory = resolve(process.cwd(), configured);
    if (seedFileNames(directory).length === 0) {
      this.logger.warn(`no content files (*.yaml, *.yml, *.json) in ${directory}; nothing seeded`);
      return undefined;
    }
    const started = performance.now();
    const singles = model.model.sections.filter((s) => s.type === 'single').map((s) => s.id);
    const outcome = await this.database.transaction(async () => {
      await this.elements.lockBootWrites();
      if (await this.lookups.hasContent(singles)) return undefined;
      const { document, files } = readSeedDirectory(directory);
      return { counts: await this.importer.load(document, model), files };
    });
    if (outcome === undefined) return undefined;
    await this.cache.invalidate();
    const { counts, files } = outcome;
    const elapsed = Math.round(performance.now() - started);
    const parts = (Object.keys(LABELS) as (keyof ImportCounts)[]).map((kind) => {
      const { created, updated, unchanged } = counts[kind];
      return plural(created + updated + unchanged, ...LABELS[kind]);
    });
    this.logger.log(
      `content seed: ${parts.join(', ')} from ${plural(files, 'file', 'files')} in ${directory} (${elapsed} ms)`,
    );
    return counts;
  }

  private async ensureModelElements(model: ContentModelIndex): Promise<void> {
    const { globalSets, singles } = await this.elements.ensure(model);
    if (globalSets + singles === 0) return;
    this.logger.log(`created ${globalSets} global set and ${singles} single elements`);
    await this.cache.invalidate();
  }
}
