import type { ContentModel, ImageTransform } from '../model/content-model';
import { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';
import type { AssetProperties, ElementRecord, UserProperties } from '../store/element-record';
import { element } from './request-loaders.recording-reader.fixtures';
import type { RelationRow } from './request-loaders.recording-reader.fixtures';
import { DEMO_MODEL, FIELDS } from './scope-grants.fixtures';

/**
 * Fixtures for executing operations in-process: the demo model (scope-grants.fixtures.ts) with a
 * real volume directory and named transforms, a model source that can swap models, and a small
 * set of demo elements and relations for the recording store double.
 */

const TRANSFORMS: ImageTransform[] = [
  {
    id: 70,
    uid: 'uid-transform-thumb',
    handle: 'thumb',
    name: 'Thumb',
    width: 200,
    height: 200,
    mode: 'crop',
    position: 'center-center',
    quality: 80,
    format: null,
    interlace: 'none',
  },
];

export function executionModel(volumePath: string, version = 'test-model'): ContentModelIndex {
  const model: ContentModel = {
    ...DEMO_MODEL,
    version,
    volumes: DEMO_MODEL.volumes.map((volume) => ({ ...volume, path: volumePath })),
    imageTransforms: TRANSFORMS,
  };
  return new ContentModelIndex(model);
}

/** A model source whose model a test replaces (listeners run, as after a YAML change). */
export class SwappableModelSource extends ContentModelSource {
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
    for (const listener of this.listeners) listener(model);
  }
}

const EN = 1;
const DE = 2;

function entry(
  id: number,
  siteId: number,
  sectionId: number,
  typeId: number,
  extra: Partial<ElementRecord>,
): ElementRecord {
  return element(id, 'entry', siteId, { containerId: sectionId, typeId, ...extra });
}

function asset(
  id: number,
  properties: Partial<AssetProperties> & { filename: string },
): ElementRecord {
  return element(id, 'asset', EN, {
    containerId: 40,
    title: properties.filename,
    asset: {
      folderId: 1,
      folderPath: '',
      kind: 'image',
      mimeType: 'image/png',
      size: 1234,
      width: null,
      height: null,
      focalPoint: null,
      alt: null,
      dateModified: new Date('2024-01-01T00:00:00Z'),
      uploaderId: 500,
      ...properties,
    },
  });
}

const ADA: UserProperties = {
  identityUserId: 7,
  username: 'ada',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  groupIds: [3],
  photoId: 200,
  preferences: { language: 'en-GB' },
  suspended: false,
};

/** The demo elements: articles, a link, pages in a tree, a single, an image, a PDF and more. */
export function demoElements(): ElementRecord[] {
  const article = {
    title: 'Hello world',
    slug: 'hello-world',
    uri: 'news/hello-world',
    authorId: 500,
    postDate: new Date('2024-01-15T10:05:00Z'),
    fields: {
      summary: '  A <b>short</b> summary  ',
      body: 'Some *markdown* with a {entry:104:title} reference.',
      rating: 4.5,
      featured: true,
    },
  };
  return [
    entry(100, EN, 30, 31, article),
    entry(100, DE, 30, 31, {
      ...article,
      title: 'Hallo Welt',
      slug: 'hallo-welt',
      uri: 'news/hallo-welt',
    }),
    entry(101, EN, 30, 32, {
      title: 'A link',
      uri: 'news/a-link',
      fields: { website: 'https://example.com' },
    }),
    entry(102, EN, 33, 34, {
      title: 'Root page',
      uri: 'root',
      structure: { structureId: 33, lft: 1, rgt: 4, level: 1, root: 102 },
      fields: {
        layout: 'wide',
        audiences: ['developers', 'editors'],
        specs: [
          { col1: 'Width', col2: '12' },
          { col1: 'Depth', col2: '' },
        ],
      },
    }),
    entry(103, EN, 33, 34, {
      title: 'Child page',
      uri: 'root/child',
      structure: { structureId: 33, lft: 2, rgt: 3, level: 2, root: 102 },
    }),
    entry(104, EN, 37, 38, {
      title: 'About us',
      uri: 'about',
      fields: { eventDate: '2024-06-01T18:30:00Z', contactEmail: 'hello@example.com' },
    }),
    entry(105, EN, 35, 36, { title: 'Home', uri: '__home__', fields: { featured: false } }),
    asset(200, { filename: 'photo.png', width: 400, height: 300, alt: 'A photo' }),
    asset(201, { filename: 'doc.pdf', kind: 'pdf', mimeType: 'application/pdf' }),
    element(300, 'category', EN, { containerId: 41, title: 'Tech', uri: 'topics/tech' }),
    element(310, 'tag', EN, { containerId: 42, title: 'graphql' }),
    element(320, 'globalset', EN, {
      containerId: 43,
      title: 'Site information',
      fields: { copyright: '© 2024' },
    }),
    element(500, 'user', EN, { title: null, user: ADA }),
    element(400, 'matrixblock', EN, {
      containerId: 25,
      typeId: 62,
      ownerId: 100,
      sortOrder: 1,
      fields: { quote: 'To be', attribution: 'Hamlet' },
    }),
    element(401, 'matrixblock', EN, {
      containerId: 25,
      typeId: 60,
      ownerId: 100,
      sortOrder: 2,
      fields: { text: '<p>Text</p>' },
    }),
  ];
}

export const DEMO_RELATIONS: RelationRow[] = [
  { fieldId: FIELDS.heroImage.id, sourceId: 100, targetId: 200 },
  { fieldId: FIELDS.newsCategories.id, sourceId: 100, targetId: 300 },
  { fieldId: FIELDS.keywords.id, sourceId: 100, targetId: 310 },
  { fieldId: FIELDS.reviewers.id, sourceId: 100, targetId: 500 },
];

/** Structure parents: child id → parent id. */
export const DEMO_PARENTS: ReadonlyMap<number, number> = new Map([[103, 102]]);

export { DE, EN };
