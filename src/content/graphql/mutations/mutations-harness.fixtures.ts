import { sql } from 'drizzle-orm';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ManualClock } from '../../../infra/clock/clock';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import { StatsRegistry } from '../../../infra/stats/registry';
import { loadSettings } from '../../../settings/settings.loader';
import type { GraphqlResultCache } from '../../cache/graphql-result-cache';
import type { GqlSchemaDefinition } from '../../model/content-model';
import { ContentModelIndex } from '../../model/content-model.index';
import type { FixedModelSource } from '../../store/write/element-writer.fixtures';
import { writerTestDrivers, writerTestModel } from '../../store/write/element-writer.fixtures';
import { ElementsRepository } from '../../store/read/elements.repository';
import { LocalVolumeFiles } from '../../store/write/local-volume-files';
import { LocalAssetFiles } from '../../transforms/local-asset-files';
import type { GraphqlResult } from '../content-graphql';
import { ContentGraphqlService } from '../content-graphql.service';
import { ContentGraphqlContextFactory } from '../graphql-context.factory';
import { ContentMutations } from './content-mutations';

/**
 * Mutations executed in-process against the real store (the writer's test model on PostgreSQL,
 * and PGlite with NODE_OPTIONS=--experimental-vm-modules): what the `*-mutations.store.spec.ts`
 * suites share. Each suite opens its own database through `mutationsSuite`.
 */

const NOW = Date.parse('2025-03-01T12:00:00Z');
export const EN = 1;
export const DE = 2;

const ALL_ACTIONS = ['read', 'create', 'save', 'delete'];
const scopeOf = (...components: string[]) => components;
const grant = (entity: string, handle: string, actions = ALL_ACTIONS) =>
  actions.map((action) => `${entity}.${handle}:${action}`);

function schema(handle: string, scope: string[]): GqlSchemaDefinition {
  return {
    id: 900 + handle.length,
    uid: `schema-${handle}`,
    handle,
    name: handle,
    isPublic: false,
    scope,
    enabled: true,
    expiryDate: null,
  };
}

export const SCHEMAS = {
  editorial: schema(
    'editorial',
    scopeOf(
      ...grant('sections', 'news'),
      ...grant('sections', 'pages'),
      ...grant('sections', 'homepage', ['read', 'save']),
      ...grant('sections', 'about', ['read', 'save']),
      ...grant('volumes', 'images'),
      ...grant('categorygroups', 'topics', ['read', 'save', 'delete']),
      ...grant('taggroups', 'keywords', ['read', 'save', 'delete']),
      ...grant('globalsets', 'siteInfo', ['read', 'edit']),
      'usergroups.everyone:read',
      'elements.inactive:read',
    ),
  ),
  reader: schema(
    'reader',
    scopeOf(
      'sections.news:read',
      'sections.pages:read',
      'volumes.images:read',
      'globalsets.siteInfo:read',
    ),
  ),
  /** Creates news (not links), never updates or deletes; deletes pages it cannot read. */
  newsdesk: schema(
    'newsdesk',
    scopeOf(
      'sections.news:read',
      'entrytypes.news.article:read',
      'entrytypes.news.article:create',
      'sections.pages:delete',
      'sites.en:read',
    ),
  ),
};

/** What the mutation suites work with, set up anew for each driver by `mutationsSuite`. */
export const m = {} as {
  db: DrizzleExecutor;
  drop: () => Promise<void>;
  models: FixedModelSource;
  service: ContentGraphqlService;
  dir: string;
  volumeDir: string;
  /** How often a mutation invalidated the result cache so far. */
  invalidations: number;
};

// Every suite runs on PostgreSQL, and on PGlite too when jest runs with
// NODE_OPTIONS=--experimental-vm-modules (see writerTestDrivers).
export function mutationsSuite(title: string, body: () => void): void {
  describe.each(writerTestDrivers())(`${title} on %s`, (_driver, open) => {
    beforeAll(async () => {
      const clock = new ManualClock(NOW);
      m.invalidations = 0;
      m.dir = await mkdtemp(join(tmpdir(), 'mutations-'));
      m.volumeDir = join(m.dir, 'volume');
      await mkdir(m.volumeDir, { recursive: true });
      const base = writerTestModel(m.volumeDir);
      const model = new ContentModelIndex({ ...base.model, schemas: Object.values(SCHEMAS) });
      const opened = await open(model, clock);
      ({ db: m.db, drop: m.drop, models: m.models } = opened);
      await opened.writer.ensureSingles(model);
      await opened.writer.ensureGlobalSets(model);
      const reader = new ElementsRepository(opened.database, clock, m.models, new StatsRegistry());
      // Counts invalidations; the real cache is tested in src/content/cache.
      const cache = {
        invalidate: () => {
          m.invalidations++;
          return Promise.resolve();
        },
      } as unknown as GraphqlResultCache;
      const mutations = new ContentMutations(
        opened.database,
        opened.writer,
        opened.lookups,
        reader,
        cache,
        new LocalVolumeFiles(),
      );
      const settings = loadSettings({});
      const factory = new ContentGraphqlContextFactory(
        reader,
        new LocalAssetFiles(m.models),
        settings,
        mutations,
      );
      m.service = new ContentGraphqlService(m.models, factory, settings);
    });

    afterAll(async () => {
      m.service.onModuleDestroy();
      await m.drop();
      await rm(m.dir, { recursive: true, force: true });
    });

    body();
  });
}

export async function run(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS; readOnly?: boolean } = {},
): Promise<GraphqlResult> {
  return m.service.execute(
    SCHEMAS[options.schema ?? 'editorial'],
    { query, variables, operationName: null },
    { readOnly: options.readOnly },
  );
}

/** The data of a result that must have no errors. */
export async function data<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS } = {},
): Promise<T> {
  const result = await run(query, variables, options);
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

/** The messages of a result that must fail. */
export async function errors(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS; readOnly?: boolean } = {},
): Promise<string[]> {
  const result = await run(query, variables, options);
  expect(result.errors).toBeDefined();
  return result.errors!.map((error) => error.message);
}

export async function count(kind: string): Promise<number> {
  const [row] = await rawRows<{ n: number | string }>(
    m.db,
    sql`SELECT count(*) AS n FROM content_elements WHERE kind = ${kind}`,
  );
  return Number(row.n);
}

export function mutationFields(schemaHandle: keyof typeof SCHEMAS): string[] {
  const generated = m.service.schemaFor(m.models.current, SCHEMAS[schemaHandle]);
  return Object.keys(generated.getMutationType()!.getFields()).sort();
}

/** A generated PNG image as a data URL, the way `FileInput.fileData` carries it. */
export async function png(width: number, height: number): Promise<string> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${buffer.toString('base64')}`;
}
