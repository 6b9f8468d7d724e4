import type {
  ContentModel,
  EntryType,
  Field,
  GqlSchemaDefinition,
  MatrixBlockType,
  Section,
  SectionSiteSettings,
} from '../model/content-model';
import type { FieldType } from '../model/field-types';
import { ContentModelIndex } from '../model/content-model.index';

/**
 * A hand-made content model shaped like the demo model (/tmp/demo-model.md, config/content/project)
 * with fixed ids, for the unit tests of the GraphQL layer's scope, criteria, loaders and values.
 * Uids are `uid-<kind>-<handle>`.
 */

function field(id: number, handle: string, type: FieldType, extra: Partial<Field> = {}): Field {
  return {
    id,
    uid: `uid-field-${handle}`,
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

function blockType(id: number, handle: string, fields: Field[]): MatrixBlockType {
  return { id, uid: `uid-blockType-${handle}`, handle, name: handle, fields };
}

export const FIELDS = {
  summary: field(10, 'summary', 'plainText', { translatable: true }),
  body: field(11, 'body', 'markdown', { translatable: true }),
  heroImage: field(12, 'heroImage', 'assets', { sources: [40], limit: 1 }),
  gallery: field(13, 'gallery', 'assets'),
  newsCategories: field(14, 'newsCategories', 'categories', { sources: [41] }),
  keywords: field(15, 'keywords', 'tags', { sources: [42] }),
  relatedArticles: field(16, 'relatedArticles', 'entries', { sources: [30] }),
  rating: field(17, 'rating', 'number', { decimals: 1 }),
  featured: field(18, 'featured', 'lightswitch'),
  eventDate: field(19, 'eventDate', 'date'),
  accentColor: field(20, 'accentColor', 'color'),
  layout: field(21, 'layout', 'dropdown', {
    options: [
      { label: 'Wide', value: 'wide', default: false },
      { label: 'Narrow', value: 'narrow', default: true },
    ],
  }),
  audiences: field(22, 'audiences', 'checkboxes', {
    options: [
      { label: 'Developers', value: 'developers', default: false },
      { label: 'Editors', value: 'editors', default: false },
      { label: 'Designers', value: 'designers', default: false },
    ],
  }),
  contactEmail: field(23, 'contactEmail', 'email'),
  website: field(24, 'website', 'url'),
  contentBlocks: field(25, 'contentBlocks', 'matrix', {
    blockTypes: [
      blockType(60, 'text', [field(61, 'text', 'richText')]),
      blockType(62, 'quote', [
        field(63, 'quote', 'plainText'),
        field(64, 'attribution', 'plainText'),
      ]),
      blockType(65, 'image', [field(66, 'image', 'assets', { sources: [40] })]),
    ],
  }),
  specs: field(26, 'specs', 'table', {
    columns: [
      { key: 'col1', handle: 'label', heading: 'Label', type: 'singleline' },
      { key: 'col2', handle: 'value', heading: 'Value', type: 'number' },
    ],
  }),
  copyright: field(27, 'copyright', 'plainText'),
  reviewers: field(28, 'reviewers', 'users'),
  intro: field(29, 'intro', 'richText'),
};

function entryType(
  id: number,
  sectionId: number,
  handle: string,
  fields: Field[],
  sectionHandle: string,
): EntryType {
  return {
    id,
    uid: `uid-entryType-${sectionHandle}.${handle}`,
    handle,
    name: handle,
    sectionId,
    hasTitleField: true,
    titleFormat: '',
    fields,
  };
}

function bothSites(uriFormat: string): SectionSiteSettings[] {
  return [
    { siteId: 1, uriFormat, enabledByDefault: true },
    { siteId: 2, uriFormat, enabledByDefault: true },
  ];
}

function section(
  id: number,
  handle: string,
  type: Section['type'],
  uriFormat: string,
  types: readonly (readonly [number, string, Field[]])[],
): Section {
  return {
    id,
    uid: `uid-section-${handle}`,
    handle,
    name: handle,
    type,
    maxLevels: type === 'structure' ? 3 : null,
    siteSettings: bothSites(uriFormat),
    entryTypes: types.map(([typeId, typeHandle, fields]) =>
      entryType(typeId, id, typeHandle, fields, handle),
    ),
    propagation: 'all',
  };
}

const F = FIELDS;

export const SECTIONS = {
  news: section(30, 'news', 'channel', 'news/{slug}', [
    [
      31,
      'article',
      [
        F.summary,
        F.body,
        F.heroImage,
        F.newsCategories,
        F.keywords,
        F.relatedArticles,
        F.rating,
        F.featured,
        F.contentBlocks,
        F.reviewers,
      ],
    ],
    [32, 'link', [F.website, F.summary]],
  ]),
  pages: section(33, 'pages', 'structure', '{slug}', [
    [34, 'page', [F.intro, F.body, F.gallery, F.specs, F.layout, F.audiences, F.accentColor]],
  ]),
  homepage: section(35, 'homepage', 'single', '__home__', [
    [36, 'homepage', [F.intro, F.heroImage, F.featured]],
  ]),
  about: section(37, 'about', 'single', 'about', [
    [38, 'about', [F.body, F.contactEmail, F.eventDate]],
  ]),
};

function schema(
  id: number,
  handle: string,
  isPublic: boolean,
  scope: string[],
): GqlSchemaDefinition {
  return {
    id,
    uid: `uid-schema-${handle}`,
    handle,
    name: handle,
    isPublic,
    scope,
    enabled: true,
    expiryDate: null,
  };
}

const PUBLIC_SCOPE = [
  'sites.uid-site-en:read',
  'sites.uid-site-de:read',
  'sections.uid-section-news:read',
  'entrytypes.uid-entryType-news.article:read',
  'entrytypes.uid-entryType-news.link:read',
  'sections.uid-section-pages:read',
  'entrytypes.uid-entryType-pages.page:read',
  'sections.uid-section-homepage:read',
  'entrytypes.uid-entryType-homepage.homepage:read',
  'sections.uid-section-about:read',
  'entrytypes.uid-entryType-about.about:read',
  'volumes.uid-volume-images:read',
  'categorygroups.uid-categoryGroup-topics:read',
  'taggroups.uid-tagGroup-keywords:read',
  'globalsets.uid-globalSet-siteInfo:read',
];

export const SCHEMAS = {
  public: schema(50, 'public', true, PUBLIC_SCOPE),
  editorial: schema(51, 'editorial', false, [
    ...PUBLIC_SCOPE,
    'usergroups.everyone:read',
    'elements.inactive:read',
  ]),
  partner: schema(52, 'partner', false, [
    'sites.uid-site-en:read',
    'sections.uid-section-news:read',
    'entrytypes.uid-entryType-news.article:read',
    'volumes.uid-volume-images:read',
  ]),
};

export const DEMO_MODEL: ContentModel = {
  version: 'test-model',
  sites: [
    {
      id: 1,
      uid: 'uid-site-en',
      handle: 'en',
      name: 'English',
      language: 'en-US',
      primary: true,
      baseUrl: 'http://localhost:8080/',
    },
    {
      id: 2,
      uid: 'uid-site-de',
      handle: 'de',
      name: 'Deutsch',
      language: 'de-DE',
      primary: false,
      baseUrl: 'http://localhost:8080/de/',
    },
  ],
  fields: Object.values(FIELDS),
  sections: Object.values(SECTIONS),
  volumes: [
    {
      id: 40,
      uid: 'uid-volume-images',
      handle: 'images',
      name: 'Images',
      path: '/tmp/volumes/images',
      baseUrl: '/volumes/images',
      fields: [],
    },
  ],
  categoryGroups: [
    {
      id: 41,
      uid: 'uid-categoryGroup-topics',
      handle: 'topics',
      name: 'Topics',
      maxLevels: 2,
      siteSettings: bothSites('topics/{slug}'),
      fields: [F.summary],
    },
  ],
  tagGroups: [
    { id: 42, uid: 'uid-tagGroup-keywords', handle: 'keywords', name: 'Keywords', fields: [] },
  ],
  globalSets: [
    {
      id: 43,
      uid: 'uid-globalSet-siteInfo',
      handle: 'siteInfo',
      name: 'Site information',
      fields: [F.copyright, F.contactEmail],
    },
  ],
  userGroups: [
    { id: 3, uid: 'uid-userGroup-editors', handle: 'editors', name: 'Editors' },
    { id: 4, uid: 'uid-userGroup-authors', handle: 'authors', name: 'Authors' },
  ],
  userFields: [],
  imageTransforms: [],
  schemas: Object.values(SCHEMAS),
};

export function demoModel(): ContentModelIndex {
  return new ContentModelIndex(DEMO_MODEL);
}

/** A schema definition with another scope, for scope tests. */
export function schemaWithScope(scope: string[]): GqlSchemaDefinition {
  return schema(99, 'test', false, scope);
}
