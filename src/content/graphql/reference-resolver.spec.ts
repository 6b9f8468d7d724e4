import type { ElementReference } from '../directives/directive-functions';
import type { GqlSchemaDefinition, Volume } from '../model/content-model';
import type { AssetProperties, ElementRecord, UserProperties } from '../store/element-record';
import { AssetFiles } from '../transforms/asset-files';
import type { TransformedImage } from '../transforms/asset-files';
import { createReferenceResolver } from './reference-resolver';
import { element, RecordingElementReader } from './request-loaders.recording-reader.fixtures';
import { ScopeGrants } from './scope-grants';
import { demoModel, SCHEMAS, schemaWithScope } from './scope-grants.fixtures';

const model = demoModel();

/** Original URLs only: enough for reference tags. */
class UrlOnlyAssetFiles extends AssetFiles {
  url(asset: ElementRecord, volume: Volume): string {
    return `${volume.baseUrl}/${asset.asset?.folderPath ?? ''}${asset.asset?.filename ?? ''}`;
  }

  transform(): Promise<TransformedImage | null> {
    return Promise.resolve(null);
  }

  srcset(): Promise<string | null> {
    return Promise.resolve(null);
  }
}

const UID = '6f1c0a4e-2b3d-4c5e-8f90-1a2b3c4d5e6f';

const asset: AssetProperties = {
  folderId: 1,
  folderPath: 'photos/',
  filename: 'Lake.JPG',
  kind: 'image',
  mimeType: 'image/jpeg',
  size: 1234,
  width: 800,
  height: 600,
  focalPoint: null,
  alt: null,
  dateModified: new Date('2024-01-01T00:00:00Z'),
  uploaderId: null,
};

const user: UserProperties = {
  identityUserId: 1,
  username: 'ada',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  groupIds: [3],
  photoId: null,
  preferences: {},
  suspended: false,
};

const ELEMENTS: ElementRecord[] = [
  element(100, 'entry', 1, {
    containerId: 30,
    typeId: 31,
    slug: 'hello',
    uri: 'news/hello',
    title: 'Hello',
    fields: { rating: 4.5, featured: false, summary: null },
    postDate: new Date('2024-01-15T10:00:00Z'),
  }),
  element(100, 'entry', 2, {
    containerId: 30,
    typeId: 31,
    slug: 'hallo',
    uri: 'news/hallo',
    title: 'Hallo',
  }),
  element(101, 'entry', 1, {
    uid: UID,
    containerId: 33,
    typeId: 34,
    slug: 'hello',
    uri: 'hello',
    title: 'Page',
  }),
  element(102, 'entry', 1, {
    containerId: 33,
    typeId: 34,
    slug: 'specs',
    fields: { audiences: ['developers', 'editors'], specs: [] },
  }),
  element(200, 'asset', 1, { containerId: 40, asset }),
  element(300, 'user', 1, { user }),
  element(400, 'globalset', 1, { containerId: 43, fields: { copyright: '© 2024' } }),
  element(500, 'category', 1, { containerId: 41, slug: 'tech', uri: 'topics/tech' }),
];

function resolver(definition: GqlSchemaDefinition = SCHEMAS.editorial) {
  const reader = new RecordingElementReader(ELEMENTS);
  const grants = new ScopeGrants(definition, model);
  return {
    reader,
    resolve: createReferenceResolver({
      model,
      grants,
      reader,
      assetFiles: new UrlOnlyAssetFiles(),
    }),
  };
}

function ref(
  kind: string,
  identifier: string,
  property: string | null = null,
  site: string | null = null,
): ElementReference {
  return { kind, identifier, site, property };
}

describe('createReferenceResolver', () => {
  it('resolves ids, uids and section/slug references to URLs and properties', async () => {
    const { resolve } = resolver();
    expect(
      await resolve([
        ref('entry', '100'),
        ref('entry', '100', 'title'),
        ref('entry', UID, 'title'),
        ref('entry', 'news/hello', 'url'),
        ref('entry', 'pages/hello', 'title'),
        ref('entry', 'hello', 'id'),
        ref('category', 'topics/tech'),
      ]),
    ).toEqual([
      'http://localhost:8080/news/hello',
      'Hello',
      'Page',
      'http://localhost:8080/news/hello',
      'Page',
      '100',
      'http://localhost:8080/topics/tech',
    ]);
  });

  it('casts like PHP: numbers, false as empty, option lists joined; unset or unknown properties give the URL', async () => {
    const { resolve } = resolver();
    expect(
      await resolve([
        ref('entry', '100', 'rating'),
        ref('entry', '100', 'featured'),
        ref('entry', '100', 'summary'),
        ref('entry', '100', 'nope'),
        ref('entry', '102', 'audiences'),
        ref('entry', '102', 'specs'),
        ref('entry', '100', 'postDate'),
        ref('entry', '102'),
      ]),
    ).toEqual([
      '4.5',
      '',
      'http://localhost:8080/news/hello',
      'http://localhost:8080/news/hello',
      'developers, editors',
      null,
      null,
      '',
    ]);
  });

  it('reads other sites with @site, and other element kinds', async () => {
    const { resolve } = resolver();
    expect(
      await resolve([
        ref('entry', '100', 'title', 'de'),
        ref('entry', '100', 'title', '2'),
        ref('entry', '100', 'title', 'fr'),
        ref('asset', '200'),
        ref('asset', '200', 'extension'),
        ref('asset', '200', 'width'),
        ref('user', 'ada', 'email'),
        ref('user', 'ada@example.com', 'name'),
        ref('globalset', 'siteInfo', 'copyright'),
        ref('globalset', 'siteInfo', 'name'),
        ref('tag', 'nothing'),
        ref('widget', '1'),
      ]),
    ).toEqual([
      'Hallo',
      'Hallo',
      null,
      '/volumes/images/photos/Lake.JPG',
      'jpg',
      '800',
      'ada@example.com',
      'Ada Lovelace',
      '© 2024',
      'Site information',
      null,
      null,
    ]);
  });

  it('looks up one store query per kind and identifier form', async () => {
    const { resolve, reader } = resolver();
    await resolve([
      ref('entry', '100'),
      ref('entry', '101', 'title', 'de'),
      ref('entry', 'news/hello'),
      ref('asset', '200'),
    ]);
    expect(reader.calls).toHaveLength(3);
    const byId = reader.calls.find(
      (call) => call.criteria?.kind === 'entry' && call.criteria.id !== undefined,
    );
    expect(byId?.criteria).toMatchObject({ id: [100, 101], siteIds: [1, 2], status: null });
  });

  it('applies the scope: unreadable kinds, sections and sites stay unresolved', async () => {
    const partner = resolver(SCHEMAS.partner);
    expect(
      await partner.resolve([
        ref('entry', '100', 'title'),
        ref('entry', '101', 'title'),
        ref('entry', '100', 'title', 'de'),
        ref('user', 'ada', 'email'),
        ref('globalset', 'siteInfo', 'copyright'),
      ]),
    ).toEqual(['Hello', null, null, null, null]);
    expect(partner.reader.calls).toHaveLength(1);
    expect(partner.reader.calls[0].criteria).not.toHaveProperty('status');
    const noUsers = resolver(schemaWithScope(['sections.news:read']));
    expect(await noUsers.resolve([ref('user', '300', 'email')])).toEqual([null]);
  });
});
