import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import {
  UsersService,
  OrgMembersRepository,
  OrgsRepository,
  UsersRepository,
} from '../../../identity';
import { ManualClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { MIGRATIONS } from '../../../infra/database/migrations';
import { runMigrations } from '../../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../../infra/database/postgres.fixtures';
import * as schema from '../../../infra/database/schema';
import type { ContentModel, Field, MatrixBlockType } from '../../model/content-model';
import type { FieldType } from '../../model/field-types';
import { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';
import { ElementWriter } from './element-writer';
import { LocalVolumeFiles } from './local-volume-files';
import { ElementLookups } from './element-lookups';

/** A model that stays as given (tests); `replace` announces a new one like a reload. */
export class FixedModelSource extends ContentModelSource {
  private readonly listeners = new Set<(model: ContentModelIndex) => void>();

  constructor(private model: ContentModelIndex) {
    super();
  }

  get current(): ContentModelIndex {
    return this.model;
  }

  onChange(listener: (model: ContentModelIndex) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  replace(model: ContentModelIndex): void {
    this.model = model;
    this.listeners.forEach((listener) => listener(model));
  }
}

let nextId = 1000;

export function field(handle: string, type: FieldType, extra: Partial<Field> = {}): Field {
  const id = nextId++;
  return {
    id,
    uid: `field-${handle}-${id}`,
    handle,
    name: handle,
    type,
    translatable: false,
    instructions: '',
    options: [],
    sources: [],
    limit: null,
    decimals: 0,
    columns: [],
    blockTypes: [],
    ...extra,
  };
}

function blockType(handle: string, fields: Field[]): MatrixBlockType {
  const id = nextId++;
  return { id, uid: `block-${handle}-${id}`, handle, name: handle, fields };
}

/**
 * A small model in the demo's image, with fixed ids: sites en (1, primary) and de (2); sections
 * news (10, channel), pages (11, structure, 3 levels), homepage (12, single); volume images (20);
 * categories topics (30, 2 levels); tags keywords (40); global set siteInfo (50); user groups
 * editors (60) and authors (61).
 */
// eslint-disable-next-line max-lines-per-function -- fixture data: the content model the writer specs save into
export function writerTestModel(volumePath: string): ContentModelIndex {
  const summary = field('summary', 'plainText', { translatable: true });
  const body = field('body', 'markdown', { translatable: true });
  const heroImage = field('heroImage', 'assets', { sources: [20], limit: 1 });
  const newsCategories = field('newsCategories', 'categories', { sources: [30] });
  // Translatable here (not in the demo) to cover per-site relation rows.
  const keywords = field('keywords', 'tags', { sources: [40], translatable: true });
  const relatedArticles = field('relatedArticles', 'entries', { sources: [10] });
  const reviewers = field('reviewers', 'users', { sources: [60] });
  const rating = field('rating', 'number', { decimals: 1 });
  const featured = field('featured', 'lightswitch');
  const eventDate = field('eventDate', 'date');
  const accentColor = field('accentColor', 'color');
  const contactEmail = field('contactEmail', 'email');
  const website = field('website', 'url');
  const layout = field('layout', 'dropdown', {
    options: [
      { label: 'Wide', value: 'wide', default: false },
      { label: 'Narrow', value: 'narrow', default: true },
    ],
  });
  const audiences = field('audiences', 'checkboxes', {
    options: ['developers', 'editors', 'designers'].map((value) => ({
      label: value[0].toUpperCase() + value.slice(1),
      value,
      default: false,
    })),
  });
  const specs = field('specs', 'table', {
    columns: [
      { key: 'col1', handle: 'label', heading: 'Label', type: 'singleline' },
      { key: 'col2', handle: 'value', heading: 'Value', type: 'number' },
    ],
  });
  const contentBlocks = field('contentBlocks', 'matrix', {
    blockTypes: [
      blockType('text', [field('text', 'richText')]),
      blockType('quote', [
        field('quote', 'plainText', { translatable: true }),
        field('attribution', 'plainText'),
      ]),
      blockType('image', [field('image', 'assets', { sources: [20] })]),
    ],
  });
  const copyright = field('copyright', 'plainText', { translatable: true });
  const fields = [
    summary,
    body,
    heroImage,
    newsCategories,
    keywords,
    relatedArticles,
    reviewers,
    rating,
    featured,
    eventDate,
    accentColor,
    contactEmail,
    website,
    layout,
    audiences,
    specs,
    contentBlocks,
    copyright,
  ];
  const bothSites = (uriFormat: string) =>
    [1, 2].map((siteId) => ({ siteId, uriFormat, enabledByDefault: true }));
  const model: ContentModel = {
    version: 'test',
    sites: [
      {
        id: 1,
        uid: 'site-en',
        handle: 'en',
        name: 'English',
        language: 'en-US',
        primary: true,
        baseUrl: 'http://localhost:8080/',
      },
      {
        id: 2,
        uid: 'site-de',
        handle: 'de',
        name: 'Deutsch',
        language: 'de-DE',
        primary: false,
        baseUrl: 'http://localhost:8080/de/',
      },
    ],
    fields,
    sections: [
      {
        id: 10,
        uid: 'section-news',
        handle: 'news',
        name: 'News',
        type: 'channel',
        maxLevels: null,
        siteSettings: bothSites('news/{slug}'),
        propagation: 'all',
        entryTypes: [
          {
            id: 101,
            uid: 'type-article',
            handle: 'article',
            name: 'Article',
            sectionId: 10,
            hasTitleField: true,
            titleFormat: '',
            fields: [
              summary,
              body,
              heroImage,
              newsCategories,
              keywords,
              relatedArticles,
              rating,
              featured,
              contentBlocks,
              reviewers,
            ],
          },
          {
            id: 102,
            uid: 'type-link',
            handle: 'link',
            name: 'Link',
            sectionId: 10,
            hasTitleField: true,
            titleFormat: '',
            fields: [website, summary],
          },
        ],
      },
      {
        id: 11,
        uid: 'section-pages',
        handle: 'pages',
        name: 'Pages',
        type: 'structure',
        maxLevels: 3,
        siteSettings: bothSites('{parent.uri}/{slug}'),
        propagation: 'all',
        entryTypes: [
          {
            id: 111,
            uid: 'type-page',
            handle: 'page',
            name: 'Page',
            sectionId: 11,
            hasTitleField: true,
            titleFormat: '',
            fields: [body, specs, layout, audiences, accentColor],
          },
        ],
      },
      {
        id: 12,
        uid: 'section-homepage',
        handle: 'homepage',
        name: 'Homepage',
        type: 'single',
        maxLevels: null,
        siteSettings: bothSites('__home__'),
        propagation: 'all',
        entryTypes: [
          {
            id: 121,
            uid: 'type-homepage',
            handle: 'homepage',
            name: 'Homepage',
            sectionId: 12,
            hasTitleField: true,
            titleFormat: '',
            fields: [heroImage, featured],
          },
        ],
      },
      {
        id: 13,
        uid: 'section-about',
        handle: 'about',
        name: 'About',
        type: 'single',
        maxLevels: null,
        siteSettings: bothSites('about'),
        propagation: 'all',
        entryTypes: [
          {
            id: 131,
            uid: 'type-about',
            handle: 'about',
            name: 'About',
            sectionId: 13,
            hasTitleField: true,
            titleFormat: '',
            fields: [body, contactEmail, eventDate],
          },
        ],
      },
    ],
    volumes: [
      {
        id: 20,
        uid: 'volume-images',
        handle: 'images',
        name: 'Images',
        path: volumePath,
        baseUrl: '/volumes/images',
        fields: [],
      },
    ],
    categoryGroups: [
      {
        id: 30,
        uid: 'group-topics',
        handle: 'topics',
        name: 'Topics',
        maxLevels: 2,
        siteSettings: bothSites('topics/{slug}'),
        fields: [summary],
      },
    ],
    tagGroups: [
      { id: 40, uid: 'group-keywords', handle: 'keywords', name: 'Keywords', fields: [] },
    ],
    globalSets: [
      {
        id: 50,
        uid: 'globalset-siteinfo',
        handle: 'siteInfo',
        name: 'Site information',
        fields: [copyright, contactEmail],
      },
    ],
    userGroups: [
      { id: 60, uid: 'group-editors', handle: 'editors', name: 'Editors' },
      { id: 61, uid: 'group-authors', handle: 'authors', name: 'Authors' },
    ],
    userFields: [],
    imageTransforms: [],
    schemas: [],
  };
  return new ContentModelIndex(model);
}

type WriterTestDatabase = (
  model: ContentModelIndex,
  clock: ManualClock,
) => Promise<
  ReturnType<typeof writerServices> & {
    db: DrizzleExecutor;
    drop: () => Promise<void>;
    models: FixedModelSource;
  }
>;

/** A fresh database with the migrations, and a writer over it. */
function writerTestDatabase(open: OpenDatabase): WriterTestDatabase {
  return async (model, clock) => {
    const { db, drop } = await open();
    await runMigrations(db, MIGRATIONS);
    const models = new FixedModelSource(model);
    return { db, drop, models, ...writerServices(new Database(db), models, clock) };
  };
}

type OpenDatabase = () => Promise<{ db: DrizzleExecutor; drop: () => Promise<void> }>;

/**
 * Fresh empty databases: PostgreSQL always; PGlite (in memory) too when jest runs with
 * `--experimental-vm-modules` (PGlite loads its parts with dynamic `import()`, which jest's
 * sandbox refuses otherwise).
 */
export function testDatabases(): [string, OpenDatabase][] {
  const databases: [string, OpenDatabase][] = [['PostgreSQL', freshPostgresDatabase]];
  const flags = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  if (flags.includes('--experimental-vm-modules')) {
    databases.push([
      'PGlite',
      async () => {
        const client = await PGlite.create();
        const db = drizzle({ client, schema }) as unknown as DrizzleExecutor;
        return { db, drop: () => client.close() };
      },
    ]);
  }
  return databases;
}

/** testDatabases, each with the migrations applied and a writer over it. */
export function writerTestDrivers(): [string, WriterTestDatabase][] {
  return testDatabases().map(([name, open]) => [name, writerTestDatabase(open)]);
}

/** The writer and what it needs, over a database and a model source. */
export function writerServices(
  database: Database,
  models: ContentModelSource,
  clock: ManualClock,
): { database: Database; users: UsersService; writer: ElementWriter; lookups: ElementLookups } {
  const users = new UsersService(
    database,
    new UsersRepository(database),
    new OrgMembersRepository(database),
    new OrgsRepository(database),
  );
  const writer = new ElementWriter(database, models, users, clock, new LocalVolumeFiles());
  const lookups = new ElementLookups(database);
  return { database, users, writer, lookups };
}
