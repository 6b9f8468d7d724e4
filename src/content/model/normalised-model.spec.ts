import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentModel } from './yaml/project.loader';
import { ContentModelError } from './yaml/problems';
import { BASE_FILES, LOAD_OPTIONS, projectDirs } from './yaml/project.fixtures';
import { deriveUid } from './yaml/item-uid';

const project = projectDirs();

describe('the normalised model', () => {
  it('gathers a kind spread over several files in file name order', () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'a/extra.yaml': 'fields:\n  - { handle: first, name: First, type: number }\n',
        'z.yml': 'fields:\n  - { handle: last, name: Last, type: lightswitch }\n',
      }),
      LOAD_OPTIONS,
    );
    expect(model.fields.map((f) => f.handle)).toEqual(['first', 'summary', 'body', 'last']);
  });

  it('derives the same uids on every load, keeps given ones, and changes the version with the YAML', () => {
    const dir = project({
      ...BASE_FILES,
      'schemas.yaml': `
graphqlSchemas:
  - { handle: api, name: API, uid: 6F1C3E0A-8F7B-4C1D-9E2A-3B4C5D6E7F80 }
`,
    });
    const first = loadContentModel(dir, LOAD_OPTIONS);
    const second = loadContentModel(dir, LOAD_OPTIONS);
    expect(second).toEqual(first);
    expect(first.model.sites[0].uid).toBe(deriveUid('site', 'en'));
    expect(first.model.sections[0].entryTypes.map((t) => t.uid)).toEqual([
      deriveUid('entryType', 'news.article'),
      deriveUid('entryType', 'news.link'),
    ]);
    expect(first.model.schemas[0].uid).toBe('6f1c3e0a-8f7b-4c1d-9e2a-3b4c5d6e7f80');
    expect(first.version).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(dir, 'sites.yaml'), BASE_FILES['sites.yaml'].replace('Deutsch', 'German'));
    expect(loadContentModel(dir, LOAD_OPTIONS).version).not.toBe(first.version);
  });

  it('derives block type and block field uids from their owners', () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'm.yaml': `
fields:
  - handle: blocks
    name: Blocks
    type: matrix
    blockTypes:
      - { handle: quote, name: Quote, fields: [{ handle: text, name: Text, type: plainText }] }
`,
      }),
      LOAD_OPTIONS,
    );
    const blocks = model.fields.find((f) => f.handle === 'blocks')!;
    expect(blocks.blockTypes[0].uid).toBe(deriveUid('blockType', 'blocks.quote'));
    expect(blocks.blockTypes[0].fields[0].uid).toBe(deriveUid('field', 'blocks.quote.text'));
  });

  it('fills defaults: site URLs end in /, volume paths and URLs, section sites, schema flags', () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'z-more.yaml': `
volumes:
  - { handle: docs, name: Docs }
  - { handle: cdn, name: CDN, path: files/cdn, baseUrl: 'https://cdn.example.com/files/' }
sections:
  - handle: pages
    name: Pages
    type: structure
    uriFormat: '{slug}'
    enabledByDefault: false
    sites: [de, { site: en, uriFormat: 'en/{slug}', enabledByDefault: true }]
    entryTypes: [{ handle: page, name: Page, hasTitleField: false, titleFormat: '{summary}' }]
graphqlSchemas:
  - { handle: a, name: A }
  - { handle: b, name: B, public: true, enabled: false, expiryDate: '2030-01-31' }
  - { handle: c, name: C, expiryDate: '2030-01-31T12:30:00' }
  - { handle: d, name: D, expiryDate: '2030-01-31T12:30:00+02:00' }
`,
      }),
      LOAD_OPTIONS,
    );
    expect(model.sites.map((s) => s.baseUrl)).toEqual([
      'https://example.com/',
      'https://example.com/de/',
    ]);
    expect(model.volumes.map((v) => [v.path, v.baseUrl])).toEqual([
      ['/srv/volumes/docs', '/volumes/docs'],
      [join('/srv/app', 'files/cdn'), 'https://cdn.example.com/files'],
    ]);
    const [news, pages] = model.sections;
    expect(news.siteSettings.map((s) => s.uriFormat)).toEqual(['news/{slug}', 'news/{slug}']);
    expect(news.propagation).toBe('all');
    expect(pages.maxLevels).toBeNull();
    expect(pages.siteSettings).toEqual([
      { siteUid: deriveUid('site', 'de'), uriFormat: '{slug}', enabledByDefault: false },
      { siteUid: deriveUid('site', 'en'), uriFormat: 'en/{slug}', enabledByDefault: true },
    ]);
    expect(pages.entryTypes[0]).toMatchObject({ hasTitleField: false, titleFormat: '{summary}' });
    expect(model.schemas.map((s) => [s.isPublic, s.enabled, s.expiryDate])).toEqual([
      [false, true, null],
      [true, false, '2030-01-31T00:00:00.000Z'],
      [false, true, '2030-01-31T12:30:00.000Z'],
      [false, true, '2030-01-31T10:30:00.000Z'],
    ]);
    // No sites named: every site is readable.
    expect(model.schemas[0].scope).toEqual(
      [`sites.${deriveUid('site', 'de')}:read`, `sites.${deriveUid('site', 'en')}:read`].sort(),
    );
  });

  it('says when the project directory is missing', () => {
    expect(() => loadContentModel('/nonexistent/project', LOAD_OPTIONS)).toThrow(
      new ContentModelError([
        'content project directory /nonexistent/project does not exist or is not a directory',
      ]),
    );
  });
});
