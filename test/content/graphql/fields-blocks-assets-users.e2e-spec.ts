import { DATABASE_KINDS } from '../../support/content-queries-world';
import { ATOM, fieldsSuite, UUID } from '../fixtures/fields-world';

/**
 * The fields of matrix blocks, assets, users, categories, tags and global sets (spec §4), over
 * HTTP against the demo content on PGlite and PostgreSQL: block fields through fragments, asset
 * dimensions, focal points and transforms, and every interface field with its exact value.
 */
describe.each(DATABASE_KINDS)('content GraphQL fields (%s)', (kind) => {
  const suite = fieldsSuite(kind);
  const { id, publicData, editorialData } = suite;

  describe('matrix blocks', () => {
    it('MatrixBlockInterface fields, block arguments, fields of each block type', async () => {
      const welcome = id('entry:welcome-to-the-demo');
      const { entry } = await publicData<{
        entry: { blocks: Record<string, unknown>[]; [alias: string]: unknown };
      }>(`{
        entry(slug: "welcome-to-the-demo") {
          ... on news_article_Entry {
            blocks: contentBlocks {
              ... on MatrixBlockInterface {
                id uid enabled status siteId fieldId ownerId primaryOwnerId typeId typeHandle sortOrder
              }
              __typename
            }
            quotes: contentBlocks(type: "quote") {
              ... on contentBlocks_quote_BlockType { quote attribution }
            }
            lastBlock: contentBlocks(inReverse: true, limit: 1) {
              ... on contentBlocks_image_BlockType { image { title width height } }
            }
            secondBlock: contentBlocks(offset: 1, limit: 1) { __typename }
          }
        }
      }`);
      expect(
        entry.blocks.map((block) => [block.__typename, block.typeHandle, block.sortOrder]),
      ).toEqual([
        ['contentBlocks_text_BlockType', 'text', 1],
        ['contentBlocks_quote_BlockType', 'quote', 2],
        ['contentBlocks_image_BlockType', 'image', 3],
      ]);
      const fieldIds = new Set(entry.blocks.map((block) => block.fieldId));
      expect(fieldIds.size).toBe(1);
      for (const block of entry.blocks) {
        expect(block).toMatchObject({
          enabled: true,
          status: 'enabled',
          siteId: suite.site.en,
          ownerId: welcome,
          primaryOwnerId: welcome,
        });
        expect(block.uid).toMatch(UUID);
        expect(typeof block.typeId).toBe('number');
      }
      expect(entry.quotes).toEqual([
        { quote: 'Content is a product, not a by-product.', attribution: 'An editor' },
      ]);
      expect(entry.lastBlock).toEqual([
        { image: [{ title: 'Mountain lake', width: 800, height: 450 }] },
      ]);
      expect(entry.secondBlock).toEqual([{ __typename: 'contentBlocks_quote_BlockType' }]);
    });

    it('blocks answer in the site of their owner', async () => {
      expect(
        await publicData(`{
          entry(slug: "ai-in-the-newsroom", site: "de") {
            ... on news_article_Entry {
              contentBlocks {
                ... on contentBlocks_image_BlockType { image { title } }
                ... on contentBlocks_text_BlockType { text }
              }
            }
          }
        }`),
      ).toEqual({
        entry: {
          contentBlocks: [
            { image: [{ title: 'Diagramm des Inhaltsmodells' }] },
            { text: '<p>The diagram shows how the content model connects the parts.</p>' },
          ],
        },
      });
    });
  });

  describe('assets', () => {
    it('every AssetInterface field of an image with a focal point', async () => {
      const harbour = id('asset:harbour-at-dusk.jpg');
      const { asset } = await editorialData<{ asset: Record<string, unknown> }>(`{
        asset(filename: "harbour-at-dusk.jpg") {
          id uid title slug uri url enabled status siteHandle dateCreated dateUpdated
          uploaderId uploader { username }
          alt volumeId folderId filename extension hasFocalPoint focalPoint kind size
          height width img srcset(sizes: ["1x", "2x", "300w"]) mimeType format path dateModified
          prev { title } next { title }
          __typename
        }
      }`);
      expect(asset.uid).toMatch(UUID);
      expect(asset).toEqual({
        id: String(harbour),
        uid: asset.uid,
        title: 'Harbour at dusk',
        slug: null,
        uri: null,
        url: '/volumes/images/harbour-at-dusk.jpg',
        enabled: true,
        status: 'enabled',
        siteHandle: 'en',
        dateCreated: '2024-01-10T09:00:00+00:00',
        dateUpdated: '2024-01-10T09:00:00+00:00',
        uploaderId: id('user:alice'),
        uploader: { username: 'alice' },
        alt: 'A sailing boat in a harbour at sunset',
        volumeId: asset.volumeId,
        folderId: asset.folderId,
        filename: 'harbour-at-dusk.jpg',
        extension: 'jpg',
        hasFocalPoint: true,
        focalPoint: [0.3, 0.65],
        kind: 'image',
        // Bytes of config/content/seed/files/harbour-at-dusk.jpg.
        size: '6226',
        height: 480,
        width: 640,
        img: '<img src="/volumes/images/harbour-at-dusk.jpg" width="640" height="480" alt="A sailing boat in a harbour at sunset">',
        srcset: [
          '/volumes/images/harbour-at-dusk.jpg',
          '/volumes/images/_1280xAUTO_crop_center-center_none/harbour-at-dusk.jpg 2x',
          '/volumes/images/_300xAUTO_crop_center-center_none/harbour-at-dusk.jpg 300w',
        ].join(', '),
        mimeType: 'image/jpeg',
        format: 'jpg',
        path: 'harbour-at-dusk.jpg',
        dateModified: '2024-01-10T09:00:00+00:00',
        // The asset default order is newest first: the harbour is the oldest.
        prev: { title: 'Mountain lake' },
        next: null,
        __typename: 'images_Asset',
      });
    });

    it('dimensions and URLs of named and ad-hoc transforms; an image in a folder', async () => {
      expect(
        await publicData(`{
          harbour: asset(filename: "harbour-at-dusk.jpg") {
            thumb: url(handle: "thumb") thumbWidth: width(handle: "thumb") thumbHeight: height(handle: "thumb")
            hero: url(transform: "hero") heroFormat: format(handle: "hero")
            small: url(width: 100) smallWidth: width(width: 100) smallHeight: height(width: 100)
            webp: url(format: "webp") webpFormat: format(format: "webp")
          }
          portrait: asset(filename: "editor-portrait.jpg") {
            path url width height hasFocalPoint focalPoint
            square: url(handle: "square") squareWidth: width(handle: "square") squareHeight: height(handle: "square")
          }
          diagram: asset(filename: "content-model-diagram.png") { kind mimeType format extension width height }
        }`),
      ).toEqual({
        harbour: {
          thumb: '/volumes/images/_thumb/harbour-at-dusk.jpg',
          thumbWidth: 200,
          thumbHeight: 200,
          hero: '/volumes/images/_hero/harbour-at-dusk.webp',
          heroFormat: 'webp',
          small: '/volumes/images/_100xAUTO_crop_center-center_none/harbour-at-dusk.jpg',
          smallWidth: 100,
          // 640 × 480 scaled to a width of 100.
          smallHeight: 75,
          webp: '/volumes/images/_AUTOxAUTO_crop_center-center_none/harbour-at-dusk.webp',
          webpFormat: 'webp',
        },
        portrait: {
          path: 'team/editor-portrait.jpg',
          url: '/volumes/images/team/editor-portrait.jpg',
          width: 480,
          height: 640,
          hasFocalPoint: false,
          focalPoint: null,
          square: '/volumes/images/team/_square/editor-portrait.jpg',
          // `fit` inside 300 × 300 keeps the 3:4 ratio.
          squareWidth: 225,
          squareHeight: 300,
        },
        diagram: {
          kind: 'image',
          mimeType: 'image/png',
          format: 'png',
          extension: 'png',
          width: 600,
          height: 600,
        },
      });
    });
  });

  describe('users, categories, tags and global sets', () => {
    it('every UserInterface field', async () => {
      const { alice, bob } = await editorialData<Record<string, Record<string, unknown>>>(`{
        alice: user(username: "alice") {
          id uid title slug uri enabled status siteHandle dateCreated dateUpdated __typename
          photo { title url }
          friendlyName fullName name preferences preferredLanguage username firstName lastName email
        }
        bob: user(username: "bob") { photo { title } friendlyName name firstName lastName }
      }`);
      expect(alice.dateCreated).toMatch(ATOM);
      expect(alice.dateUpdated).toMatch(ATOM);
      expect(typeof alice.uid).toBe('string');
      expect(alice).toEqual({
        id: String(id('user:alice')),
        uid: alice.uid,
        // Users have no title, slug or URI.
        title: null,
        slug: null,
        uri: null,
        enabled: true,
        status: 'active',
        siteHandle: 'en',
        dateCreated: alice.dateCreated,
        dateUpdated: alice.dateUpdated,
        __typename: 'User',
        photo: { title: 'Editor portrait', url: '/volumes/images/team/editor-portrait.jpg' },
        friendlyName: 'Alice',
        fullName: 'Alice Archer',
        name: 'Alice Archer',
        preferences: '{}',
        preferredLanguage: null,
        username: 'alice',
        firstName: 'Alice',
        lastName: 'Archer',
        email: 'alice@example.com',
      });
      expect(bob).toEqual({
        photo: null,
        friendlyName: 'Bob',
        name: 'Bob Baker',
        firstName: 'Bob',
        lastName: 'Baker',
      });
    });

    it('every CategoryInterface field, in both sites', async () => {
      const technology = id('category:technology');
      const { category, german } = await publicData<Record<string, Record<string, unknown>>>(`{
        category(slug: "ai") {
          id title slug uri url status groupId groupHandle lft rgt level root structureId
          parent { title } children { title } descendants { title } ancestors { title }
          localized { title slug uri url siteHandle }
          prev { title } next { title }
          __typename
          ... on topics_Category { summary }
        }
        german: category(slug: "technik", site: "de") {
          title uri children { title slug }
          ... on topics_Category { summary }
        }
      }`);
      expect(category).toEqual({
        id: String(id('category:ai')),
        title: 'Artificial intelligence',
        slug: 'ai',
        uri: 'topics/ai',
        url: 'http://localhost:8080/topics/ai',
        status: 'enabled',
        groupId: category.groupId,
        groupHandle: 'topics',
        lft: 2,
        rgt: 3,
        level: 2,
        root: technology,
        structureId: category.groupId,
        parent: { title: 'Technology' },
        children: [],
        descendants: [],
        ancestors: [{ title: 'Technology' }],
        localized: [
          {
            title: 'Künstliche Intelligenz',
            slug: 'ki',
            // A category group's URI format is not nested: topics/{slug} at every level.
            uri: 'topics/ki',
            url: 'http://localhost:8080/de/topics/ki',
            siteHandle: 'de',
          },
        ],
        prev: { title: 'Technology' },
        next: { title: 'Web' },
        __typename: 'topics_Category',
        summary: 'Machine learning in practice.',
      });
      expect(german).toEqual({
        title: 'Technik',
        uri: 'topics/technik',
        children: [
          { title: 'Künstliche Intelligenz', slug: 'ki' },
          { title: 'Web', slug: 'web' },
        ],
        summary: 'Software, das Web und die Maschinen dahinter.',
      });
    });

    it('every TagInterface and GlobalSetInterface field', async () => {
      const { tag, globalSet } = await publicData<Record<string, Record<string, unknown>>>(`{
        tag(slug: "craft-cms") {
          id title slug uri status groupId groupHandle siteHandle dateCreated __typename
        }
        globalSet(handle: "siteInfo") {
          id title slug uri status enabled name handle siteId language dateUpdated __typename
        }
      }`);
      expect(tag).toEqual({
        id: String(id('tag:craft-cms')),
        title: 'Craft CMS',
        slug: 'craft-cms',
        uri: null,
        status: 'enabled',
        groupId: tag.groupId,
        groupHandle: 'keywords',
        siteHandle: 'en',
        dateCreated: '2024-01-06T08:01:00+00:00',
        __typename: 'keywords_Tag',
      });
      expect(typeof tag.groupId).toBe('number');
      expect(globalSet).toEqual({
        id: String(id('globalSet:siteInfo')),
        // A global set's title is its name.
        title: 'Site information',
        slug: null,
        uri: null,
        status: 'enabled',
        enabled: true,
        name: 'Site information',
        handle: 'siteInfo',
        siteId: suite.site.en,
        language: 'en-US',
        dateUpdated: '2024-01-02T12:00:00+00:00',
        __typename: 'siteInfo_GlobalSet',
      });
    });
  });
});
