/* eslint-disable max-lines -- one fixture world for every reader suite: its rows are read together */
import { sql } from 'drizzle-orm';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ContentModel, Field, Section } from '../../model/content-model';
import type { FieldType } from '../../model/field-types';
import { ContentModelIndex } from '../../model/content-model.index';
import { ContentModelSource } from '../../model/content-model.source';

/**
 * Content rows for the element store's tests, inserted with raw SQL (independent of the writer),
 * and the small content model they belong to. Ids are fixed (from 100 up, clear of the user
 * elements the 0002 trigger numbers from 1).
 */

export const SITE = { en: 1, de: 2 } as const;
export const SECTION = { news: 10, pages: 11 } as const;
export const TYPE = { article: 20, link: 21, page: 22, textBlock: 71, quoteBlock: 72 } as const;
export const GROUP = { topics: 30, keywords: 40, editors: 1, authors: 2 } as const;
export const VOLUME = { images: 50 } as const;
export const GLOBAL_SET = { siteInfo: 60 } as const;
export const FIELD = {
  contentBlocks: 70,
  newsCategories: 80,
  relatedArticles: 81,
  heroImage: 82,
  reviewers: 83,
  rating: 90,
  featured: 91,
  audiences: 92,
  eventDate: 93,
  summary: 94,
  specs: 95,
} as const;

/** Element ids of the fixture. */
export const E = {
  hello: 100,
  second: 101,
  pending: 102,
  expired: 103,
  disabled: 104,
  disabledInDe: 105,
  link: 106,
  trashed: 107,
  archived: 108,
  about: 110,
  team: 111,
  leadership: 112,
  services: 113,
  contact: 114,
  technology: 120,
  ai: 121,
  web: 122,
  culture: 123,
  zeta: 130,
  alpha: 131,
  beta: 132,
  hero: 140,
  doc: 141,
  photo: 142,
  siteInfo: 150,
  blockB: 160,
  blockA: 161,
  blockC: 162,
} as const;

/** "Now" of every test: entries dated 2099 are pending, those expiring before are expired. */
export const NOW = new Date('2025-06-01T12:00:00Z');

function field(id: number, handle: string, type: FieldType): Field {
  return {
    id,
    uid: `field-${handle}`,
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
  };
}

function section(id: number, handle: string, type: Section['type'], typeIds: number[]): Section {
  return {
    id,
    uid: `section-${handle}`,
    handle,
    name: handle,
    type,
    maxLevels: null,
    siteSettings: [],
    propagation: 'all',
    entryTypes: typeIds.map((typeId) => ({
      id: typeId,
      uid: `type-${typeId}`,
      handle: `type${typeId}`,
      name: `type${typeId}`,
      sectionId: id,
      hasTitleField: true,
      titleFormat: '',
      fields: [],
    })),
  };
}

export function fixtureModel(): ContentModelIndex {
  const contentBlocks: Field = {
    ...field(FIELD.contentBlocks, 'contentBlocks', 'matrix'),
    blockTypes: [
      {
        id: TYPE.textBlock,
        uid: 'block-text',
        handle: 'text',
        name: 'Text',
        fields: [field(200, 'text', 'richText')],
      },
      {
        id: TYPE.quoteBlock,
        uid: 'block-quote',
        handle: 'quote',
        name: 'Quote',
        // Same handle as a global field of another type: the global one wins for filters.
        fields: [field(201, 'rating', 'plainText')],
      },
    ],
  };
  const model: ContentModel = {
    version: 'fixture',
    sites: [
      {
        id: SITE.en,
        uid: 'site-en',
        handle: 'en',
        name: 'English',
        language: 'en-US',
        primary: true,
        baseUrl: '/',
      },
      {
        id: SITE.de,
        uid: 'site-de',
        handle: 'de',
        name: 'Deutsch',
        language: 'de-DE',
        primary: false,
        baseUrl: '/de/',
      },
    ],
    fields: [
      contentBlocks,
      field(FIELD.newsCategories, 'newsCategories', 'categories'),
      field(FIELD.relatedArticles, 'relatedArticles', 'entries'),
      field(FIELD.heroImage, 'heroImage', 'assets'),
      field(FIELD.reviewers, 'reviewers', 'users'),
      field(FIELD.rating, 'rating', 'number'),
      field(FIELD.featured, 'featured', 'lightswitch'),
      field(FIELD.audiences, 'audiences', 'checkboxes'),
      field(FIELD.eventDate, 'eventDate', 'date'),
      field(FIELD.summary, 'summary', 'plainText'),
      field(FIELD.specs, 'specs', 'table'),
    ],
    sections: [
      section(SECTION.news, 'news', 'channel', [TYPE.article, TYPE.link]),
      section(SECTION.pages, 'pages', 'structure', [TYPE.page]),
    ],
    volumes: [],
    categoryGroups: [],
    tagGroups: [],
    globalSets: [],
    userGroups: [
      { id: GROUP.editors, uid: 'group-editors', handle: 'editors', name: 'Editors' },
      { id: GROUP.authors, uid: 'group-authors', handle: 'authors', name: 'Authors' },
    ],
    userFields: [],
    imageTransforms: [],
    schemas: [],
  };
  return new ContentModelIndex(model);
}

/** The fixture model, never changing. */
export class StaticModelSource extends ContentModelSource {
  constructor(private readonly model: ContentModelIndex) {
    super();
  }

  get current(): ContentModelIndex {
    return this.model;
  }

  onChange(): () => void {
    return () => undefined;
  }
}

interface ElementSpec {
  id: number;
  kind: string;
  container?: number;
  type?: number;
  owner?: number;
  sortOrder?: number;
  author?: number;
  postDate?: string;
  expiryDate?: string;
  enabled?: boolean;
  archived?: boolean;
  deleted?: string;
  created?: string;
  /** Per site: title, slug, uri, enabled, fields, search text. */
  sites: Record<
    number,
    {
      title?: string;
      slug?: string;
      uri?: string;
      enabled?: boolean;
      fields?: Record<string, unknown>;
      search?: string;
    }
  >;
}

/** User element ids by username (the trigger numbers them). */
export interface FixtureUsers {
  readonly alice: number;
  readonly bob: number;
  readonly carol: number;
}

// eslint-disable-next-line max-lines-per-function -- fixture data: the rows the repository suites read, in one place
export async function insertFixture(db: DrizzleExecutor): Promise<FixtureUsers> {
  await db.execute(sql`INSERT INTO users (uid, login, email, name, org_id, is_disabled, is_service_account, created_at) VALUES
    ('u-alice', 'alice', 'alice@example.com', 'Alice Archer', 1, false, false, '2024-01-01T00:00:00Z'),
    ('u-bob', 'bob', 'bob@craftcms.test', 'Bob Baker', 1, false, false, '2024-01-02T00:00:00Z'),
    ('u-carol', 'carol', 'carol@example.com', 'Carol', 1, true, false, '2024-01-03T00:00:00Z'),
    ('u-robot', 'robot', 'robot@example.com', 'Robot Service', 1, false, true, '2024-01-04T00:00:00Z')`);
  const userRows = await rawRows<{
    login: string;
    element_id: string | number;
    user_id: string | number;
  }>(
    db,
    sql`SELECT u.login, e.id AS element_id, u.id AS user_id FROM users u JOIN content_elements e ON e.user_id = u.id`,
  );
  const userId = (login: string) => Number(userRows.find((row) => row.login === login)!.user_id);
  const elementId = (login: string) =>
    Number(userRows.find((row) => row.login === login)!.element_id);
  const users = { alice: elementId('alice'), bob: elementId('bob'), carol: elementId('carol') };
  await db.execute(sql`INSERT INTO content_user_group_members (group_id, user_id) VALUES
    (${GROUP.editors}, ${userId('alice')}), (${GROUP.authors}, ${userId('bob')}), (${GROUP.authors}, ${userId('alice')})`);

  const entry = (spec: Omit<ElementSpec, 'kind'>): ElementSpec => ({ kind: 'entry', ...spec });
  const both = (
    title: string,
    slug: string,
    fields: Record<string, unknown> = {},
    search = '',
  ) => ({
    [SITE.en]: { title, slug, uri: `news/${slug}`, fields, search: search || `${title} ${slug}` },
    [SITE.de]: { title, slug, uri: `news/${slug}`, fields, search: search || `${title} ${slug}` },
  });
  const elements: ElementSpec[] = [
    entry({
      id: E.hello,
      container: SECTION.news,
      type: TYPE.article,
      author: users.alice,
      postDate: '2024-01-10T09:00:00Z',
      created: '2024-01-10T09:00:00Z',
      sites: {
        [SITE.en]: {
          title: 'Hello World',
          slug: 'hello-world',
          uri: 'news/hello-world',
          fields: {
            rating: 4.5,
            featured: true,
            audiences: ['developers', 'editors'],
            eventDate: '2024-03-01T00:00:00.000Z',
            summary: 'First post about the 50% sale',
          },
          search: 'Hello World hello-world First post about the 50% sale',
        },
        [SITE.de]: {
          title: 'Hallo Welt',
          slug: 'hallo-welt',
          uri: 'news/hallo-welt',
          fields: { rating: 4.5, featured: true, audiences: ['developers', 'editors'] },
          search: 'Hallo Welt hallo-welt',
        },
      },
    }),
    entry({
      id: E.second,
      container: SECTION.news,
      type: TYPE.article,
      author: users.bob,
      postDate: '2024-02-15T09:00:00Z',
      created: '2024-02-15T09:00:00Z',
      sites: both(
        'Second Post',
        'second-post',
        { rating: 3, featured: false, audiences: ['designers'], summary: 'Databases, again' },
        'Second Post second-post Databases again about PostgreSQL databases databases',
      ),
    }),
    entry({
      id: E.pending,
      container: SECTION.news,
      type: TYPE.article,
      author: users.alice,
      postDate: '2099-01-01T00:00:00Z',
      sites: both('Future Post', 'future-post', { rating: 5 }),
    }),
    entry({
      id: E.expired,
      container: SECTION.news,
      type: TYPE.article,
      postDate: '2023-01-01T00:00:00Z',
      expiryDate: '2024-01-01T00:00:00Z',
      sites: both('Old News', 'old-news'),
    }),
    entry({
      id: E.disabled,
      container: SECTION.news,
      type: TYPE.article,
      postDate: '2024-01-20T00:00:00Z',
      enabled: false,
      sites: both('Draft Idea', 'draft-idea'),
    }),
    entry({
      id: E.disabledInDe,
      container: SECTION.news,
      type: TYPE.article,
      postDate: '2024-01-25T00:00:00Z',
      sites: {
        [SITE.en]: { title: 'English Only', slug: 'english-only', uri: 'news/english-only' },
        [SITE.de]: { title: 'Nur Englisch', slug: 'nur-englisch', enabled: false },
      },
    }),
    entry({
      id: E.link,
      container: SECTION.news,
      type: TYPE.link,
      author: users.bob,
      postDate: '2024-03-01T00:00:00Z',
      sites: { [SITE.en]: { title: 'a Link', slug: 'a-link', uri: 'news/a-link' } },
    }),
    entry({
      id: E.trashed,
      container: SECTION.news,
      type: TYPE.article,
      postDate: '2024-01-05T00:00:00Z',
      deleted: '2024-05-01T00:00:00Z',
      sites: both('Binned', 'binned'),
    }),
    entry({
      id: E.archived,
      container: SECTION.news,
      type: TYPE.article,
      postDate: '2024-01-06T00:00:00Z',
      archived: true,
      sites: both('Shelved', 'shelved'),
    }),
    ...[
      [E.about, 'About Us', 'about-us'],
      [E.team, 'Team', 'team'],
      [E.leadership, 'Leadership', 'leadership'],
      [E.services, 'Services', 'services'],
      [E.contact, 'Contact', 'contact'],
    ].map(([id, title, slug]) =>
      entry({
        id: id as number,
        container: SECTION.pages,
        type: TYPE.page,
        postDate: '2024-01-01T00:00:00Z',
        sites: { [SITE.en]: { title: title as string, slug: slug as string, uri: slug as string } },
      }),
    ),
    ...[
      [E.technology, 'Technology', 'technology'],
      [E.ai, 'AI', 'ai'],
      [E.web, 'Web', 'web'],
      [E.culture, 'Culture', 'culture'],
    ].map(([id, title, slug]) => ({
      id: id as number,
      kind: 'category',
      container: GROUP.topics,
      sites: {
        [SITE.en]: { title: title as string, slug: slug as string, uri: `topics/${slug}` },
      },
    })),
    ...[
      [E.zeta, 'zeta'],
      [E.alpha, 'Alpha'],
      [E.beta, 'beta'],
    ].map(([id, title]) => ({
      id: id as number,
      kind: 'tag',
      container: GROUP.keywords,
      sites: { [SITE.en]: { title: title as string, slug: (title as string).toLowerCase() } },
    })),
    ...[
      [E.hero, 'Hero', '2024-01-01T00:00:00Z'],
      [E.doc, 'Doc', '2024-01-02T00:00:00Z'],
      [E.photo, 'Photo', '2024-01-03T00:00:00Z'],
    ].map(([id, title, created]) => ({
      id: id as number,
      kind: 'asset',
      container: VOLUME.images,
      created: created as string,
      sites: { [SITE.en]: { title: title as string }, [SITE.de]: { title: title as string } },
    })),
    {
      id: E.siteInfo,
      kind: 'globalset',
      container: GLOBAL_SET.siteInfo,
      sites: {
        [SITE.en]: { fields: { copyright: 'ACME' } },
        [SITE.de]: { fields: { copyright: 'ACME GmbH' } },
      },
    },
    ...[
      [E.blockB, E.hello, TYPE.textBlock, 2],
      [E.blockA, E.hello, TYPE.quoteBlock, 1],
      [E.blockC, E.second, TYPE.textBlock, 1],
    ].map(([id, owner, type, sortOrder]) => ({
      id,
      kind: 'matrixblock',
      container: FIELD.contentBlocks,
      type,
      owner,
      sortOrder,
      sites: { [SITE.en]: { fields: { text: `block ${id}` } } },
    })),
  ];
  for (const element of elements) {
    await db.execute(sql`INSERT INTO content_elements
      (id, uid, kind, container_id, type_id, owner_id, sort_order, author_id, post_date, expiry_date, enabled, archived, date_created, date_updated, date_deleted)
      VALUES (${element.id}, ${`uid-${element.id}`}, ${element.kind}, ${element.container ?? null}, ${element.type ?? null},
        ${element.owner ?? null}, ${element.sortOrder ?? null}, ${element.author ?? null},
        ${element.postDate ?? null}::timestamptz, ${element.expiryDate ?? null}::timestamptz,
        ${element.enabled ?? true}, ${element.archived ?? false},
        ${element.created ?? '2024-01-01T00:00:00Z'}::timestamptz, '2024-06-01T00:00:00Z'::timestamptz,
        ${element.deleted ?? null}::timestamptz)`);
    for (const [siteId, site] of Object.entries(element.sites)) {
      await db.execute(sql`INSERT INTO content_element_sites
        (element_id, site_id, title, slug, uri, enabled, fields, search_text)
        VALUES (${element.id}, ${Number(siteId)}, ${site.title ?? null}, ${site.slug ?? null}, ${site.uri ?? null},
          ${site.enabled ?? true}, ${JSON.stringify(site.fields ?? {})}::jsonb, ${site.search ?? site.title ?? ''})`);
    }
  }
  // Alice's custom content lives in the English site row only (Bob and Carol have no row).
  await db.execute(sql`INSERT INTO content_element_sites (element_id, site_id, fields, search_text)
    VALUES (${users.alice}, ${SITE.en}, '{"summary": "Editor in chief"}'::jsonb, 'alice Alice Archer')`);
  await db.execute(
    sql`UPDATE content_elements SET photo_id = ${E.photo} WHERE id = ${users.alice}`,
  );

  // Pages: About Us > Team > Leadership, Services, Contact. Topics: Technology > AI, Web; Culture.
  const nodes: [number, number, number, number, number, number][] = [
    [E.about, SECTION.pages, E.about, 1, 6, 1],
    [E.team, SECTION.pages, E.about, 2, 5, 2],
    [E.leadership, SECTION.pages, E.about, 3, 4, 3],
    [E.services, SECTION.pages, E.services, 7, 8, 1],
    [E.contact, SECTION.pages, E.contact, 9, 10, 1],
    [E.technology, GROUP.topics, E.technology, 1, 6, 1],
    [E.ai, GROUP.topics, E.technology, 2, 3, 2],
    [E.web, GROUP.topics, E.technology, 4, 5, 2],
    [E.culture, GROUP.topics, E.culture, 7, 8, 1],
  ];
  for (const [id, structure, root, lft, rgt, level] of nodes) {
    await db.execute(sql`INSERT INTO content_structure_nodes (element_id, structure_id, root_id, lft, rgt, level)
      VALUES (${id}, ${structure}, ${root}, ${lft}, ${rgt}, ${level})`);
  }

  const [rootFolder] = await rawRows<{ id: string | number }>(
    db,
    sql`INSERT INTO content_asset_folders (volume_id, parent_id, path) VALUES (${VOLUME.images}, NULL, '') RETURNING id`,
  );
  const [subFolder] = await rawRows<{ id: string | number }>(
    db,
    sql`INSERT INTO content_asset_folders (volume_id, parent_id, path) VALUES (${VOLUME.images}, ${Number(rootFolder.id)}, 'sub/') RETURNING id`,
  );
  const assets: [
    number,
    number,
    string,
    string,
    string,
    number,
    number | null,
    number | null,
    string | null,
  ][] = [
    [E.hero, Number(rootFolder.id), 'hero.jpg', 'image', 'image/jpeg', 1000, 640, 480, null],
    [E.doc, Number(rootFolder.id), 'doc.pdf', 'pdf', 'application/pdf', 50000, null, null, null],
    [E.photo, Number(subFolder.id), 'photo.png', 'image', 'image/png', 3000, 800, 600, 'A photo'],
  ];
  for (const [id, folder, filename, kind, mime, size, width, height, alt] of assets) {
    await db.execute(sql`INSERT INTO content_assets
      (element_id, volume_id, folder_id, filename, kind, mime_type, size, width, height, focal_x, focal_y, alt, date_modified, uploader_id)
      VALUES (${id}, ${VOLUME.images}, ${folder}, ${filename}, ${kind}, ${mime}, ${size}, ${width}, ${height},
        ${id === E.photo ? 0.25 : null}, ${id === E.photo ? 0.75 : null}, ${alt},
        '2024-01-01T00:00:00Z'::timestamptz, ${id === E.photo ? users.alice : null})`);
  }

  // Relations: [field, source, source site (null: every site), target, sort order].
  const relations: [number, number, number | null, number, number][] = [
    [FIELD.newsCategories, E.hello, null, E.ai, 1],
    [FIELD.newsCategories, E.hello, null, E.technology, 2],
    [FIELD.newsCategories, E.second, null, E.web, 1],
    [FIELD.relatedArticles, E.hello, null, E.second, 1],
    [FIELD.relatedArticles, E.hello, null, E.pending, 2],
    [FIELD.relatedArticles, E.second, null, E.hello, 1],
    [FIELD.heroImage, E.hello, SITE.en, E.hero, 1],
    [FIELD.heroImage, E.hello, SITE.de, E.photo, 1],
    [FIELD.reviewers, E.hello, null, users.alice, 1],
    [FIELD.reviewers, E.hello, null, users.carol, 2],
  ];
  for (const [fieldId, source, sourceSite, target, sortOrder] of relations) {
    // Each row carries its source's post date, as the writers store it (relation-rows.ts).
    await db.execute(sql`INSERT INTO content_relations (field_id, source_id, source_site_id, target_id, sort_order, source_post_date)
      VALUES (${fieldId}, ${source}, ${sourceSite}, ${target}, ${sortOrder}, (SELECT post_date FROM content_elements WHERE id = ${source}))`);
  }
  return users;
}
